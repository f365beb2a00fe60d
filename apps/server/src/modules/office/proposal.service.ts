import { ANONYMOUS_PROPOSAL_TITLE, anonymousProposalTitle, PROPOSAL_CATEGORIES, PROPOSAL_TEXTS } from '@go/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { paging } from '../../platform/query/query-builder.js';
import { businessError } from '../../platform/http/errors.js';
import type { ApplicantPrivacy, FormHooks } from '../forms/declared-form.js';
import type { MissionService } from './mission.service.js';
import type { OfficeNotifier } from './notify.js';
import * as repo from './proposal.repo.js';
import { OFFICE_CHANGE_TYPES } from './office-audit.js';
import { recordChanges } from '../../platform/audit/audit.js';

/** The trail of a proposal's adoption: adoption time, owner and follow-up mission (the form's fields are the form's). */
const ADOPTION_FIELDS = ['adoptTime', 'owner', 'missionId'];
const proposalTarget = (p: { id: string; subject: string | null; title: string; sysOrgCode: string | null }) => ({
  type: OFFICE_CHANGE_TYPES.proposal,
  id: p.id,
  // the subject, never the title: an anonymous proposal's title must not name anyone
  name: p.subject,
  orgCode: p.sysOrgCode,
});

const CATEGORY = new Map(PROPOSAL_CATEGORIES.map((c) => [c.value, c.label]));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/**
 * An anonymous proposal names its proposer only to the proposer and to the reviewers its process
 * designated: anyone who was given one of its review tasks (candidate, assignee, delegator or the one who
 * acted). Everyone else — department heads, HR and administrators who see the company's proposals but do
 * not review this one — reads 匿名 and the title `匿名的合理化建议 · <建议标题>` (docs/office.md).
 */
export const PROPOSER_PRIVACY: ApplicantPrivacy = {
  hidden: (eb: AnyEb, user: CurrentUser) => {
    const me = user.username;
    const reviewed = eb.exists(
      eb
        .selectFrom('wfBusiness as pb')
        .innerJoin('wfTask as pt', 'pt.instId', 'pb.procInstId')
        .select('pt.id')
        .whereRef('pb.tableId', '=', 'f.id')
        .where('pb.tableName', '=', 'oa_proposal')
        .where((w: AnyEb) =>
          w.or([
            w('pt.assignee', '=', me),
            w('pt.owner', '=', me),
            w('pt.executor', '=', me),
            w.exists(w.selectFrom('wfTaskCandidate as pc').select('pc.id').whereRef('pc.taskId', '=', 'pt.id').where('pc.username', '=', me)),
          ]),
        ),
    );
    return eb.and([eb('f.anonymous', '=', '1'), eb('f.applicant', '<>', me), eb.not(reviewed)]);
  },
  mask: (row) => ({
    ...row,
    applicant: '',
    applicantName: PROPOSAL_TEXTS.anonymous,
    title: anonymousProposalTitle(String(row.subject ?? '')),
    // the department would narrow the proposer down: the company is enough for the scope
    sysOrgCode: typeof row.sysOrgCode === 'string' ? row.sysOrgCode.slice(0, 3) : row.sysOrgCode,
    ...('createBy' in row ? { createBy: '' } : {}),
    ...('updateBy' in row ? { updateBy: '' } : {}),
  }),
  shownTitle: () => sql<string>`cast(${`${ANONYMOUS_PROPOSAL_TITLE} · `} as varchar(40)) || coalesce(f.subject, '')`,
};

/**
 * 合理化建议 after review: a passed review adopts the proposal; a manager names its owner, which creates the
 * follow-up mission; adopted proposals are public within the company with likes. Anonymous proposers are
 * shown as 匿名 everywhere outside the review itself.
 */
