/**
 * Masking of the sensitive fields of an employee file (docs/hr.md): shown masked in lists, details,
 * exports and the change log unless the viewer holds `hr:sensitive:view` and asks for the plain value.
 */
export const HR_SENSITIVE_PERMISSION = 'hr:sensitive:view';

/** The fields that are masked, with their masking rule. */
export const HR_SENSITIVE_FIELDS = ['idCard', 'bankCard', 'mobile'] as const;
export type HrSensitiveField = (typeof HR_SENSITIVE_FIELDS)[number];

function keep(v: string, head: number, tail: number): string {
  if (v.length <= head + tail) return '*'.repeat(v.length);
  return v.slice(0, head) + '*'.repeat(v.length - head - tail) + v.slice(v.length - tail);
}

/**
 * 110*************2X / 6222********1234 / 138****1234; empty stays empty. A national ID keeps only its first
 * 3 and last 2 characters: the birth date it carries (characters 7-14) is shown in the birthday column, so a
 * mask hiding only those would hide nothing.
 */
export function maskValue(field: HrSensitiveField, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return (value as null) ?? null;
  const s = String(value);
  if (field === 'idCard') return keep(s, 3, 2);
  if (field === 'bankCard') return keep(s, 4, 4);
  return keep(s, 3, 4);
}

export function isSensitiveField(field: string): field is HrSensitiveField {
  return (HR_SENSITIVE_FIELDS as readonly string[]).includes(field);
}

/** A copy of a row with its sensitive fields masked. */
export function maskRow<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const f of HR_SENSITIVE_FIELDS) if (f in out) out[f] = maskValue(f, out[f]);
  return out as T;
}

/**
 * Every HR endpoint that answers masked values, with the columns it shows masked (docs/security.md "HR
 * sensitive fields"). Without `hr:sensitive:view` none of these columns may be filtered by pattern, range,
 * list or negation, nor sorted: a filter on them is one exact value at most, rate-limited and logged.
 * `fileParam` names the parameter that narrows the endpoint to one file (null: a lookup without one).
 * The change log masks `oldValue`/`newValue` of rows whose field is one of `HR_SENSITIVE_FIELDS`.
 */
export const HR_MASKED_COLUMNS: readonly { endpoint: string; kind: 'list' | 'export' | 'lookup'; columns: readonly string[]; fileParam: string | null }[] = [
  { endpoint: '/manager/hyUser/list', kind: 'list', columns: HR_SENSITIVE_FIELDS, fileParam: 'id' },
  { endpoint: '/manager/hyNew/list', kind: 'list', columns: HR_SENSITIVE_FIELDS, fileParam: 'id' },
  { endpoint: '/manager/hyRelation/list', kind: 'list', columns: HR_SENSITIVE_FIELDS, fileParam: 'id' },
  { endpoint: '/manager/hyUser/exportXls', kind: 'export', columns: HR_SENSITIVE_FIELDS, fileParam: 'id' },
  { endpoint: '/manager/hyUserLog/list', kind: 'list', columns: ['oldValue', 'newValue'], fileParam: 'hyUserId' },
  { endpoint: '/manager/hyUser/checkDuplicate', kind: 'lookup', columns: ['idCard', 'mobile'], fileParam: null },
];

/** What a user without `hr:sensitive:view` is told when filtering a masked column by anything but one exact value. */
export const HR_MASKED_FILTER_TEXT = '无查看敏感信息权限：身份证号、手机号、银行卡号只能按完整号码精确查询，且不能排序';
/** The answer beyond the per-minute limit of exact lookups on masked columns. */
export const HR_MASKED_LOOKUP_LIMIT_TEXT = '按身份证号、手机号、银行卡号查询过于频繁，请稍后再试';
