import { z } from 'zod';

/** A string without NUL characters (PostgreSQL refuses them in text). */
export const zs = () => z.string().refine((v) => !v.includes('\u0000'), '包含非法字符');

/** Page parameters as the clients send them (strings in a query, numbers in a body). */
export const pageParams = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).optional(),
  pageSize: z.coerce.number().int().min(1).max(10000).optional(),
  column: zs().max(64).optional(),
  order: zs().max(10).optional(),
  field: zs().max(2000).optional(),
  _t: z.union([zs(), z.number()]).optional(),
});

export interface Paging {
  pageNo: number;
  pageSize: number;
  offset: number;
}

export function paging(q: { pageNo?: number; pageSize?: number }, defSize = 10): Paging {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? defSize;
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** A whitelisted sort: the column named by the client when it is in `allowed`, else the default. */
export function sortOf<T extends string>(
  q: { column?: string; order?: string },
  allowed: readonly T[],
  def: T,
): { column: T; dir: 'asc' | 'desc' } {
  const col = (q.column ?? '').replace(/_dictText$/, '') as T;
  const column = allowed.includes(col) ? col : def;
  const dir = (q.order ?? '').toLowerCase() === 'asc' ? 'asc' : 'desc';
  return { column, dir };
}

/** A filter value as a LIKE pattern: `*v*` / `v` → `%v%`, with `%` and `_` escaped. */
export function likePattern(v: string): string {
  const core = v.replace(/^\*|\*$/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${core}%`;
}

/** Splits a comma-separated id list. */
export function idList(ids: string): string[] {
  return [...new Set(ids.split(',').map((s) => s.trim()).filter(Boolean))];
}
