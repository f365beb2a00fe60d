/**
 * Reading the change trail of online-form rows (docs/audit.md): one record type per form, `online:<table>`
 * (`onlineChangeType`), read with the permission that reads the form's rows; the type is named by the form's
 * description and its fields by the design's field titles (a sub table by its description).
 */
import { registerChangeTypeReader } from '../../../platform/audit/change-log.service.js';
import type { Database } from '../../../platform/db/database.js';
import { FORM_PERMS, splitSubTables } from './form.service.js';
import './form.tables.js';

const PREFIX = 'online:';

async function describe(db: Database, type: string) {
  const key = type.slice(PREFIX.length);
  const head =
    (await db.selectFrom('onlCgformHead').select(['id', 'tableTxt', 'subTableStr']).where('tableName', '=', key).executeTakeFirst()) ??
    (await db.selectFrom('onlCgformHead').select(['id', 'tableTxt', 'subTableStr']).where('id', '=', key).executeTakeFirst());
  if (!head) return null;
  const fields = await db.selectFrom('onlCgformField').select(['dbFieldName', 'dbFieldTxt']).where('cgformHeadId', '=', head.id).execute();
  const subs = splitSubTables(head.subTableStr);
  const subHeads = subs.length ? await db.selectFrom('onlCgformHead').select(['tableName', 'tableTxt']).where('tableName', 'in', subs).execute() : [];
  return {
    label: head.tableTxt,
    fields: Object.fromEntries([...fields.map((f) => [f.dbFieldName, f.dbFieldTxt]), ...subHeads.map((s) => [s.tableName, s.tableTxt])]),
  };
}

export function registerOnlineChangeReader(): void {
  registerChangeTypeReader('online', {
    matches: (type) => type.startsWith(PREFIX),
    perm: () => FORM_PERMS.data,
    describe,
  });
}
