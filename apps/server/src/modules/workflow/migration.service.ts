/**
 * Migrating running instances to another version of the same process: the preview of each instance (where each
 * position lands, or why it cannot move) and the migration itself, each instance in its own transaction under
 * the engine's claim, re-planned against the rows after the claim, with the notices to the people whose task
 * moved. The planning lives in migration.plan.ts.
 */
import type { WfMigrationInstance, WfMigrationPreview, WfMigrationResult } from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { errorText, type Actor, type WorkflowEngine } from './engine.js';
import type { FormRegistry } from './form-registry.js';
import { MigrationQueries } from './migration.queries.js';
import { applicationStatusTexts } from './status-text.js';
import type { WfInstance } from './workflow.tables.js';
import { KIND_TEXT, MAPPABLE, label, miName, type Versions, type Plan, MigrationPlanner, MISSING } from './migration.plan.js';

export const MIGRATION_MAX = 500;

export interface MigrationInput {
  sourceProcDefId: string;
  targetProcDefId: string;
  procInstIds?: string[];
  all?: boolean;
  mapping: Record<string, string>;
}

/** A notice to the people whose task moved (sent after the instance's transaction committed). */
export interface MigrationNotice {
  receivers: string[];
  title: string;
  text: string;
  link: string;
}

/**
 * Moves running instances of one version of a process to another version of the same process key
 * (Camunda 7's process instance migration, for this engine's model). Every waiting position — an open
 * user task (with its token), a branch waiting at a parallel/inclusive join, a token at an intermediate
 * timer — lands on the target node of the same id, or on the node the mapping names. The preview lists
 * each instance with where each position lands or why the instance cannot move; the migration moves each
 * instance in its own transaction under the engine's claim (`version` of the top instance), re-checking
 * everything against the rows as they are after the claim.
 */
export class MigrationService {
  private readonly q: MigrationQueries;
  private readonly planner: MigrationPlanner;

  constructor(
    private readonly db: Database,
    private readonly engine: WorkflowEngine,
    private readonly forms: FormRegistry,
    private readonly notify: (notices: MigrationNotice[], by: string) => Promise<void>,
  ) {
    this.q = new MigrationQueries(db);
    this.planner = new MigrationPlanner(engine, this.q);
  }

  /** Source and target versions, their models and the checks of the mapping itself (Camunda's creation-time validation). */
  private async versions(input: MigrationInput): Promise<Versions> {
    if (input.sourceProcDefId === input.targetProcDefId)
      throw businessError('目标版本与当前版本相同，请选择其他版本');
    const source = await this.engine.definition(this.db, input.sourceProcDefId);
    const target = await this.engine.definition(this.db, input.targetProcDefId);
    if (source.processKey !== target.processKey)
      throw businessError(`只能迁移到同一流程（${source.processKey}）的其他版本`);
    const sourceModel = await this.engine.model(source);
    const targetModel = await this.engine.model(target);
    const problems: string[] = [];
    if ((source.businessTable ?? '') !== (target.businessTable ?? '')) {
      problems.push(
        `版本${target.version}的表单类型（${target.businessTable ?? '未设置'}）与版本${source.version}（${source.businessTable ?? '未设置'}）不同，申请不能迁移到该版本`,
      );
    }
    const mapping: Record<string, string> = {};
    for (const [from, to] of Object.entries(input.mapping)) {
      const s = sourceModel.nodes.get(from);
      const t = targetModel.nodes.get(to);
      if (!s) problems.push(`映射的节点「${from}」在版本${source.version}中不存在`);
      if (!t) problems.push(`映射的目标节点「${to}」在版本${target.version}中不存在`);
      if (!s || !t) continue;
      if (!MAPPABLE.has(s.kind))
        problems.push(
          `${KIND_TEXT[s.kind] ?? s.kind}${label(s)}不能迁移，只能映射用户任务、汇聚网关和定时中间事件`,
        );
      else if (s.kind !== t.kind)
        problems.push(
          `${KIND_TEXT[s.kind]}${label(s)}不能映射到${KIND_TEXT[t.kind] ?? t.kind}${label(t)}：节点类型必须相同`,
        );
      mapping[from] = to;
    }
    return { source, target, sourceModel, targetModel, mapping, problems };
  }

  /** The instances asked for: the chosen ones, or every running instance of the source version (company scope). */
  private async selection(user: CurrentUser, v: Versions, input: MigrationInput) {
    const ids = input.all ? undefined : [...new Set(input.procInstIds ?? [])];
    const rows = await this.q.running(user, v.source.id, ids, MIGRATION_MAX + 1);
    const truncated = rows.length > MIGRATION_MAX;
    const found = rows.slice(0, MIGRATION_MAX);
    const missing = ids ? ids.filter((x) => !found.some((r) => r.id === x)) : [];
    return { found, missing, truncated };
  }

