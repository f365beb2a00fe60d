import type { Kysely } from 'kysely';

/**
 * Approval integrity: a user task may opt out of the rule that the applicant never approves their own
 * application (`allow_initiator = 1`, e.g. a 重新提交 step). Default 0: the applicant is dropped from the
 * node's people and refused as delegate, transferee or added signer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wf_node').addColumn('allow_initiator', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wf_node').dropColumn('allow_initiator').execute();
}
