import type {
  WfMigrationInstance,
  WfMigrationMove,
  WfMigrationPreview,
  WfMigrationResult,
} from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import type { FlowNode, ProcessModel } from './bpmn.js';
import type { UserBrief } from './directory.js';
import { errorText, type Actor, type DefMeta, type WorkflowEngine } from './engine.js';
import { evaluateValue, isExpression } from './expression.js';
import type { FormRegistry } from './form-registry.js';
import { MigrationQueries, type RunningInstance } from './migration.queries.js';
import { applicationStatusTexts } from './status-text.js';
import type { WfInstance, WfToken } from './workflow.tables.js';

/** One request takes at most this many instances (as the batch actions). */
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

const KIND_TEXT: Record<string, string> = {
  start: '开始事件',
  user: '用户任务',
  end: '结束事件',
  exclusive: '排他网关',
  parallel: '并行网关',
  inclusive: '包容网关',
  pass: '任务',
  sub: '子流程',
  call: '调用活动',
  boundary: '边界事件',
  catch: '定时中间事件',
};
/** Node kinds a position can wait at, and so the kinds a mapping may name. */
const MAPPABLE = new Set(['user', 'parallel', 'inclusive', 'catch']);

const label = (n: Pick<FlowNode, 'id' | 'name'>) => `「${n.name || n.id}」(${n.id})`;
const sameScopes = (a: FlowNode, b: FlowNode) => a.scopes.join('/') === b.scopes.join('/');
const miName = (nodeId: string) => `mi:${nodeId}`.slice(0, 100);

interface Versions {
  source: DefMeta;
  target: DefMeta;
  sourceModel: ProcessModel;
  targetModel: ProcessModel;
  mapping: Record<string, string>;
  problems: string[];
}

/** What moves, worked out for one instance against the current rows. */
interface Plan {
  inst: RunningInstance;
  reasons: string[];
  moves: (WfMigrationMove & { tokenId: string | null; resolved: UserBrief[] | null })[];
  tokens: { token: WfToken; target: string }[];
  /** countersign states to rename (`mi:<source>` → `mi:<target>`) */
  miRenames: [string, string][];
  /** timer jobs to write: boundary timers and due dates new at the target, kept or dropped ones */
  jobs: {
    keep: { id: string; nodeId: string; elementId: string | null }[];
    drop: string[];
    add: {
      type: 'timer' | 'due';
      nodeId: string;
      elementId: string | null;
      taskId: string | null;
      dueTime: number;
    }[];
  };
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

