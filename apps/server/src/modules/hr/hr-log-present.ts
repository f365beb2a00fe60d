/**
 * The change log as people read it (档案变更记录, 用户日志): Chinese field labels from the contract's
 * label map, dictionary texts, department and position names instead of codes, and no line that
 * changes nothing. Rows written before these rules are read the same way.
 */
import { HY_LOG_LABELS, HY_LOG_OPAQUE_FIELDS } from '@go/contract';
import type { Database } from '../../platform/db/database.js';
import type { Translator } from '../../platform/query/present.js';

/** A stored change-log row (values already masked where sensitive). */
export interface StoredLog {
  hyUserId: string | null;
  action: string;
  field: string | null;
  fieldLabel: string | null;
  oldValue: string | null;
  newValue: string | null;
  createTime: string;
}

/** Dictionaries of the file's coded fields (as `DICT_FIELDS` of the HR service). */
export type DictFields = Record<string, string>;

/** What a presented row adds: the label and the two values in words (null = empty). */
export type LogTexts = {
  fieldLabel: string | null;
  oldText: string | null;
  newText: string | null;
};

const hasChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);

/**
 * Whether a stored row says nothing changed: a field with the same value before and after (older rows:
 * 状态 正式 → 正式). A field row without either value is an event (查看敏感信息), not a change.
 */
export function isNoChange(r: Pick<StoredLog, 'field' | 'oldValue' | 'newValue'>): boolean {
  return !!r.field && r.oldValue !== null && r.oldValue === r.newValue;
}

/**
 * Presents a page of log rows: labels, value texts, and drops lines that say nothing (same text before
 * and after, or the same change twice in one move — a department's code and its name).
 */
export async function presentLogs<T extends StoredLog>(
  db: Database,
  translate: Translator,
  dictFields: DictFields,
  actionText: Record<string, string>,
  rows: T[],
): Promise<(T & LogTexts)[]> {
  const orgCodes = new Set<string>();
  const posts = new Set<string>();
  for (const r of rows) {
    for (const v of [r.oldValue, r.newValue]) {
      if (!v) continue;
      if (r.field === 'orgCode') orgCodes.add(v);
      if (r.field === 'post') posts.add(v);
    }
  }
  const departs = orgCodes.size
    ? new Map(
        (await db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('orgCode', 'in', [...orgCodes]).execute()).map((d) => [
          d.orgCode,
          d.departName,
        ]),
      )
    : new Map<string, string>();
  const positions = posts.size
    ? new Map((await db.selectFrom('sysPosition').select(['code', 'name']).where('code', 'in', [...posts]).execute()).map((p) => [p.code, p.name]))
    : new Map<string, string>();
  const dictTexts = new Map<string, string>();
  const textOf = async (field: string, v: string | null): Promise<string | null> => {
    if (v === null || v === '') return null;
    if (field === 'orgCode') return departs.get(v) ?? '其他部门';
    if (field === 'post') return positions.get(v) ?? v;
    if (field === 'pendingMove') return actionText[v] ?? v;
    const code = dictFields[field];
    if (!code) return v;
    const key = `${code}\u0000${v}`;
    if (!dictTexts.has(key)) dictTexts.set(key, await translate(code, v));
    return dictTexts.get(key) ?? v;
  };

  // rows of one move share file, action and time: a no-change row of a move recorded by other rows is
  // dropped; a move that is recorded by nothing else keeps its line, as the move alone
  const group = (r: StoredLog) => [r.hyUserId, r.action, r.createTime].join('\u0000');
  const changed = new Set(rows.filter((r) => !isNoChange(r)).map(group));
  const actionOnly = (r: T): T & LogTexts => ({ ...r, fieldLabel: null, oldText: null, newText: null });

  const out: (T & LogTexts)[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (isNoChange(r)) {
      if (!changed.has(group(r))) {
        changed.add(group(r));
        out.push(actionOnly(r));
      }
      continue;
    }
    if (!r.field || (r.oldValue === null && r.newValue === null)) {
      // an event: its stored label says what happened (查看敏感信息)
      out.push({ ...r, fieldLabel: r.fieldLabel && hasChinese(r.fieldLabel) ? r.fieldLabel : null, oldText: null, newText: null });
      continue;
    }
    const label = HY_LOG_LABELS[r.field] ?? (r.fieldLabel && hasChinese(r.fieldLabel) ? r.fieldLabel : null);
    // a field nobody named is internal bookkeeping: the move itself is listed by its other rows
    if (!label) continue;
    let oldText: string | null;
    let newText: string | null;
    if (HY_LOG_OPAQUE_FIELDS.includes(r.field)) {
      oldText = null;
      newText = '已更新';
    } else {
      oldText = await textOf(r.field, r.oldValue);
      newText = await textOf(r.field, r.newValue);
      if ((oldText ?? '') === (newText ?? '')) continue;
    }
    const key = [group(r), label, oldText, newText].join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...r, fieldLabel: label, oldText, newText });
  }
  return out;
}