  async preview(user: CurrentUser, input: MigrationInput): Promise<WfMigrationPreview> {
    const v = await this.versions(input);
    const { found, missing, truncated } = await this.selection(user, v, input);
    const instances: WfMigrationInstance[] = [];
    const unmapped = new Map<string, { id: string; name: string; instances: number }>();
    for (const inst of found) {
      const plan = await this.planner.plan(this.db, inst, v);
      for (const m of plan.moves) {
        if (m.targetNodeId || m.kind === 'call') continue;
        const u = unmapped.get(m.sourceNodeId) ?? {
          id: m.sourceNodeId,
          name: m.sourceNodeName,
          instances: 0,
        };
        u.instances++;
        unmapped.set(m.sourceNodeId, u);
      }
      instances.push(this.instanceView(plan, v));
    }
    for (const procInstId of missing) instances.push(this.missingView(procInstId));
    const warnings: string[] = [];
    if (v.target.status !== 1)
      warnings.push(`版本${v.target.version}已挂起：迁移后待办在激活该版本之前无法处理`);
    if (v.target.version < v.source.version)
      warnings.push(`版本${v.target.version}比当前版本${v.source.version}旧`);
    return {
      source: { id: v.source.id, name: v.source.name, version: v.source.version, status: v.source.status },
      target: { id: v.target.id, name: v.target.name, version: v.target.version, status: v.target.status },
      targetNodes: [...v.targetModel.nodes.values()]
        .filter((n) => n.kind === 'user')
        .map((n) => ({
          id: n.id,
          name: n.name || n.id,
          multi: n.multi ? (n.multi.sequential ? 'sequential' : 'parallel') : '',
        })),
      unmapped: [...unmapped.values()],
      problems: v.problems,
      warnings,
      instances,
      total: instances.length,
      migratable: instances.filter((i) => i.migratable).length,
      truncated,
    };
  }

  /** Migrates each instance in its own transaction; one that cannot move is reported and left as it was. */
  async execute(user: CurrentUser, input: MigrationInput): Promise<WfMigrationResult[]> {
    const v = await this.versions(input);
    if (v.problems.length) throw businessError(v.problems.join('；'));
    const { found, missing } = await this.selection(user, v, input);
    const actor: Actor = { username: user.username, realname: user.realname };
    const out: WfMigrationResult[] = [];
    for (const row of found) {
      try {
        const notices = await this.engine.instanceCommand(row.id, async (trx, inst) =>
          this.migrateOne(trx, inst, v, actor),
        );
        out.push({
          procInstId: row.id,
          title: row.title,
          success: true,
          message: `已迁移到版本${v.target.version}`,
        });
        if (notices.length) await this.notify(notices, actor.username).catch(() => undefined);
      } catch (err) {
        out.push({
          procInstId: row.id,
          title: row.title,
          success: false,
          message: err instanceof AppError ? err.message : errorText(err),
        });
      }
    }
    for (const procInstId of missing) out.push({ procInstId, title: null, success: false, message: MISSING });
    return out;
  }

