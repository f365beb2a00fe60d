const OFFSET_MS = 8 * 3600 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in GMT+8, the wire and storage format of every date-time. */
export function formatDateTime(d: Date | number = Date.now()): string {
  const ms = typeof d === 'number' ? d : d.getTime();
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatDate(d: Date | number = Date.now()): string {
  return formatDateTime(d).slice(0, 10);
}

/** Parses `yyyy-MM-dd[ HH:mm:ss]` as GMT+8; NaN when malformed. */
export function parseDateTime(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return NaN;
  const [, y, mo, da, h = '0', mi = '0', se = '0'] = m;
  return Date.UTC(+y, +mo - 1, +da, +h, +mi, +se) - OFFSET_MS;
}

export const now = formatDateTime;
