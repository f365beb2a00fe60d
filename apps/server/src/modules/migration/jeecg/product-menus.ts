import type { Database } from '../../../platform/db/database.js';
import { now } from '../../../platform/db/time.js';
import { seedParts } from '../../../seed/index.js';

/** The seed parts that lay down this product's menus and buttons (no organisation, users or demo records). */
export const MENU_PARTS = /menu|permission|buttons/;

/**
 * JeecgBoot's grants are mapped onto this product's menu rows, so a target without them (SEED_DEMO=off skips the
 * whole seed) first gets the menu parts of the seed, each once (recorded in sys_seed_log like any seed part).
 * Answers the names of the parts applied.
 */
export async function ensureProductMenus(db: Database): Promise<string[]> {
  const has = await db.selectFrom('sysPermission').select('id').limit(1).executeTakeFirst();
  if (has) return [];
  const done = new Set((await db.selectFrom('sysSeedLog').select('name').execute()).map((r) => r.name));
  const parts = seedParts.filter((p) => MENU_PARTS.test(p.name) && !done.has(p.name)).sort((a, b) => a.name.localeCompare(b.name));
  for (const part of parts) {
    await db.transaction().execute(async (trx) => {
      await part.run(trx);
      await trx.insertInto('sysSeedLog').values({ name: part.name, appliedAt: now() }).execute();
    });
  }
  return parts.map((p) => p.name);
}