  /** One instance, inside its claimed transaction: plan again on the current rows, then write. */
  private async migrateOne(
    trx: Database,
    inst: WfInstance,
    v: Versions,
    actor: Actor,
  ): Promise<MigrationNotice[]> {
    // what the claim saw: the instance may have ended or moved on since the request was read
    if (inst.state !== 'running' || inst.procDefId !== v.source.id)
      throw businessError(
        inst.procDefId === v.target.id && inst.state === 'running'
          ? `已在版本${v.target.version}中`
          : MISSING,
      );
    const row = await this.q.runningById(trx, inst.id);
    if (!row) throw businessError(MISSING);
    const plan = await this.planner.plan(trx, row, v);
    if (plan.reasons.length) throw businessError(plan.reasons.join('；'));
    const t = now();
    await trx.updateTable('wfInstance').set({ procDefId: v.target.id }).where('id', '=', inst.id).execute();
    await trx
      .updateTable('wfBusiness')
      .set({ procDefId: v.target.id, updateTime: t })
      .where('id', '=', inst.businessId)
      .where('procInstId', '=', inst.id)
      .execute();
    for (const { token, target } of plan.tokens) {
      if (token.nodeId !== target)
        await trx.updateTable('wfToken').set({ nodeId: target }).where('id', '=', token.id).execute();
    }
    for (const m of plan.moves) {
      if (m.kind !== 'task' || !m.taskId || !m.targetNodeId) continue;
      const set: Record<string, unknown> = {
        nodeId: m.targetNodeId,
        name: m.targetNodeName,
        procDefId: v.target.id,
      };
      if (m.resolved) Object.assign(set, { assignee: null, owner: null });
      await trx.updateTable('wfTask').set(set).where('id', '=', m.taskId).where('status', '=', 0).execute();
      if (m.resolved) {
        await trx.deleteFrom('wfTaskCandidate').where('taskId', '=', m.taskId).execute();
        await trx
          .insertInto('wfTaskCandidate')
          .values(
            m.resolved.map((u) => ({
              id: newId(),
              taskId: m.taskId!,
              instId: inst.id,
              username: u.username,
              open: 1,
            })),
          )
          .execute();
      }
    }
    for (const [from, to] of plan.miRenames) {
      await trx
        .updateTable('wfVariable')
        .set({ name: miName(to) })
        .where('instId', '=', inst.id)
        .where('name', '=', miName(from))
        .execute();
    }
    for (const j of plan.jobs.keep)
      await trx
        .updateTable('wfJob')
        .set({ nodeId: j.nodeId, elementId: j.elementId })
        .where('id', '=', j.id)
        .execute();
    if (plan.jobs.drop.length) await trx.deleteFrom('wfJob').where('id', 'in', plan.jobs.drop).execute();
    for (const j of plan.jobs.add) {
      await trx
        .insertInto('wfJob')
        .values({
          id: newId(),
          instId: inst.id,
          ...j,
          lockedBy: null,
          lockUntil: null,
          attempts: 0,
          lastError: null,
          createTime: t,
        })
        .execute();
    }
    const moved = plan.moves.filter((m) => m.targetNodeId);
    const steps = [...new Map(moved.map((m) => [`${m.sourceNodeId}>${m.targetNodeId}`, m])).values()];
    const comment = `从版本${v.source.version}迁移到版本${v.target.version}${steps.length ? '：' : ''}${steps
      .map((m) =>
        m.sourceNodeId === m.targetNodeId && m.sourceNodeName === m.targetNodeName
          ? `「${m.targetNodeName}」`
          : `「${m.sourceNodeName}」→「${m.targetNodeName}」`,
      )
      .join('、')}`;
    await trx
      .insertInto('wfAction')
      .values({
        id: newId(),
        instId: inst.id,
        taskId: null,
        nodeId: null,
        nodeName: null,
        action: 'migrate',
        username: actor.username,
        realname: actor.realname,
        comment: comment.slice(0, 1000),
        detail: JSON.stringify({
          fromProcDefId: v.source.id,
          toProcDefId: v.target.id,
          fromVersion: v.source.version,
          toVersion: v.target.version,
          moves: moved.map((m) => ({
            kind: m.kind,
            taskId: m.taskId,
            from: m.sourceNodeId,
            fromName: m.sourceNodeName,
            to: m.targetNodeId,
            toName: m.targetNodeName,
            people: m.people,
            before: m.users.map((u) => u.username),
            after: m.targetUsers.map((u) => u.username),
          })),
        }),
        createTime: t,
      })
      .execute();
    // the form's 审批中：<node>（<people>） names the target nodes now
    const form = this.forms.get(row.tableName);
    if (form && !inst.parentId) {
      const text =
        (await applicationStatusTexts(trx, [{ procInstId: inst.id, status: 1, result: 1 }])).get(inst.id) ??
        '';
      if (text.startsWith('审批中：')) await form.setActStatus(trx, row.tableId, text.slice(0, 200));
    }
    return this.notices(plan, v, actor);
  }

  /** The people of each moved task: those who keep or get it, and those who lose it. */
  private notices(plan: Plan, v: Versions, actor: Actor): MigrationNotice[] {
    const title = plan.inst.title || v.target.name;
    const link = `/activiti/todoManage?name=${encodeURIComponent(title)}`;
    const out: MigrationNotice[] = [];
    for (const m of plan.moves) {
      if (m.kind !== 'task' || !m.targetNodeId) continue;
      const after = m.targetUsers.map((u) => u.username).filter((u) => u !== actor.username);
      const lost = m.users
        .map((u) => u.username)
        .filter((u) => !m.targetUsers.some((x) => x.username === u) && u !== actor.username);
      const renamed = m.sourceNodeName !== m.targetNodeName;
      if (after.length) {
        out.push({
          receivers: after,
          title: `流程迁移：${title}`,
          text: `${actor.realname}将「${title}」从「${v.source.name}」版本${v.source.version}迁移到版本${v.target.version}，${renamed ? `您的待办「${m.sourceNodeName}」现为「${m.targetNodeName}」` : `您的待办「${m.targetNodeName}」已随之迁移`}，请在待办中继续处理。`,
          link,
        });
      }
      if (lost.length) {
        out.push({
          receivers: lost,
          title: `流程迁移：${title}`,
          text: `${actor.realname}将「${title}」迁移到版本${v.target.version}，「${m.targetNodeName}」改由${m.targetUsers.map((u) => u.realname).join('、') || '其他人'}审批，您的该项待办已取消。`,
          link: '/activiti/todoManage',
        });
      }
    }
    return out;
  }

  private instanceView(plan: Plan, v: Versions): WfMigrationInstance {
    const reasons = [...v.problems, ...plan.reasons];
    return {
      procInstId: plan.inst.id,
      title: plan.inst.title,
      applyer: plan.inst.starterName,
      applyerUsername: plan.inst.starter,
      startTime: plan.inst.startTime,
      migratable: reasons.length === 0,
      reasons,
      moves: plan.moves.map(({ tokenId: _t, resolved: _r, ...m }) => m),
    };
  }

  private missingView(procInstId: string): WfMigrationInstance {
    return {
      procInstId,
      title: null,
      applyer: null,
      applyerUsername: null,
      startTime: null,
      migratable: false,
      reasons: [MISSING],
      moves: [],
    };
  }
}