export class ProposalService {
  constructor(
    private readonly ctx: AppContext,
    private readonly missions: MissionService,
    private readonly notifier: OfficeNotifier,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * The engine's end-of-process hook (a passed review adopts the proposal, inside the engine's transaction)
   * and who may see the proposer of an anonymous proposal in `/forms/proposal/*`.
   */
  hooks(): FormHooks {
    return {
      onFinish: async (db, id, outcome) => {
        if (outcome !== 'passed') return;
        const at = now();
        const adopted = await repo.adoptOnce(db, id, at);
        const p = adopted && db.isTransaction ? await repo.findProposal(db, id) : undefined;
        if (p) await recordChanges(db, proposalTarget(p), null, { adoptTime: at }, { fields: ADOPTION_FIELDS });
      },
      applicantPrivacy: PROPOSER_PRIVACY,
    };
  }

  async adopted(user: CurrentUser, q: { pageNo?: number; pageSize?: number }) {
    const pg = await repo.adopted(this.db, user, paging(q, 500));
    const records = pg.records.map((r) => {
      const anonymous = r.anonymous === '1';
      return {
        id: r.id,
        subject: r.subject,
        category: r.category,
        category_dictText: CATEGORY.get(r.category ?? '') ?? r.category,
        description: r.description,
        benefit: r.benefit,
        proposer: anonymous ? PROPOSAL_TEXTS.anonymous : (r.applicantName ?? r.applicant),
        anonymous,
        adoptTime: r.adoptTime,
        owner: r.owner,
        ownerName: r.ownerName,
        missionId: r.missionId,
        likeCount: Number(r.likeCount ?? 0),
        liked: Number(r.likedByMe ?? 0) > 0,
      };
    });
    return { ...pg, records };
  }

  private async adoptedInScope(user: CurrentUser, id: string) {
    const p = await repo.findProposal(this.db, id);
    if (!p || !inCompanyScope(user, p.sysOrgCode)) throw businessError(PROPOSAL_TEXTS.notFound);
    const a = await repo.adoption(this.db, id);
    if (!a) throw businessError(PROPOSAL_TEXTS.notAdopted);
    return { p, a };
  }

  async like(user: CurrentUser, id: string): Promise<{ liked: boolean; likeCount: number }> {
    await this.adoptedInScope(user, id);
    const liked = await repo.toggleLike(this.db, id, user.username, newId(), now());
    return { liked, likeCount: await repo.likeCount(this.db, id) };
  }

  /** Names the owner of an adopted proposal and creates its follow-up mission (once). */
  async assign(user: CurrentUser, input: { id: string; owner: string; dueDate?: string | null }): Promise<string> {
    const { p, a } = await this.adoptedInScope(user, input.id);
    if (a.missionId) throw businessError(PROPOSAL_TEXTS.alreadyAssigned);
    const missionId = await this.missions.save(user, {
      title: `落实合理化建议：${p.subject ?? p.title}`,
      owner: input.owner,
      participants: [],
      priority: '1',
      dueDate: input.dueDate || '',
      description: `<p>${(p.description ?? '').replace(/[<>&]/g, '')}</p><p>预期效益：${(p.benefit ?? '').replace(/[<>&]/g, '')}</p>`,
      status: '0',
    });
    const owner = await this.db.selectFrom('sysUser').select(['realname']).where('username', '=', input.owner).executeTakeFirst();
    const patch = { owner: input.owner, ownerName: owner?.realname ?? input.owner, missionId, assignBy: user.username, assignTime: now() };
    await this.db.transaction().execute(async (trx) => {
      await repo.assign(trx, p.id, patch);
      await recordChanges(trx, proposalTarget(p), { ...a }, patch, { fields: ADOPTION_FIELDS });
    });
    await this.notifier.send(user, [p.applicant], `建议已采纳：${p.subject ?? ''}`, `<p>您的合理化建议「${p.subject ?? ''}」已被采纳，负责人：${owner?.realname ?? input.owner}。</p>`, '/office/proposalAdopted');
    return missionId;
  }
}
