import { ERROR_TEXTS } from '@go/contract';

/** Tries after the first before a sub table's opening gives up (docs/online.md: fails after 3 retries). */
export const SUB_TABLE_OPEN_RETRIES = 3;

/**
 * Opens (loads) a record's sub tables, trying again up to SUB_TABLE_OPEN_RETRIES times `delayMs` apart;
 * when every try failed it rejects with 打开子表失败 (the last failure as its cause).
 */
export async function openSubTables<T>(load: () => Promise<T>, delayMs = 300, retries = SUB_TABLE_OPEN_RETRIES): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await load();
    } catch (e) {
      last = e;
      if (attempt < retries) await new Promise((r) => setTimeout(r, delayMs));
    }
  }
  throw new Error(ERROR_TEXTS.subTableOpenFailed, { cause: last });
}
