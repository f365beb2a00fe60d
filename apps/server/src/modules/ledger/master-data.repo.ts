import { GROUP_COMPANY } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { likeContains, likePrefix } from '../../platform/query/like.js';
import './ledger.tables.js';

/** Every item category, in tree order (sort number, then name). */
export function categories(db: Database) {
  return db.selectFrom('ldCategory').select(['id', 'parentId', 'name', 'code', 'sortNo']).orderBy('sortNo').orderBy('name').execute();
}

export async function itemHasEntries(db: Database, itemId: string): Promise<boolean> {
  return !!(await db.selectFrom('ldEntry').select('id').where('itemId', '=', itemId).executeTakeFirst());
}

export async function warehouseHasEntries(db: Database, warehouseId: string): Promise<boolean> {
  return !!(await db.selectFrom('ldEntry').select('id').where('warehouseId', '=', warehouseId).executeTakeFirst());
}

export async function categoryHasChildren(db: Database, categoryId: string): Promise<boolean> {
  return !!(await db.selectFrom('ldCategory').select('id').where('parentId', '=', categoryId).executeTakeFirst());
}

export async function categoryHasItems(db: Database, categoryId: string): Promise<boolean> {
  return !!(await db.selectFrom('ldItem').select('id').where('categoryId', '=', categoryId).executeTakeFirst());
}

/**
 * Enabled suppliers a goods form may pick, by name: the group's (A01, shared) and the user's company's
 * (A01 reads all). Ids and names only — contacts, phone and bank account stay on the administrators' page.
 */
export function supplierOptions(db: Database, company: string, groupLevel: boolean, keyword?: string) {
  let q = db.selectFrom('ldSupplier').select(['id', 'name']).where('status', '=', 1);
  if (!groupLevel) q = q.where((eb) => eb.or([likePrefix('sysOrgCode', company), likePrefix('sysOrgCode', GROUP_COMPANY)]));
  if (keyword) q = q.where(likeContains('name', keyword));
  return q.orderBy('name').orderBy('id').limit(500).execute();
}
