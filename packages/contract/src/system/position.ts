import { z } from 'zod';

/** Wire shapes of the positions (`/sys/position/*`). */

/** A position (sys_position): `rank` mirrors post_rank; `rank_dictText` / `postRank_dictText` pass through. */
export const sysPositionRow = z.looseObject({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  postRank: z.string().nullable(),
  rank: z.string().nullable().optional(),
  sysOrgCode: z.string().nullable(),
});
