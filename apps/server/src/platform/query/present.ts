/**
 * Presenting list rows: `<field>_dictText` translation (reference §4.1) and removal of secret columns.
 * List endpoints never return raw rows: they pick their columns and pass them through here.
 */
export type Translator = (dictCode: string, value: unknown) => Promise<string>;

/** Fields of a row that are never sent to a client. */
export const SECRET_FIELDS = ['password', 'salt', 'dbPassword'] as const;

export function stripSecrets<T extends Record<string, unknown>>(row: T): T {
  const out = { ...row };
  for (const f of SECRET_FIELDS) delete (out as Record<string, unknown>)[f];
  return out;
}

/** Adds `<field>_dictText` for each field with a dictionary (comma-separated values translated one by one). */
export async function withDictText<T extends Record<string, unknown>, K extends string = string>(
  rows: T[],
  dictFields: Record<K, string>,
  translate: Translator,
): Promise<(T & Record<string, unknown> & Record<`${K}_dictText`, string>)[]> {
  const entries: [string, string][] = Object.entries(dictFields);
  const out: (T & Record<string, unknown> & Record<`${K}_dictText`, string>)[] = [];
  for (const row of rows) {
    const r: Record<string, unknown> = stripSecrets(row);
    for (const [field, code] of entries) {
      const v = row[field];
      r[`${field}_dictText`] = v === null || v === undefined || v === '' ? '' : await translate(code, v);
    }
    out.push(r as T & Record<string, unknown> & Record<`${K}_dictText`, string>);
  }
  return out;
}
