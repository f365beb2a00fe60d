import { getAction } from '../../app/http/client';

/**
 * `GET /sys/user/getMultiUser`: users by usernames or ids (comma lists). The server answers a bare array,
 * as stock JeecgBoot does; an envelope is accepted too.
 */
export async function fetchMultiUser<T = { id: string; username: string; realname: string | null }>(
  params: { username?: string; id?: string },
  opts?: { silent?: boolean },
): Promise<T[]> {
  const res: unknown = await getAction<T[]>('/sys/user/getMultiUser', params, opts);
  if (Array.isArray(res)) return res as T[];
  const env = res as { success?: boolean; result?: unknown } | null;
  return env?.success && Array.isArray(env.result) ? (env.result as T[]) : [];
}
