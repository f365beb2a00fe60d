import type { Kysely } from 'kysely';

/**
 * People are found by the pinyin of their names: `name_pinyin` (`zhulin`) and `name_initials` (`zl`), computed
 * on the server from `realname` (pinyin-pro, surname readings). `pinyin_of` holds the name they were computed
 * from, so a row whose name changed (or that was written by any path that does not know about pinyin) is
 * recomputed before the next search (`PersonSearch.refreshPinyin`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sys_user')
    .addColumn('name_pinyin', 'varchar(200)')
    .execute();
  await db.schema.alterTable('sys_user').addColumn('name_initials', 'varchar(100)').execute();
  await db.schema.alterTable('sys_user').addColumn('pinyin_of', 'varchar(100)').execute();
  await db.schema.createIndex('idx_sys_user_name_pinyin').on('sys_user').column('name_pinyin').execute();
  await db.schema.createIndex('idx_sys_user_name_initials').on('sys_user').column('name_initials').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_sys_user_name_initials').execute();
  await db.schema.dropIndex('idx_sys_user_name_pinyin').execute();
  for (const c of ['pinyin_of', 'name_initials', 'name_pinyin']) await db.schema.alterTable('sys_user').dropColumn(c).execute();
}