  constructor(
    private readonly db: Database,
    private readonly engine: WorkflowEngine,
    private readonly forms: FormRegistry,
    private readonly notify: (notices: MigrationNotice[], by: string) => Promise<void>,
  ) {
    this.q = new MigrationQueries(db);
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
      const plan = await this.plan(this.db, inst, v);
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
    const plan = await this.plan(trx, row, v);
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

  /** The people rules of a user task, as text: the node's rules, else its BPMN assignment, and its initiator opt-out. */
  private async peopleRules(db: Database, procDefId: string, node: FlowNode): Promise<string> {
    const rules = (await this.q.rules(db, procDefId, node.id))
      .map((r) => `${r.type}:${r.relateId ?? ''}`)
      .sort();
    const settings = await this.engine.nodeSettings(db, procDefId, node.id);
    const a = node.assignment;
    const bpmn =
      rules.length || !a
        ? null
        : {
            assignee: a.assignee ?? null,
            users: [...a.candidateUsers].sort(),
            groups: [...a.candidateGroups].sort(),
          };
    return JSON.stringify({ rules, bpmn, allowInitiator: settings.allowInitiator === 1 });
  }

  /** Admin settings over the BPMN marker: is a node a countersign, and which kind. */
  private async multiMode(
    db: Database,
    procDefId: string,
    node: FlowNode,
  ): Promise<'' | 'parallel' | 'sequential'> {
    const mode = (await this.engine.nodeSettings(db, procDefId, node.id)).multiMode ?? '';
    if (mode === 'parallel' || mode === 'sequential') return mode;
    return node.multi ? (node.multi.sequential ? 'sequential' : 'parallel') : '';
  }

  /** A task's name at the target node (an expression name evaluated over the variables, as a new task gets it). */
  private taskName(node: FlowNode, vars: Record<string, unknown>, current: string | null): string {
    if (!isExpression(node.name)) return node.name || node.id;
    try {
      return (String(evaluateValue(node.name, vars) ?? '').trim() || node.id).slice(0, 200);
    } catch {
      // a name over countersign counters (loopCounter…) keeps what the task was called
      return current ?? node.id;
    }
  }

  /**
   * Where every position of an instance lands, or why it cannot (Camunda 7's execution-time validation in
   * this engine's terms): every waiting position needs a target of the same kind in the same sub-process;
   * a call activity waiting for its called process cannot move; a countersign moves only to a countersign
   * of the same kind, and a plain task never to a countersign; a branch waiting at a join needs a gateway of
   * the same kind that has its incoming flow; two positions never merge into one node; a moved task whose
   * target node has other people rules needs someone to go to.
   */
  private async plan(db: Database, inst: RunningInstance, v: Versions): Promise<Plan> {
    const plan: Plan = {
      inst,
      reasons: [],
      moves: [],
      tokens: [],
      miRenames: [],
      jobs: { keep: [], drop: [], add: [] },
    };
    const reason = (text: string) => {
      if (!plan.reasons.includes(text)) plan.reasons.push(text);
      return text;
    };
    if (inst.parentId) reason('该实例是调用活动启动的子流程，随调用它的流程运行，不能单独迁移');
    if ((v.target.businessTable ?? '') !== inst.tableName && !inst.parentId)
      reason(`版本${v.target.version}的表单类型与该申请不同，不能迁移`);
    const { tokens, tasks, variables, jobs } = await this.q.state(db, inst.id);
    const vars = { ...variables.form, ...variables.vars };
    const names = await this.engine.dir.realnames(
      [...new Set(tasks.flatMap((x) => [...x.candidates, ...(x.assignee ? [x.assignee] : [])]))],
      db,
    );
    const person = (username: string) => ({ username, realname: names.get(username) ?? username });
    const byTarget = new Map<string, Set<string>>();
    const doneNodes = new Set<string>();

    for (const token of tokens) {
      const sn = v.sourceModel.nodes.get(token.nodeId);
      const targetId = v.mapping[token.nodeId] ?? token.nodeId;
      const tn = v.targetModel.nodes.get(targetId);
      const task = tasks.find((x) => x.tokenId === token.id) ?? null;
      const kind: WfMigrationMove['kind'] =
        token.state === 'join'
          ? 'join'
          : token.state === 'wait'
            ? 'timer'
            : token.state === 'call'
              ? 'call'
              : 'task';
      const people = task ? (task.assignee ? [task.assignee] : task.candidates).map(person) : [];
      const move: Plan['moves'][number] = {
        kind,
        taskId: task?.id ?? null,
        tokenId: token.id,
        sourceNodeId: token.nodeId,
        sourceNodeName: task?.name ?? sn?.name ?? token.nodeId,
        targetNodeId: null,
        targetNodeName: null,
        users: people,
        targetUsers: [],
        people: null,
        reason: null,
        resolved: null,
      };
      plan.moves.push(move);
      const srcLabel = sn ? label(sn) : `「${token.nodeId}」`;
      if (!sn) {
        move.reason = reason(`节点${srcLabel}在版本${v.source.version}中不存在，实例状态异常`);
        continue;
      }
      if (kind === 'call') {
        move.reason = reason(
          `调用活动${srcLabel}正在等待被调用的流程结束，调用活动不能迁移，请在其结束后再迁移`,
        );
        continue;
      }
      if (!tn) {
        move.reason = reason(`节点${srcLabel}在版本${v.target.version}中不存在，请指定映射`);
        continue;
      }
      const want = kind === 'task' ? 'user' : kind === 'timer' ? 'catch' : sn.kind;
      if (tn.kind !== want || (kind === 'timer' && !tn.timer)) {
        move.reason = reason(
          `目标节点${label(tn)}是${KIND_TEXT[tn.kind] ?? tn.kind}，${srcLabel}只能迁移到${KIND_TEXT[want]}`,
        );
        continue;
      }
      if (!sameScopes(sn, tn)) {
        move.reason = reason(`${srcLabel}与目标节点${label(tn)}不在同一个子流程中，迁移不能改变所在的子流程`);
        continue;
      }
      move.targetNodeId = tn.id;
      move.targetNodeName = kind === 'task' ? this.taskName(tn, vars, task?.name ?? null) : tn.name || tn.id;
      plan.tokens.push({ token, target: tn.id });
      const merged = byTarget.get(tn.id) ?? new Set<string>();
      merged.add(sn.id);
      byTarget.set(tn.id, merged);

      if (kind === 'join') {
        if (tn.incoming.length < sn.incoming.length)
          move.reason = reason(`目标网关${label(tn)}的流入连线比${srcLabel}少，等待中的分支可能无法汇聚`);
        else if (token.viaFlow && !tn.incoming.some((f) => f.id === token.viaFlow)) {
          move.reason = reason(
            `汇聚网关${srcLabel}有经连线「${token.viaFlow}」到达、正在等待的分支，目标网关${label(tn)}没有这条流入连线`,
          );
        }
        continue;
      }
      if (kind === 'timer') {
        // the waiting timer keeps its due time (as Camunda keeps a migrated timer's job)
        const job = jobs.find((j) => j.taskId === token.id);
        if (job) plan.jobs.keep.push({ id: job.id, nodeId: tn.id, elementId: tn.id });
        continue;
      }
      // an open user task
      if (!task) {
        move.reason = reason(`节点${srcLabel}没有待办任务，实例状态异常`);
        continue;
      }
      const miState = variables.mi.has(sn.id);
      const sourceMulti = await this.multiMode(db, v.source.id, sn);
      const targetMulti = await this.multiMode(db, v.target.id, tn);
      if (miState && sourceMulti && sourceMulti !== targetMulti) {
        move.reason = reason(
          targetMulti
            ? `会签节点${srcLabel}是${sourceMulti === 'parallel' ? '并行' : '依次'}会签，目标节点${label(tn)}是${targetMulti === 'parallel' ? '并行' : '依次'}会签，会签类型必须相同`
            : `会签节点${srcLabel}正在会签，目标节点${label(tn)}不是会签节点，会签进度无法保留`,
        );
        continue;
      }
      if (miState && !sourceMulti && targetMulti) {
        move.reason = reason(`节点${srcLabel}正在加签，目标节点${label(tn)}是会签节点，加签进度无法保留`);
        continue;
      }
      if (!miState && targetMulti) {
        move.reason = reason(
          `节点${srcLabel}不是会签，目标节点${label(tn)}是会签节点：进行中的任务不能变成会签`,
        );
        continue;
      }
      if (miState && sn.id !== tn.id && !plan.miRenames.some(([from]) => from === sn.id))
        plan.miRenames.push([sn.id, tn.id]);
      // people: kept when the target has the same rules (a countersign keeps each signer's task), else the target's people
      const same =
        miState ||
        (await this.peopleRules(db, v.source.id, sn)) === (await this.peopleRules(db, v.target.id, tn));
      if (same) {
        move.people = 'kept';
        move.targetUsers = people;
      } else {
        try {
          let users = await this.engine.nodePeople(db, v.target.id, tn.id, inst.starter, vars);
          if (!users.length) {
            const settings = await this.engine.nodeSettings(db, v.target.id, tn.id);
            if (settings.emptyPolicy === 'admin')
              users = await this.engine.withoutInitiator(
                db,
                v.target.id,
                tn.id,
                inst.starter,
                await this.engine.dir.admins(db),
              );
          }
          if (!users.length) {
            move.reason = reason(
              `目标节点${label(tn)}没有找到审批人，请先在版本${v.target.version}的节点设置中为其配置审批人`,
            );
            continue;
          }
          move.people = 'resolved';
          move.resolved = users;
          move.targetUsers = users.map((x) => ({ username: x.username, realname: x.realname }));
        } catch (err) {
          move.reason = reason(err instanceof AppError ? err.message : errorText(err));
          continue;
        }
      }
      // timers of the node (once per node): a boundary timer of the same id is kept (its due time too), one the
      // target lacks is removed, one new at the target starts now; a due date likewise per task
      try {
        if (!doneNodes.has(sn.id)) {
          doneNodes.add(sn.id);
          const mine = jobs.filter(
            (j) => j.type === 'timer' && j.nodeId === sn.id && j.elementId && j.elementId !== j.nodeId,
          );
          for (const j of mine) {
            const b = v.targetModel.nodes.get(j.elementId!);
            if (b && b.attachedTo === tn.id && b.timer)
              plan.jobs.keep.push({ id: j.id, nodeId: tn.id, elementId: b.id });
            else plan.jobs.drop.push(j.id);
          }
          for (const bId of tn.boundaries ?? []) {
            if (mine.some((j) => j.elementId === bId)) continue;
            const b = v.targetModel.nodes.get(bId)!;
            if (!b.timer) continue;
            plan.jobs.add.push({
              type: 'timer',
              nodeId: tn.id,
              elementId: b.id,
              taskId: null,
              dueTime: this.engine.timerDue(b.timer, vars, `边界事件「${b.name}」的定时`),
            });
          }
        }
        const due = jobs.find((j) => j.type === 'due' && j.taskId === task.id);
        if (due && tn.due) plan.jobs.keep.push({ id: due.id, nodeId: tn.id, elementId: null });
        else if (due) plan.jobs.drop.push(due.id);
        else if (tn.due)
          plan.jobs.add.push({
            type: 'due',
            nodeId: tn.id,
            elementId: null,
            taskId: task.id,
            dueTime: this.engine.timerDue(tn.due.spec, vars, `用户任务「${tn.name}」的办理期限`),
          });
      } catch (err) {
        move.reason = reason(err instanceof AppError ? err.message : errorText(err));
      }
    }
    for (const [target, sources] of byTarget) {
      if (sources.size < 2) continue;
      const tn = v.targetModel.nodes.get(target)!;
      const list = [...sources].map((s) => label(v.sourceModel.nodes.get(s)!)).join('和');
      reason(`${list}会迁移到同一个节点${label(tn)}，两条路径不能合并为一个节点`);
    }
    if (!tokens.length) reason('该实例没有等待中的节点，无法迁移');
    return plan;
  }
}

const MISSING = '流程实例不存在、已结束或不在该版本中';
