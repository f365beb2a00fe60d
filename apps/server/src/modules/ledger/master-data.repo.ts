import type { Database } from '../../platform/db/database.js';
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
