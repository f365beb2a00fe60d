/**
 * Chinese resident identity numbers (GB 11643): 18 digits (the last may be X, ISO 7064 MOD 11-2 check)
 * or the old 15-digit form (birth year 19yy, no check digit). Both carry the area code, the birth date and
 * the sex (odd sequence digit = male).
 */

export const NATIONAL_ID_MESSAGES = {
  format: '请输入正确的身份证号码',
  area: '身份证号码地区码不正确',
  birthday: '身份证号码中的出生日期不正确',
  checkDigit: '身份证号码校验位不正确',
  birthdayMismatch: '出生日期与身份证号码不一致',
  sexMismatch: '性别与身份证号码不一致',
} as const;

const PROVINCES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37', '41', '42', '43', '44',
  '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65', '71', '81', '82', '91',
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

export interface NationalIdInfo {
  /** yyyy-MM-dd */
  birthday: string;
  /** '1' male, '2' female (dictionary `sex`) */
  sex: '1' | '2';
  area: string;
}

/** The check character of the first 17 digits. */
export function nationalIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

function validDate(y: number, m: number, d: number, today: Date): boolean {
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return false;
  return dt.getTime() <= today.getTime();
}

/** Parses an ID number: its facts, or the error text. */
export function parseNationalId(raw: string, today: Date = new Date()): { ok: true; info: NationalIdInfo } | { ok: false; message: string } {
  const id = raw.trim().toUpperCase();
  if (!/^(\d{15}|\d{17}[\dX])$/.test(id)) return { ok: false, message: NATIONAL_ID_MESSAGES.format };
  if (!PROVINCES.has(id.slice(0, 2))) return { ok: false, message: NATIONAL_ID_MESSAGES.area };
  const long = id.length === 18;
  const y = long ? Number(id.slice(6, 10)) : 1900 + Number(id.slice(6, 8));
  const m = Number(long ? id.slice(10, 12) : id.slice(8, 10));
  const d = Number(long ? id.slice(12, 14) : id.slice(10, 12));
  if (!validDate(y, m, d, today)) return { ok: false, message: NATIONAL_ID_MESSAGES.birthday };
  if (long && nationalIdCheckChar(id.slice(0, 17)) !== id[17]) return { ok: false, message: NATIONAL_ID_MESSAGES.checkDigit };
  const seq = Number(long ? id[16] : id[14]);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { ok: true, info: { birthday: `${y}-${pad(m)}-${pad(d)}`, sex: seq % 2 === 1 ? '1' : '2', area: id.slice(0, 6) } };
}

/** The error text of an ID number (empty passes: use a required rule for required fields). */
export function nationalIdError(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const r = parseNationalId(String(v));
  return r.ok ? null : r.message;
}

/** Checks birthday and sex against an ID number; the first disagreement's text, or null. */
export function nationalIdConsistency(idCard: unknown, birthday: unknown, sex: unknown): string | null {
  if (!idCard) return null;
  const r = parseNationalId(String(idCard));
  if (!r.ok) return null;
  if (birthday && String(birthday).slice(0, 10) !== r.info.birthday) return NATIONAL_ID_MESSAGES.birthdayMismatch;
  if (sex !== undefined && sex !== null && sex !== '' && String(sex) !== r.info.sex) return NATIONAL_ID_MESSAGES.sexMismatch;
  return null;
}

/** A valid 18-digit number for an area, birthday (yyyy-MM-dd), sequence (0–999; odd = male). For seeds and tests. */
export function makeNationalId(area: string, birthday: string, seq: number): string {
  const first17 = `${area}${birthday.replace(/-/g, '')}${String(seq % 1000).padStart(3, '0')}`;
  return first17 + nationalIdCheckChar(first17);
}
