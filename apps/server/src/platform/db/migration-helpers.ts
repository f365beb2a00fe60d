import type { CreateTableBuilder } from 'kysely';

/** Shorthands for migrations: every table uses them so SQLite and PostgreSQL get the same shape. */
export const ID = 'varchar(32)';
export const DT = 'varchar(19)';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TB = CreateTableBuilder<any, any>;

export function withId(t: TB): TB {
  return t.addColumn('id', ID, (c) => c.primaryKey());
}

/** `create_by`, `create_time`, `update_by`, `update_time`. */
export function withAudit(t: TB): TB {
  return t
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', DT)
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', DT);
}
