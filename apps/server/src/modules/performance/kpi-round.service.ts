import { KPI_ROUND_TEXT, kpiForm, type KpiRoundResult, type KpiRoundStart } from '@go/contract/performance/index';
import { companyOf, type CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../platform/access/scope.js';
import { recordChanges } from '../../platform/audit/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { likePrefix } from '../../platform/query/like.js';
import { WorkflowEngine } from '../workflow/engine.js';
import type { WorkflowEvent } from '../workflow/events.js';
import { workflowOf } from '../workflow/workflow.module.js';
import './performance.tables.js';
import type { PfKpiRoundItem } from './performance.tables.js';

type Member = { username: string; realname: string | null; orgCode: string | null };

/** A member's outcome before it is stored. */
type Outcome = Pick<PfKpiRoundItem, 'outcome' | 'reason' | 'applicationId' | 'formId' | 'periodKey'>;

/** Whether a thrown value is a unique-key violation (two rounds filing the same member at once). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(String(e?.message ?? ''));
}

/**
 * KPI rounds (发起KPI考评, docs/performance.md): HR or a manager starts the 季度KPI考评 of a department or
 * company for a period. Each active member in the operator's company scope gets the form filed and
 * submitted as their own application (applicant = the member, `startedBy` = the operator), through the
 * form type's normal process; a member who already has a 季度KPI考评 for that period is skipped and told
 * so. Each member is one transaction: the form, its application and the process start commit together
 * or not at all (a member whose process cannot start is listed as failed with the reason).
 */
export class KpiRoundService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /** The active users of the department and everything below it, within the operator's company scope. */
  private async members(user: CurrentUser, orgCode: string): Promise<Member[]> {
    const qb = scopeToCompany(this.db.selectFrom('sysUser'), user, 'orgCode')
      .select(['username', 'realname', 'orgCode'])
      .where(likePrefix('orgCode', orgCode))
      .where('delFlag', '=', 0)
      .where('status', '=', 1);
    return qb.orderBy('orgCode').orderBy('username').execute();
  }

  async start(user: CurrentUser, input: KpiRoundStart): Promise<KpiRoundResult> {
    const depart = await this.db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('orgCode', '=', input.orgCode).where('delFlag', '=', 0).executeTakeFirst();
    if (!depart || !inCompanyScope(user, depart.orgCode)) throw businessError(KPI_ROUND_TEXT.departNotFound);
    const members = await this.members(user, depart.orgCode);
    if (!members.length) throw businessError(KPI_ROUND_TEXT.noMembers);
    const year = Number(input.yearPart);
    const roundId = newId();
    const t = now();
    const round = {
      id: roundId,
      yearPart: year,
      quarter: input.quarter,
      orgCode: depart.orgCode,
      departName: depart.departName,
      kpiGoal: input.kpiGoal,
      createdCount: 0,
      skippedCount: 0,
      failedCount: 0,
      createBy: user.username,
      createByName: user.realname,
      createTime: t,
    };
    // the round and its audit rows (docs/audit.md) together; its members' counts likewise at the end
    const target = { type: 'pf_kpi_round', id: roundId, name: `${depart.departName ?? depart.orgCode} ${year}年第${input.quarter}季度`, orgCode: depart.orgCode };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('pfKpiRound').values(round).execute();
      await recordChanges(trx, target, null, round);
    });
    const counts = { created: 0, skipped: 0, failed: 0 };
    for (const m of members) {
      const o = await this.fileFor(user, roundId, m, year, input.quarter, input.kpiGoal);
      counts[o.outcome]++;
      // a created member's row was written in its own transaction, with the period key
      if (o.outcome !== 'created') {
        await this.db
          .insertInto('pfKpiRoundItem')
          .values({ id: newId(), roundId, username: m.username, realname: m.realname, orgCode: m.orgCode, ...o, createTime: now() })
          .execute();
      }
    }
    const set = { createdCount: counts.created, skippedCount: counts.skipped, failedCount: counts.failed };
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('pfKpiRound').set(set).where('id', '=', roundId).execute();
      await recordChanges(trx, target, round, set);
    });
    return this.result(user, roundId);
  }

  /**
   * Files and submits one member's form in one transaction. The engine runs on the transaction, and what
   * it would announce (new tasks, the to-do refresh) is announced once the transaction has committed.
   */
  private async fileFor(starter: CurrentUser, roundId: string, m: Member, year: number, quarter: number, kpiGoal: string): Promise<Outcome> {
    const none = { applicationId: null, formId: null, periodKey: null };
    const existing = await this.existing(this.db, m.username, year, quarter);
    if (existing) return { outcome: 'skipped', reason: KPI_ROUND_TEXT.skippedExists, ...none };
    const wf = workflowOf(this.ctx);
    const events: WorkflowEvent[] = [];
    const periodKey = `${m.username}|${year}|${quarter}`;
    try {
      const done = await this.db.transaction().execute(async (trx) => {
        // checked again inside the transaction; the unique period key settles two rounds at once
        if (await this.existing(trx, m.username, year, quarter)) return null;
        const applicant = { ...starter, username: m.username, realname: m.realname ?? m.username, orgCode: m.orgCode ?? '', company: companyOf(m.orgCode) };
        const app = await wf.applications.add(applicant, { tableName: kpiForm.key, data: { yearPart: year, quarter: String(quarter), kpiGoal } }, trx);
        await trx.updateTable('fmKpiPart').set({ startedBy: starter.username }).where('id', '=', app.tableId).execute();
        await trx
          .insertInto('pfKpiRoundItem')
          .values({ id: newId(), roundId, username: m.username, realname: m.realname, orgCode: m.orgCode, outcome: 'created', reason: null, applicationId: app.id, formId: app.tableId, periodKey, createTime: now() })
          .execute();
        const engine = new WorkflowEngine(trx, wf.registry);
        engine.events.on('*', (e) => void events.push(e));
        const { procInstId } = await engine.apply({ username: applicant.username, realname: applicant.realname }, { id: app.id });
        return { applicationId: app.id, formId: app.tableId, procInstId };
      });
      if (!done) return { outcome: 'skipped', reason: KPI_ROUND_TEXT.skippedExists, ...none };
      wf.engine.events.emit(events);
      wf.engine.onChange?.(done.procInstId);
      return { outcome: 'created', reason: null, applicationId: done.applicationId, formId: done.formId, periodKey };
    } catch (err) {
      if (isUniqueViolation(err)) return { outcome: 'skipped', reason: KPI_ROUND_TEXT.skippedExists, ...none };
      const message = err instanceof Error ? err.message : String(err);
      return { outcome: 'failed', reason: message.slice(0, 500), ...none };
    }
  }

  /** The member's 季度KPI考评 for the period, whoever filed it (drafts and finished ones included). */
  private async existing(db: Database, username: string, year: number, quarter: number) {
    return db
      .selectFrom('fmKpiPart')
      .select('id')
      .where('applicant', '=', username)
      .where('yearPart', '=', year)
      .where('quarter', '=', String(quarter))
      .where('delFlag', '=', 0)
      .executeTakeFirst();
  }

  /** A round with its members' outcomes, in the caller's company scope. */
  async result(user: CurrentUser, id: string): Promise<KpiRoundResult> {
    const r = await this.db.selectFrom('pfKpiRound').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r || !inCompanyScope(user, r.orgCode)) throw businessError('未找到对应数据');
    const items = await this.db
      .selectFrom('pfKpiRoundItem')
      .select(['username', 'realname', 'orgCode', 'outcome', 'reason', 'applicationId'])
      .where('roundId', '=', id)
      .orderBy('orgCode')
      .orderBy('username')
      .execute();
    return { ...r, yearPart: Number(r.yearPart), quarter: Number(r.quarter), items };
  }

  /** Rounds of the caller's company scope, newest first. */
  async list(user: CurrentUser, q: { yearPart?: string | null; pageNo?: number; pageSize?: number }) {
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 20;
    let qb = scopeToCompany(this.db.selectFrom('pfKpiRound'), user, 'orgCode');
    if (q.yearPart) qb = qb.where('yearPart', '=', Number(q.yearPart));
    const total = Number((await qb.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirst())?.c ?? 0);
    const records = await qb.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
    return { records: records.map((r) => ({ ...r, yearPart: Number(r.yearPart), quarter: Number(r.quarter) })), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
  }
}
