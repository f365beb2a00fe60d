/** How long a grouped answer is reused (docs/online.md, online reports: report data cached 30 s when a group id is set). */
export const GROUP_CACHE_MS = 30_000;

const kept = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * A request shared by a group: with a group id, the same call (same key) made again within `expireMs` gets
 * the first call's answer — one request for the many popup cells of a grid that read the same report page.
 * Without a group id every call goes to the server. A failed call is not kept.
 */
export function groupRequest<T>(key: string | null | undefined, get: () => Promise<T>, expireMs = GROUP_CACHE_MS, now: () => number = Date.now): Promise<T> {
  if (!key) return get();
  const t = now();
  for (const [k, v] of kept) if (t - v.at >= expireMs) kept.delete(k);
  const hit = kept.get(key);
  if (hit) return hit.value as Promise<T>;
  const value = get();
  kept.set(key, { at: t, value });
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}

/** Forgets every kept answer (sign-out, tests). */
export function clearGroupRequests(): void {
  kept.clear();
}
