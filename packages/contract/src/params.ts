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

/** `?id=` of a detail, delete or action route. */
export const idQuery = z.object({ id: zs().min(1).max(32), _t: z.any().optional() });
/** `?ids=a,b,c` of a batch delete. */
export const idsQuery = z.object({ ids: zs().min(1).max(20_000), _t: z.any().optional() });
