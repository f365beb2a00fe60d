import type { Kysely } from 'kysely';

/**
 * Workflow engine: countersign settings (mode, pass ratio) and decision fields per user task.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wf_node').addColumn('multi_mode', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('wf_node').addColumn('pass_ratio', 'integer', (c) => c.notNull().defaultTo(100)).execute();
  await db.schema.alterTable('wf_node').addColumn('decision_fields', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['decision_fields', 'pass_ratio', 'multi_mode']) await db.schema.alterTable('wf_node').dropColumn(c).execute();
}
