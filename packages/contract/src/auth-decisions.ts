/**
 * Client-side permission decisions (reference frontend-behaviour §1). Pure functions over the two lists of
 * the permission load: `auth` (the user's own button permissions, only active ones) and `allAuth` (every
 * button permission of the system with its rule status). The server still enforces every permission.
 *
 * `type` "1" = show/hide, "2" = disable only; `status` "1" = rule active, "0" = rule off (nobody restricted).
 */
export interface AuthItem {
  action: string;
  type?: string;
  describe?: string;
}
export interface AllAuthItem extends AuthItem {
  status?: string;
}

function splitActions(list: readonly AuthItem[] | undefined, pick: (e: AuthItem) => boolean): string[] {
  const out: string[] = [];
  for (const e of list ?? []) {
    if (!e || !e.action || !pick(e)) continue;
    for (const a of String(e.action).split(',')) if (a) out.push(a);
  }
  return out;
}

/**
 * `v-has`: whether an element guarded by `code` is shown.
 * 0. a non-type-2 node-level entry with this action → show;
 * 1. the first matching `allAuth` entry has status "0" (rule off) → show;
 * 2. the user's non-type-2 list is empty → hide;
 * 3. show only if the code is among the user's actions (comma-separated actions split).
 * An undeclared code is therefore hidden (default deny).
 */
export function canShow(
  code: string,
  auth: readonly AuthItem[] | undefined,
  allAuth: readonly AllAuthItem[] | undefined,
  nodeList?: readonly AuthItem[],
): boolean {
  if (!code) return false;
  if ((nodeList ?? []).some((e) => e && e.type !== '2' && e.action === code)) return true;
  const global = (allAuth ?? []).find((e) => e && e.action === code);
  if (global && global.status === '0') return true;
  const mine = splitActions(auth, (e) => e.type !== '2');
  if (mine.length === 0) return false;
  return mine.includes(code);
}

/**
 * `disabledAuthFilter`: true when an element guarded by a type-2 `code` is disabled.
 * A matching type-2 node-level entry disables and wins; otherwise only type-2 `allAuth` entries count:
 * absent or status "0" → enabled; status "1" → enabled only when the user holds it (actions not split).
 */
export function isDisabled(
  code: string,
  auth: readonly AuthItem[] | undefined,
  allAuth: readonly AllAuthItem[] | undefined,
  nodeList?: readonly AuthItem[],
): boolean {
  if (!code) return false;
  if ((nodeList ?? []).some((e) => e && e.type === '2' && e.action === code)) return true;
  const global = (allAuth ?? []).find((e) => e && e.type === '2' && e.action === code);
  if (!global) return false;
  if (global.status !== '1') return false;
  return !(auth ?? []).some((e) => e && e.type === '2' && e.action === code);
}

/**
 * `getNoAuthCols(pre)`: suffixes of active type-1 `allAuth` actions starting with `prefix` that the user
 * does not hold. Columns (by dataIndex/key) and toolbar buttons named by these suffixes are hidden;
 * undeclared codes stay visible (deny-list). An excluded `batch_delete` also hides `remove`.
 */
export function noAuthColumns(
  prefix: string,
  auth: readonly AuthItem[] | undefined,
  allAuth: readonly AllAuthItem[] | undefined,
): string[] {
  if (!prefix) return [];
  const mine = new Set(splitActions(auth, (e) => e.type === '1' || e.type === undefined));
  const out: string[] = [];
  for (const e of allAuth ?? []) {
    if (!e || !e.action || e.type !== '1' || e.status !== '1') continue;
    if (!e.action.startsWith(prefix) || mine.has(e.action)) continue;
    const suffix = e.action.slice(prefix.length);
    if (suffix && !out.includes(suffix)) out.push(suffix);
  }
  if (out.includes('batch_delete') && !out.includes('remove')) out.push('remove');
  return out;
}

/** `colAuthFilter`: drops the columns whose `dataIndex` (or `key`) the user lacks under `prefix`. */
export function filterAuthColumns<C extends { dataIndex?: unknown; key?: unknown }>(
  columns: readonly C[],
  prefix: string,
  auth: readonly AuthItem[] | undefined,
  allAuth: readonly AllAuthItem[] | undefined,
): C[] {
  const hidden = new Set(noAuthColumns(prefix, auth, allAuth));
  if (hidden.size === 0) return [...columns];
  return columns.filter((c) => {
    const k = typeof c.dataIndex === 'string' ? c.dataIndex : typeof c.key === 'string' ? c.key : '';
    return !hidden.has(k);
  });
}
