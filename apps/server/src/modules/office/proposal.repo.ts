import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { runPage, type Paging } from '../../platform/query/query-builder.js';

export function findProposal(db: Database, id: string) {
  return db.selectFrom('oaProposal').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export async function markAdopted(db: Database, proposalId: string, at: string): Promise<void> {
  await adoptOnce(db, proposalId, at);
}

/** Records the adoption once; answers whether it was new. */
export async function adoptOnce(db: Database, proposalId: string, at: string): Promise<boolean> {
  const have = await db.selectFrom('oaProposalAdoption').select('proposalId').where('proposalId', '=', proposalId).executeTakeFirst();
  if (have) return false;
  await db.insertInto('oaProposalAdoption').values({ proposalId, adoptTime: at, owner: null, ownerName: null, missionId: null, assignBy: null, assignTime: null }).execute();
  return true;
}

export function adoption(db: Database, proposalId: string) {
  return db.selectFrom('oaProposalAdoption').selectAll().where('proposalId', '=', proposalId).executeTakeFirst();
}

export async function assign(db: Database, proposalId: string, patch: { owner: string; ownerName: string | null; missionId: string; assignBy: string; assignTime: string }): Promise<void> {
  await db.updateTable('oaProposalAdoption').set(patch).where('proposalId', '=', proposalId).execute();
}

/** Adopted proposals of the user's company with like counts and whether the user liked each. */
export interface AdoptedRow {
  id: string;
  subject: string | null;
  category: string | null;
  anonymous: string | null;
  applicant: string;
  applicantName: string | null;
  description: string | null;
  benefit: string | null;
  sysOrgCode: string | null;
  adoptTime: string | null;
  owner: string | null;
  ownerName: string | null;
  missionId: string | null;
  likeCount: number | string | null;
  likedByMe: number | string | null;
}

export function adopted(db: Database, user: CurrentUser, p: Paging) {
  let q = db.selectFrom('oaProposal as p').innerJoin('oaProposalAdoption as a', 'a.proposalId', 'p.id').where('p.delFlag', '=', 0);
  q = scopeToCompany(q, user, 'p.sysOrgCode');
  return runPage<typeof q, AdoptedRow>(
    q,
    (b) =>
      b
        .select((eb) => [
        'p.id',
        'p.subject',
        'p.category',
        'p.anonymous',
        'p.applicant',
        'p.applicantName',
        'p.description',
        'p.benefit',
        'p.sysOrgCode',
        'a.adoptTime',
        'a.owner',
        'a.ownerName',
        'a.missionId',
        eb.selectFrom('oaProposalLike as l').whereRef('l.proposalId', '=', 'p.id').select((e) => e.fn.countAll<number>().as('c')).as('likeCount'),
        eb
          .selectFrom('oaProposalLike as m')
          .whereRef('m.proposalId', '=', 'p.id')
          .where('m.username', '=', user.username)
          .select((e) => e.fn.countAll<number>().as('c'))
          .as('likedByMe'),
      ])
        .orderBy('a.adoptTime', 'desc')
        .orderBy('p.id', 'desc'),
    p,
  );
}

/** Adds or removes the user's like; answers whether it is liked now. */
export async function toggleLike(db: Database, proposalId: string, username: string, id: string, at: string): Promise<boolean> {
  const r = await db.deleteFrom('oaProposalLike').where('proposalId', '=', proposalId).where('username', '=', username).executeTakeFirst();
  if (Number(r.numDeletedRows) > 0) return false;
  await db.insertInto('oaProposalLike').values({ id, proposalId, username, createTime: at }).execute();
  return true;
}

export async function likeCount(db: Database, proposalId: string): Promise<number> {
  const r = await db.selectFrom('oaProposalLike').select((eb) => eb.fn.countAll<number>().as('c')).where('proposalId', '=', proposalId).executeTakeFirst();
  return Number(r?.c ?? 0);
}
