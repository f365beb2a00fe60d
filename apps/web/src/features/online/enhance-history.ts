import { ls } from '../../app/session/storage';

/** Enhance records kept per form code (docs/online.md: capped at the latest 16 per code). */
export const ENHANCE_HISTORY_CAP = 16;

/** One saved version of a form's enhance (JS or SQL), kept in this browser as `enhance_<code>`. */
export interface EnhanceRecord {
  code: string;
  /** Which enhance: JS of the list or the form, SQL of a button. */
  type: string;
  /** Save time, ms since the epoch. */
  date: number;
  str: string;
}

const key = (code: string) => `enhance_${code}`;

/** The records of one form code, oldest first. */
export function enhanceRecords(code: string): EnhanceRecord[] {
  const list = ls.get<EnhanceRecord[]>(key(code), []);
  return Array.isArray(list) ? list : [];
}

/** Adds a record to its code's list; the oldest leave so that at most ENHANCE_HISTORY_CAP remain. */
export function addEnhanceRecord(record: EnhanceRecord): EnhanceRecord[] {
  const list = [...enhanceRecords(record.code), { ...record }];
  while (list.length > ENHANCE_HISTORY_CAP) list.shift();
  ls.set(key(record.code), list);
  return list;
}

/** The versions of one enhance type, newest first, numbered in save order (查看历史版本). */
export function enhanceVersions(code: string, type: string): (EnhanceRecord & { index: number })[] {
  return enhanceRecords(code)
    .filter((r) => r.type === type)
    .map((r, i) => ({ ...r, index: i + 1 }))
    .sort((a, b) => b.date - a.date);
}
