import type { Database } from '../../platform/db/database.js';
import type { OaComment } from './office.tables.js';

export function listComments(db: Database, bizType: string, bizId: string): Promise<OaComment[]> {
  return db.selectFrom('oaComment').selectAll().where('bizType', '=', bizType).where('bizId', '=', bizId).orderBy('createTime').orderBy('id').execute();
}

export function findComment(db: Database, id: string): Promise<OaComment | undefined> {
  return db.selectFrom('oaComment').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertComment(db: Database, row: OaComment): Promise<void> {
  await db.insertInto('oaComment').values(row).execute();
}
