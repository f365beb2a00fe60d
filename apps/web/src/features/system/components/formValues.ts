import dayjs, { type Dayjs } from 'dayjs';

/** Converts the named date fields of a record to dayjs for antd pickers. */
export function datesToForm(record: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out = { ...record };
  for (const f of fields) {
    const v = out[f];
    out[f] = v ? dayjs(String(v)) : undefined;
  }
  return out;
}

/** Converts dayjs values back to `YYYY-MM-DD` (or the given format) strings. */
export function datesToBody(values: Record<string, unknown>, fields: string[], format = 'YYYY-MM-DD'): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) {
    const v = out[f] as Dayjs | undefined | null;
    out[f] = v && typeof v === 'object' && 'format' in v ? v.format(format) : (v ?? null);
  }
  return out;
}

/** Checkbox/switch flags sent as 1/0. */
export const flag = (v: unknown) => (v === true || v === 1 || v === '1' ? 1 : 0);
