import { QUERY_RULE_LABELS, QUERY_RULES, superQueryStorageKey } from '@go/contract/query';
import type { SavedQuery, SuperQueryRecord, SuperQueryRule } from './types';

/** The advanced query's rules (docs/system-admin.md, "List query conventions") with the labels of the stock builder. */
export const SUPER_QUERY_RULES: { value: SuperQueryRule; label: string }[] = QUERY_RULES.map((r) => ({
  value: r,
  label: QUERY_RULE_LABELS[r],
}));

/** Switching a rule: `in` holds several values; switching away keeps the first. */
export function switchRule(record: SuperQueryRecord, rule: SuperQueryRule): SuperQueryRecord {
  if (rule === 'in') {
    const v = Array.isArray(record.val) ? record.val : record.val ? [record.val] : [];
    return { ...record, rule, val: v };
  }
  const v = Array.isArray(record.val) ? (record.val[0] ?? '') : record.val;
  return { ...record, rule, val: v };
}

export function isFilled(r: SuperQueryRecord): boolean {
  if (!r.field || !r.rule) return false;
  return Array.isArray(r.val) ? r.val.length > 0 : String(r.val ?? '').trim() !== '';
}

/** Saved queries of one list in localStorage (reference §5 JSuperQuery). */
export function loadSaved(saveCode: string): SavedQuery[] {
  try {
    const raw = localStorage.getItem(superQueryStorageKey(saveCode));
    const v = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(v) ? (v as SavedQuery[]).filter((q) => q && typeof q.title === 'string') : [];
  } catch {
    return [];
  }
}

export function storeSaved(saveCode: string, list: SavedQuery[]): void {
  localStorage.setItem(superQueryStorageKey(saveCode), JSON.stringify(list));
}
