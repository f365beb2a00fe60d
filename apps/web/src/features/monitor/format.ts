/** Bytes as B/KB/MB/GB/TB with two decimals. */
export function formatBytes(n: number | null | undefined): string {
  const v = Number(n ?? 0);
  if (!Number.isFinite(v) || v <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(v) / Math.log(1024)));
  return `${(v / 1024 ** i).toFixed(i === 0 ? 0 : 2)} ${units[i]}`;
}

/** Seconds as 天/小时/分/秒. */
export function formatDuration(seconds: number | null | undefined): string {
  let s = Math.max(0, Math.floor(Number(seconds ?? 0)));
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return `${d ? `${d}天` : ''}${d || h ? `${h}小时` : ''}${d || h || m ? `${m}分` : ''}${s}秒`;
}

export function percent(v: number | null | undefined): number {
  return Math.round(Number(v ?? 0) * 10000) / 100;
}
