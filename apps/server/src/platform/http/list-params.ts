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

/**
 * The text of a "contains" search box (these lists search their text fields by substring whether or not
 * the client wraps the value in `*`): the value without one leading and one trailing `*`, for `likeContains`.
 */
export function searchText(v: string | undefined): string {
  return (v ?? '').replace(/^\*|\*$/g, '');
}

/** Splits a comma-separated id list. */
export function idList(ids: string): string[] {
  return [...new Set(ids.split(',').map((s) => s.trim()).filter(Boolean))];
}
