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

/** 110101********1234 / 6222********1234 / 138****1234; empty stays empty. */
export function maskValue(field: HrSensitiveField, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return (value as null) ?? null;
  const s = String(value);
  if (field === 'idCard') return keep(s, 6, 4);
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
