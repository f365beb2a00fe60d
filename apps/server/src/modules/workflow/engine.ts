import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { cachedModel, modelFor, type Flow, type FlowNode, type ProcessModel } from './bpmn.js';
import { Directory, type UserBrief } from './directory.js';
import { evaluateCondition } from './expression.js';
import { pendingStatusText } from './status-text.js';
import { WorkflowEvents, type InstanceRef, type WorkflowEvent } from './events.js';
import type { FormRegistry, FormType } from './form-registry.js';
import type { WfBusiness, WfDefinition, WfInstance, WfNode, WfTask } from './workflow.tables.js';

/** Who is acting. */
export interface Actor {
  username: string;
  realname: string;
}

/** Texts the clients show; one place so tests and screens agree. */
export const WF_TEXT = {
  TASK_DONE: '该任务已被处理',
  TASK_NOT_FOUND: '任务不存在或已被处理',
  NOT_CANDIDATE: '您不是该任务的审批人，无权处理',
  SUSPENDED: '流程已挂起，无法处理该任务',
  SUSPENDED_START: '流程已挂起，无法发起申请',
  COMMENT_REQUIRED: '请输入审批意见',
  NEED_APPROVER: '请至少选择一个审批人',
  NEED_DELEGATE: '请选择一委托人',
  DELEGATE_SELF: '不能委托给自己',
  DELEGATE_UNKNOWN: '委托人不存在或已停用',
  BAD_BACK_NODE: '不能退回到该节点',
  ALREADY_RUNNING: '该申请已在审批中，请勿重复提交',
  NOT_YOURS: '只能处理自己的申请',
  CANNOT_WITHDRAW: '已有审批人处理，不能撤回',
  NOT_RUNNING: '流程未在审批中',
  NO_START_ROLE: '您没有发起该流程的权限',
  NO_FORM: '该流程未配置表单，请联系开发人员',
  NO_TODO_IN_INSTANCE: '您在该流程中没有待办任务',
  UNKNOWN_USER: '审批人不存在或已停用',
} as const;

/**
 * Node settings and rules change rarely (the admin screen); each instance keeps them a few seconds.
 * The instance that saves a change forgets its copy at once; other instances within NODE_CACHE_MS.
 */
const NODE_CACHE_MS = 5000;
const settingsCache = new Map<string, { at: number; value: WfNode }>();
const rulesCache = new Map<string, { at: number; value: { type: number; relateId: string | null }[] }>();

export function forgetNodeCache(): void {
  settingsCache.clear();
  rulesCache.clear();
}

/** Fault injection for the crash-consistency tests: called after each batch item commits. */
export const workflowFaults: { afterBatchItem?: (index: number) => void } = {};

class VersionConflict extends Error {}

const DEF_META = ['id', 'processKey', 'version', 'latest', 'name', 'status', 'businessTable', 'routeName', 'roles', 'categoryId'] as const;
export type DefMeta = Pick<WfDefinition, (typeof DEF_META)[number]>;

interface Loaded {
  inst: WfInstance;
  def: DefMeta;
  model: ProcessModel;
  business: WfBusiness;
  form: FormType | undefined;
  vars: Record<string, unknown>;
  /** events of this command, delivered after commit */
  events: WorkflowEvent[];
}

interface PendingTask {
  nodeId: string;
  tokenId: string;
}

export interface PassInput {
  id: string;
  comment?: string;
  /** comma-separated usernames for the next node; blank = the node's configured users */
  assignees?: string;
  priority?: number;
  /** extra payload given to the form type (e.g. the performance score) */
  payload?: Record<string, unknown>;
  /** jxpass: the performance endpoint, which always requires a comment */
  jx?: boolean;
}

export interface BackToTaskInput {
  id: string;
  backTaskKey: string;
  assignees?: string;
  priority?: number;
  comment?: string;
}

export interface ApplyInput {
  /** wf_business id */
  id: string;
  procDefId?: string;
  assignees?: string;
  priority?: number;
}

export interface BatchItem {
  id: string;
  success: boolean;
  message: string;
}

const splitUsers = (s: string | undefined | null): string[] =>
  [...new Set(String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean))];

const MAX_STEPS = 500;

const who = (a: Actor) => ({ username: a.username, realname: a.realname });

/**
 * The approval engine: every command is one transaction that claims the instance with an optimistic
 * version check (`UPDATE wf_instance SET version = v + 1 WHERE id = ? AND version = v`), so two app
 * instances acting on the same task cannot both succeed and no task is created twice.
 */
export class WorkflowEngine {
  readonly dir: Directory;
  /** Called after a command committed, with the instance it changed (pushes the to-do refresh). */
  onChange?: (procInstId: string) => void;
  /** Typed events of committed commands (docs/workflow.md, "Events"). */
  readonly events = new WorkflowEvents();

  constructor(
    private readonly db: Database,
    private readonly forms: FormRegistry,
  ) {
    this.dir = new Directory(db);
  }

  private changed(procInstId: string): void {
    try {
      this.onChange?.(procInstId);
    } catch {
      // a notification failure never fails a committed command
    }
  }

  // ---------------------------------------------------------------- infrastructure

  private async inTrx<T>(fn: (trx: Database) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this.db);
    return this.db.transaction().execute(fn);
  }

  /** Runs `fn` in a transaction that holds the instance's version claim; retries a lost race twice. */
  private async command<T>(instId: string, fn: (trx: Database, inst: WfInstance, events: WorkflowEvent[]) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const events: WorkflowEvent[] = [];
      try {
        const out = await this.inTrx(async (trx) => {
          const inst = await trx.selectFrom('wfInstance').selectAll().where('id', '=', instId).executeTakeFirst();
          if (!inst) throw businessError(WF_TEXT.TASK_NOT_FOUND);
          const res = await trx
            .updateTable('wfInstance')
            .set({ version: inst.version + 1 })
            .where('id', '=', instId)
            .where('version', '=', inst.version)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) throw new VersionConflict();
          return fn(trx, { ...inst, version: inst.version + 1 }, events);
        });
        this.changed(instId);
        this.events.emit(events);
        return out;
      } catch (err) {
        if (err instanceof VersionConflict || isSerializationFailure(err)) {
          if (attempt < 2) continue;
          throw businessError(WF_TEXT.TASK_DONE);
        }
        throw err;
      }
    }
  }

  /** A definition's metadata (the XML is read only when its parsed model is not cached). */
  async definition(db: Database, procDefId: string): Promise<DefMeta> {
    const def = await db.selectFrom('wfDefinition').select(DEF_META).where('id', '=', procDefId).executeTakeFirst();
    if (!def) throw businessError('流程定义不存在');
    return def;
  }

  async xml(procDefId: string, db: Database = this.db): Promise<string> {
    const row = await db.selectFrom('wfDefinition').select('xml').where('id', '=', procDefId).executeTakeFirst();
    if (!row) throw businessError('流程定义不存在');
    return row.xml;
  }

  /** The parsed model; `db` must be the caller's transaction when inside one (SQLite has one connection). */
  async model(def: Pick<DefMeta, 'id'>, db: Database = this.db): Promise<ProcessModel> {
    const hit = cachedModel(def.id);
    if (hit) return hit;
    return modelFor(def.id, await this.xml(def.id, db));
  }

  private async load(trx: Database, inst: WfInstance, events: WorkflowEvent[]): Promise<Loaded> {
    const def = await this.definition(trx, inst.procDefId);
    const business = await trx.selectFrom('wfBusiness').selectAll().where('id', '=', inst.businessId).executeTakeFirstOrThrow();
    const v = await trx
      .selectFrom('wfVariable')
      .select('value')
      .where('instId', '=', inst.id)
      .where('name', '=', 'form')
      .executeTakeFirst();
    return {
      inst,
      def,
      model: await this.model(def, trx),
      business,
      form: this.forms.get(business.tableName),
      vars: v?.value ? (JSON.parse(v.value) as Record<string, unknown>) : {},
      events,
    };
  }

  private ref(L: Loaded): InstanceRef {
    return {
      procInstId: L.inst.id,
      procDefId: L.def.id,
      businessId: L.business.id,
      title: L.business.title ?? L.inst.title,
      starter: L.inst.starter,
      tableName: L.business.tableName,
    };
  }

  /** Re-reads the form so conditions see the current data, and keeps the snapshot variable. */
  private async refreshVars(trx: Database, L: Loaded): Promise<void> {
    if (!L.form) return;
    const data = await L.form.load(trx, L.business.tableId);
    if (!data) return;
    const vars = { ...data, tableId: L.business.tableId, initiator: L.inst.starter };
    const json = JSON.stringify(vars);
    if (json !== JSON.stringify(L.vars)) {
      await trx.updateTable('wfVariable').set({ value: json }).where('instId', '=', L.inst.id).where('name', '=', 'form').execute();
    }
    L.vars = vars;
  }

  async nodeSettings(db: Database, procDefId: string, nodeId: string): Promise<WfNode> {
    const key = `${procDefId}\u0000${nodeId}`;
    const hit = settingsCache.get(key);
    if (hit && hit.at > Date.now() - NODE_CACHE_MS) return hit.value;
    const row = await db
      .selectFrom('wfNode')
      .selectAll()
      .where('procDefId', '=', procDefId)
      .where('nodeId', '=', nodeId)
      .executeTakeFirst();
    const value = row ?? this.defaultSettings(procDefId, nodeId);
    settingsCache.set(key, { at: Date.now(), value });
    return value;
  }

  private defaultSettings(procDefId: string, nodeId: string): WfNode {
    return (
      {
        id: '',
        procDefId,
        nodeId,
        name: null,
        type: 1,
        sortOrder: 0,
        emptyPolicy: 'admin',
        repeatPolicy: 'again',
        chooseMark: 0,
        commentRequired: 0,
      }
    );
  }

  /** Candidate users of a user task by its rules (no policies applied). */
  async nodeCandidates(db: Database, procDefId: string, nodeId: string, starter: string, vars: Record<string, unknown>): Promise<UserBrief[]> {
    const key = `${procDefId}\u0000${nodeId}`;
    const cached = rulesCache.get(key);
    let rules = cached && cached.at > Date.now() - NODE_CACHE_MS ? cached.value : null;
    if (!rules) {
      rules = await db
        .selectFrom('wfNodeRule')
        .select(['type', 'relateId'])
        .where('procDefId', '=', procDefId)
        .where('nodeId', '=', nodeId)
        .orderBy('id')
        .execute();
      rulesCache.set(key, { at: Date.now(), value: rules });
    }
    return this.dir.candidates(rules, { starter, vars }, db);
  }

  private async openTask(trx: Database, taskId: string): Promise<WfTask> {
    const task = await trx.selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    if (task.status !== 0) throw businessError(WF_TEXT.TASK_DONE);
    return task;
  }

  /** The caller must be the assignee, or a candidate of a task nobody was delegated. */
  async canAct(db: Database, task: WfTask, username: string): Promise<boolean> {
    if (task.assignee) return task.assignee === username;
    const c = await db
      .selectFrom('wfTaskCandidate')
      .select('id')
      .where('taskId', '=', task.id)
      .where('username', '=', username)
      .executeTakeFirst();
    return !!c;
  }

  private async checkActor(trx: Database, task: WfTask, actor: Actor, L: Loaded): Promise<void> {
    if (!(await this.canAct(trx, task, actor.username))) throw businessError(WF_TEXT.NOT_CANDIDATE);
    if (L.def.status !== 1) throw businessError(WF_TEXT.SUSPENDED);
  }

  private async log(
    trx: Database,
    instId: string,
    action: string,
    who: Actor | null,
    opts: { task?: WfTask | null; node?: FlowNode | null; comment?: string | null; detail?: unknown } = {},
  ): Promise<void> {
    await trx
      .insertInto('wfAction')
      .values({
        id: newId(),
        instId,
        taskId: opts.task?.id ?? null,
        nodeId: opts.node?.id ?? opts.task?.nodeId ?? null,
        nodeName: opts.node?.name ?? opts.task?.name ?? null,
        action,
        username: who?.username ?? null,
        realname: who?.realname ?? null,
        comment: opts.comment ?? null,
        detail: opts.detail === undefined ? null : JSON.stringify(opts.detail),
        createTime: now(),
      })
      .execute();
  }

  private async closeTask(trx: Database, task: WfTask, status: 1 | 2, outcome: string, executor: string | null, comment: string | null): Promise<void> {
    const res = await trx
      .updateTable('wfTask')
      .set({ status, outcome, executor, comment, endTime: now() })
      .where('id', '=', task.id)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new VersionConflict();
    await trx.updateTable('wfTaskCandidate').set({ open: 0 }).where('taskId', '=', task.id).execute();
    if (task.tokenId) await trx.deleteFrom('wfToken').where('id', '=', task.tokenId).execute();
  }

  private async sign(trx: Database, instId: string, node: { id: string; name: string | null }, who: Actor, value: string | null): Promise<void> {
    await trx.deleteFrom('wfNodeSign').where('instId', '=', instId).where('nodeId', '=', node.id).execute();
    await trx
      .insertInto('wfNodeSign')
      .values({
        id: newId(),
        instId,
        nodeId: node.id,
        nodeName: node.name,
        username: who.username,
        realname: who.realname,
        signTime: now(),
        value,
      })
      .execute();
  }

  // ---------------------------------------------------------------- walking the graph

  /** The outgoing flows a token takes when it leaves `node`. */
  selectFlows(node: FlowNode, vars: Record<string, unknown>): Flow[] {
    if (node.kind === 'parallel') return node.outgoing;
    const conditional = node.outgoing.filter((f) => f.id !== node.defaultFlow);
    const def = node.outgoing.find((f) => f.id === node.defaultFlow);
    let taken: Flow[];
    if (node.kind === 'exclusive') {
      const first = conditional.find((f) => evaluateCondition(f.condition, vars));
      taken = first ? [first] : [];
    } else {
      taken = conditional.filter((f) => evaluateCondition(f.condition, vars));
    }
    if (!taken.length && def) taken = [def];
    if (!taken.length) throw businessError(`节点「${node.name}」没有满足条件的流出分支，请检查表单数据或流程配置`);
    return taken;
  }

  /** Moves a token out of `nodeId`, creating tokens at the user tasks it reaches (collected in `pending`). */
  private async leave(trx: Database, L: Loaded, nodeId: string, pending: PendingTask[], steps: { n: number }): Promise<void> {
    const node = L.model.nodes.get(nodeId);
    if (!node) throw businessError('流程节点不存在');
    for (const flow of this.selectFlows(node, L.vars)) await this.arrive(trx, L, flow, pending, steps);
  }

  private async arrive(trx: Database, L: Loaded, flow: Flow, pending: PendingTask[], steps: { n: number }): Promise<void> {
    if (++steps.n > MAX_STEPS) throw businessError('流程定义存在无限循环');
    const target = L.model.nodes.get(flow.target)!;
    if (target.kind === 'user') {
      const tokenId = newId();
      await trx
        .insertInto('wfToken')
        .values({ id: tokenId, instId: L.inst.id, nodeId: target.id, state: 'active', viaFlow: flow.id, createTime: now() })
        .execute();
      pending.push({ nodeId: target.id, tokenId });
      return;
    }
    if (target.kind === 'end') return;
    if (target.kind === 'parallel' && target.incoming.length > 1) {
      await trx
        .insertInto('wfToken')
        .values({ id: newId(), instId: L.inst.id, nodeId: target.id, state: 'join', viaFlow: flow.id, createTime: now() })
        .execute();
      const arrived = await trx
        .selectFrom('wfToken')
        .select('viaFlow')
        .where('instId', '=', L.inst.id)
        .where('nodeId', '=', target.id)
        .where('state', '=', 'join')
        .execute();
      const distinct = new Set(arrived.map((a) => a.viaFlow));
      if (distinct.size < target.incoming.length) return;
      await trx.deleteFrom('wfToken').where('instId', '=', L.inst.id).where('nodeId', '=', target.id).where('state', '=', 'join').execute();
    }
    await this.leave(trx, L, target.id, pending, steps);
  }

  /**
   * Turns pending tokens into tasks: candidates from `chosen` (when exactly one task follows) or the node
   * rules, then the node's "no approver" and "already approved" policies. Returns false when the
   * instance was cancelled by the "no approver" policy.
   */
  private async createTasks(
    trx: Database,
    L: Loaded,
    pending: PendingTask[],
    chosen: UserBrief[] | null,
    priority: number,
    steps: { n: number },
  ): Promise<boolean> {
    const useChosen = chosen && chosen.length > 0 && pending.length === 1;
    let first = true;
    while (pending.length) {
      if (++steps.n > MAX_STEPS) throw businessError('流程定义存在无限循环');
      const p = pending.shift()!;
      const node = L.model.nodes.get(p.nodeId)!;
      const settings = await this.nodeSettings(trx, L.def.id, node.id);
      let users: UserBrief[] = useChosen && first ? chosen : await this.nodeCandidates(trx, L.def.id, node.id, L.inst.starter, L.vars);
      first = false;
      if (!users.length) {
        if (settings.emptyPolicy === 'skip') {
          await this.log(trx, L.inst.id, 'skip', null, { node, comment: '未找到审批人，自动跳过' });
          await trx.deleteFrom('wfToken').where('id', '=', p.tokenId).execute();
          await this.leave(trx, L, node.id, pending, steps);
          continue;
        }
        if (settings.emptyPolicy === 'cancel') {
          await this.log(trx, L.inst.id, 'cancel', null, { node, comment: '未找到审批人，流程已自动取消' });
          await this.endInstance(trx, L, 'canceled', 'canceled-noapprover');
          return false;
        }
        if (settings.emptyPolicy === 'admin') users = await this.dir.admins(trx);
        if (!users.length) throw businessError(`节点「${node.name}」未找到审批人，请联系管理员配置审批人`);
      }
      const taskId = newId();
      const task: WfTask = {
        id: taskId,
        instId: L.inst.id,
        procDefId: L.def.id,
        tokenId: p.tokenId,
        nodeId: node.id,
        name: node.name,
        assignee: null,
        owner: null,
        priority,
        status: 0,
        createTime: now(),
        endTime: null,
        outcome: null,
        executor: null,
        comment: null,
      };
      await trx.insertInto('wfTask').values(task).execute();
      await trx
        .insertInto('wfTaskCandidate')
        .values(users.map((u) => ({ id: newId(), taskId, instId: L.inst.id, username: u.username, open: 1 })))
        .execute();
      L.events.push({ ...this.ref(L), type: 'taskCreated', taskId, nodeId: node.id, nodeName: node.name, candidates: users.map((u) => u.username), priority });
      if (settings.repeatPolicy === 'auto') {
        const prior = await trx
          .selectFrom('wfTask')
          .select('executor')
          .where('instId', '=', L.inst.id)
          .where('status', '=', 1)
          .where('outcome', 'in', ['pass', 'auto'])
          .where('executor', 'in', users.map((u) => u.username))
          .orderBy('endTime')
          .executeTakeFirst();
        if (prior?.executor) {
          const who = users.find((u) => u.username === prior.executor)!;
          const actor = { username: who.username, realname: who.realname };
          const comment = '审批人已审批过，自动通过';
          await this.closeTask(trx, task, 1, 'auto', who.username, comment);
          await this.sign(trx, L.inst.id, node, actor, comment);
          await this.log(trx, L.inst.id, 'auto', actor, { task, node, comment });
          await this.leave(trx, L, node.id, pending, steps);
        }
      }
    }
    return true;
  }

  /** After a move: finishes the instance when no token is left, or writes the running status text. */
  private async settle(trx: Database, L: Loaded): Promise<void> {
    const open = await trx.selectFrom('wfTask').select(['nodeId', 'name']).where('instId', '=', L.inst.id).where('status', '=', 0).execute();
    if (!open.length) {
      const tokens = await trx.selectFrom('wfToken').select(['state']).where('instId', '=', L.inst.id).execute();
      if (tokens.length === 0) {
        await this.endInstance(trx, L, 'passed', null);
        return;
      }
      throw businessError('流程定义有误：并行汇聚无法完成');
    }
    if (L.form) {
      await L.form.setActStatus(trx, L.business.tableId, await pendingStatusText(trx, L.inst.id));
    }
  }

  /** Ends the instance and writes the business status/result (workflow-semantics §3). */
  private async endInstance(trx: Database, L: Loaded, state: 'passed' | 'rejected' | 'canceled', reason: string | null): Promise<void> {
    const t = now();
    const open = await trx.selectFrom('wfTask').selectAll().where('instId', '=', L.inst.id).where('status', '=', 0).execute();
    for (const task of open) await this.closeTask(trx, task, 2, state === 'canceled' ? 'canceled' : 'rejected', null, null);
    await trx.deleteFrom('wfToken').where('instId', '=', L.inst.id).execute();
    await trx.updateTable('wfInstance').set({ state, endTime: t, endReason: reason }).where('id', '=', L.inst.id).execute();
    const [status, result] = state === 'passed' ? [2, 2] : state === 'rejected' ? [2, 3] : [3, 0];
    await trx.updateTable('wfBusiness').set({ status, result, updateTime: t }).where('id', '=', L.business.id).execute();
    if (state === 'passed') await this.log(trx, L.inst.id, 'end', null, { node: this.endNode(L.model), comment: '审批通过' });
    L.events.push({ ...this.ref(L), type: 'finished', outcome: state, endNodeId: state === 'passed' ? (this.endNode(L.model)?.id ?? null) : null, reason });
    if (L.form) {
      await L.form.setActStatus(trx, L.business.tableId, state === 'passed' ? '审批通过' : state === 'rejected' ? '驳回' : '已撤回');
      await L.form.onFinish?.(trx, L.business.tableId, state);
    }
  }

  private endNode(model: ProcessModel): FlowNode | null {
    return [...model.nodes.values()].find((n) => n.kind === 'end') ?? null;
  }

  private async chosenUsers(trx: Database, assignees: string | undefined): Promise<UserBrief[] | null> {
    const names = splitUsers(assignees);
    if (!names.length) return null;
    const users = await this.dir.byUsernames(names, trx);
    if (users.length !== names.length) throw businessError(WF_TEXT.UNKNOWN_USER);
    return users;
  }

  // ---------------------------------------------------------------- commands

  /**
   * Submits an application (a draft, or a rejected/cancelled one again with a new instance): starts the
   * latest active version of its process and creates the first tasks (first approvers from `assignees`
   * when given). Business status/result become 1/1.
   */
  async apply(actor: Actor, input: ApplyInput): Promise<{ procInstId: string }> {
    const events: WorkflowEvent[] = [];
    const started = await this.inTrx(async (trx) => {
      const business = await trx.selectFrom('wfBusiness').selectAll().where('id', '=', input.id).where('delFlag', '=', 0).executeTakeFirst();
      if (!business) throw businessError('申请不存在');
      if (business.userId !== actor.username) throw businessError(WF_TEXT.NOT_YOURS);
      if (business.status === 1) throw businessError(WF_TEXT.ALREADY_RUNNING);
      const claim = await trx
        .updateTable('wfBusiness')
        .set({ status: 1, result: 1 })
        .where('id', '=', business.id)
        .where('status', '=', business.status)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) throw businessError(WF_TEXT.ALREADY_RUNNING);

      let def = await this.definition(trx, input.procDefId || business.procDefId || '');
      if (def.latest !== 1) {
        def = await trx
          .selectFrom('wfDefinition')
          .select(DEF_META)
          .where('processKey', '=', def.processKey)
          .where('latest', '=', 1)
          .executeTakeFirstOrThrow();
      }
      if (def.status !== 1) throw businessError(WF_TEXT.SUSPENDED_START);
      const form = this.forms.get(business.tableName);
      if (!form || def.businessTable !== business.tableName) throw businessError(WF_TEXT.NO_FORM);
      const roles = splitUsers(def.roles);
      if (roles.length) {
        const mine = await this.dir.roleCodes(actor.username, trx);
        if (!mine.some((r) => roles.includes(r))) throw businessError(WF_TEXT.NO_START_ROLE);
      }
      const data = (await form.load(trx, business.tableId)) ?? {};
      const vars = { ...data, tableId: business.tableId, initiator: actor.username };
      const t = now();
      const inst: WfInstance = {
        id: newId(),
        procDefId: def.id,
        businessId: business.id,
        starter: actor.username,
        starterName: actor.realname,
        title: business.title,
        state: 'running',
        version: 0,
        priority: input.priority ?? 0,
        startTime: t,
        endTime: null,
        endReason: null,
      };
      await trx.insertInto('wfInstance').values(inst).execute();
      await trx.insertInto('wfVariable').values({ id: newId(), instId: inst.id, name: 'form', value: JSON.stringify(vars) }).execute();
      await trx
        .updateTable('wfBusiness')
        .set({ procDefId: def.id, procInstId: inst.id, applyTime: t, updateTime: t, updateBy: actor.username })
        .where('id', '=', business.id)
        .execute();
      const model = await this.model(def, trx);
      const L: Loaded = { inst, def, model, business: { ...business, procInstId: inst.id }, form, vars, events };
      events.push({ ...this.ref(L), type: 'submitted', actor: { username: actor.username, realname: actor.realname } });
      await form.setActStatus(trx, business.tableId, '启动');
      await this.log(trx, inst.id, 'apply', actor, { node: model.nodes.get(model.startId)!, comment: business.title });
      const pending: PendingTask[] = [];
      const steps = { n: 0 };
      await this.leave(trx, L, model.startId, pending, steps);
      const chosen = await this.chosenUsers(trx, input.assignees);
      if (await this.createTasks(trx, L, pending, chosen, input.priority ?? 0, steps)) await this.settle(trx, L);
      return { procInstId: inst.id };
    });
    this.changed(started.procInstId);
    this.events.emit(events);
    return started;
  }

  /** Approves a task and moves the process on (`/actTask/pass`, `/actTask/jxpass`). */
  async pass(actor: Actor, input: PassInput): Promise<void> {
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const task = await this.openTask(trx, input.id);
      const L = await this.load(trx, inst, events);
      await this.checkActor(trx, task, actor, L);
      const node = L.model.nodes.get(task.nodeId);
      if (!node) throw businessError('流程节点不存在');
      const settings = await this.nodeSettings(trx, L.def.id, node.id);
      const comment = (input.comment ?? '').trim();
      if (!comment && (input.jx || settings.commentRequired === 1 || L.form?.commentRequired)) {
        throw businessError(WF_TEXT.COMMENT_REQUIRED);
      }
      await this.refreshVars(trx, L);
      if (L.form?.onApprove) await L.form.onApprove(trx, L.business.tableId, input.payload ?? {}, actor.username);
      await this.closeTask(trx, task, 1, 'pass', actor.username, comment || null);
      await this.sign(trx, inst.id, node, actor, comment || null);
      const chosen = await this.chosenUsers(trx, input.assignees);
      await this.log(trx, inst.id, 'pass', actor, {
        task,
        node,
        comment: comment || null,
        detail: chosen ? { assignees: chosen.map((u) => u.username) } : undefined,
      });
      L.events.push({ ...this.ref(L), type: 'passed', taskId: task.id, nodeId: node.id, nodeName: node.name, actor: who(actor), comment: comment || null, variables: {} });
      const pending: PendingTask[] = [];
      const steps = { n: 0 };
      await this.leave(trx, L, node.id, pending, steps);
      if (await this.createTasks(trx, L, pending, chosen, input.priority ?? task.priority, steps)) await this.settle(trx, L);
    });
  }

  /** Rejects to the initiator (`/actTask/back`): the instance ends, business 2/3. */
  async back(actor: Actor, input: { id: string; comment?: string }, jx = false): Promise<void> {
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const task = await this.openTask(trx, input.id);
      const L = await this.load(trx, inst, events);
      await this.checkActor(trx, task, actor, L);
      const comment = (input.comment ?? '').trim();
      if (!comment && (jx || L.form?.commentRequired)) throw businessError(WF_TEXT.COMMENT_REQUIRED);
      await this.closeTask(trx, task, 1, 'back', actor.username, comment || null);
      await this.log(trx, inst.id, 'back', actor, { task, comment: comment || null });
      L.events.push({ ...this.ref(L), type: 'rejected', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(actor), comment: comment || null, backTaskKey: null });
      await this.endInstance(trx, L, 'rejected', 'backed');
    });
  }

  /**
   * Returns the process to an earlier node (`/actTask/backToTask`). Tokens downstream of the target are
   * removed, a task is created at the target for `assignees` (default: who approved it before), parallel
   * joins below the target get the arrivals of branches that are not redone (no stuck joins), and the
   * signatures of the target and later nodes are cleared. Business status stays 1/1.
   */
  async backToTask(actor: Actor, input: BackToTaskInput): Promise<void> {
    if (input.backTaskKey === '-1') return this.back(actor, { id: input.id, comment: input.comment });
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const task = await this.openTask(trx, input.id);
      const L = await this.load(trx, inst, events);
      await this.checkActor(trx, task, actor, L);
      const comment = (input.comment ?? '').trim();
      if (!comment && L.form?.commentRequired) throw businessError(WF_TEXT.COMMENT_REQUIRED);
      const allowed = await this.backList(trx, inst.id);
      const target = L.model.nodes.get(input.backTaskKey);
      if (!target || target.kind !== 'user' || !allowed.some((b) => b.key === target.id)) throw businessError(WF_TEXT.BAD_BACK_NODE);
      const reach = L.model.reachable(target.id);
      if (!reach.has(task.nodeId)) throw businessError(WF_TEXT.BAD_BACK_NODE);

      let users = await this.chosenUsers(trx, input.assignees);
      if (!users) {
        const prev = await trx
          .selectFrom('wfTask')
          .select('executor')
          .where('instId', '=', inst.id)
          .where('nodeId', '=', target.id)
          .where('status', '=', 1)
          .where('outcome', 'in', ['pass', 'auto'])
          .orderBy('endTime', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        users = prev?.executor ? await this.dir.byUsernames([prev.executor], trx) : [];
      }
      if (!users.length) throw businessError(WF_TEXT.NEED_APPROVER);

      // Close the open tasks that lie downstream of the target (the caller's own included).
      const open = await trx.selectFrom('wfTask').selectAll().where('instId', '=', inst.id).where('status', '=', 0).execute();
      for (const t of open) {
        if (!reach.has(t.nodeId)) continue;
        if (t.id === task.id) await this.closeTask(trx, t, 1, 'return', actor.username, comment || null);
        else await this.closeTask(trx, t, 2, 'returned', null, null);
      }
      // Remove join arrivals that came from the part being redone.
      const joins = await trx.selectFrom('wfToken').selectAll().where('instId', '=', inst.id).where('state', '=', 'join').execute();
      for (const j of joins) {
        const via = L.model.nodes.get(j.nodeId)?.incoming.find((f) => f.id === j.viaFlow);
        if (via && reach.has(via.source)) await trx.deleteFrom('wfToken').where('id', '=', j.id).execute();
      }
      // Branches outside the redone part count as arrived at the joins the target will reach.
      const remaining = await trx.selectFrom('wfToken').selectAll().where('instId', '=', inst.id).execute();
      for (const nodeId of reach) {
        const j = L.model.nodes.get(nodeId)!;
        if (j.kind !== 'parallel' || j.incoming.length < 2) continue;
        for (const f of j.incoming) {
          if (reach.has(f.source)) continue;
          const covered = remaining.some(
            (r) => (r.state === 'join' && r.nodeId === j.id && r.viaFlow === f.id) || (r.state === 'active' && L.model.reachable(r.nodeId).has(f.source)),
          );
          if (!covered) {
            await trx
              .insertInto('wfToken')
              .values({ id: newId(), instId: inst.id, nodeId: j.id, state: 'join', viaFlow: f.id, createTime: now() })
              .execute();
          }
        }
      }
      await trx.deleteFrom('wfNodeSign').where('instId', '=', inst.id).where('nodeId', 'in', [...reach]).execute();
      await this.log(trx, inst.id, 'return', actor, {
        task,
        comment: comment || null,
        detail: { target: target.id, targetName: target.name, assignees: users.map((u) => u.username) },
      });
      const tokenId = newId();
      await trx
        .insertInto('wfToken')
        .values({ id: tokenId, instId: inst.id, nodeId: target.id, state: 'active', viaFlow: null, createTime: now() })
        .execute();
      const taskId = newId();
      await trx
        .insertInto('wfTask')
        .values({
          id: taskId,
          instId: inst.id,
          procDefId: L.def.id,
          tokenId,
          nodeId: target.id,
          name: target.name,
          assignee: null,
          owner: null,
          priority: input.priority ?? task.priority,
          status: 0,
          createTime: now(),
          endTime: null,
          outcome: null,
          executor: null,
          comment: null,
        })
        .execute();
      await trx
        .insertInto('wfTaskCandidate')
        .values(users.map((u) => ({ id: newId(), taskId, instId: inst.id, username: u.username, open: 1 })))
        .execute();
      L.events.push({ ...this.ref(L), type: 'rejected', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(actor), comment: comment || null, backTaskKey: target.id });
      L.events.push({ ...this.ref(L), type: 'taskCreated', taskId, nodeId: target.id, nodeName: target.name, candidates: users.map((u) => u.username), priority: input.priority ?? task.priority });
      await this.settle(trx, L);
    });
  }

  /** Hands a task to another user (`/actTask/delegate`); status and result do not change. */
  async delegate(actor: Actor, input: { id: string; userId: string; comment?: string }): Promise<void> {
    if (!input.userId?.trim()) throw businessError(WF_TEXT.NEED_DELEGATE);
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const task = await this.openTask(trx, input.id);
      const L = await this.load(trx, inst, events);
      await this.checkActor(trx, task, actor, L);
      const to = await this.dir.find(input.userId.trim(), trx);
      if (!to) throw businessError(WF_TEXT.DELEGATE_UNKNOWN);
      if (to.username === actor.username) throw businessError(WF_TEXT.DELEGATE_SELF);
      await trx.updateTable('wfTask').set({ assignee: to.username, owner: actor.username }).where('id', '=', task.id).execute();
      await trx.updateTable('wfTaskCandidate').set({ open: 0 }).where('taskId', '=', task.id).execute();
      await trx.insertInto('wfTaskCandidate').values({ id: newId(), taskId: task.id, instId: inst.id, username: to.username, open: 0 }).execute();
      await this.log(trx, inst.id, 'delegate', actor, {
        task,
        comment: (input.comment ?? '').trim() || null,
        detail: { to: to.username, toName: to.realname },
      });
      L.events.push({ ...this.ref(L), type: 'delegated', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(actor), to: to.username, comment: (input.comment ?? '').trim() || null });
    });
  }

  /** The applicant withdraws a running application while no approver has acted (3/0). */
  async cancel(actor: Actor, input: { id: string; reason?: string }): Promise<void> {
    const business = await this.db.selectFrom('wfBusiness').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!business) throw businessError('申请不存在');
    if (business.userId !== actor.username) throw businessError(WF_TEXT.NOT_YOURS);
    if (business.status !== 1 || !business.procInstId) throw businessError(WF_TEXT.NOT_RUNNING);
    await this.command(business.procInstId, async (trx, inst, events) => {
      if (inst.state !== 'running') throw businessError(WF_TEXT.NOT_RUNNING);
      const acted = await trx
        .selectFrom('wfAction')
        .select('id')
        .where('instId', '=', inst.id)
        .where('action', 'in', ['pass', 'return', 'delegate', 'back'])
        .executeTakeFirst();
      if (acted) throw businessError(WF_TEXT.CANNOT_WITHDRAW);
      const L = await this.load(trx, inst, events);
      const reason = (input.reason ?? '').trim() || '发起人撤回';
      await this.log(trx, inst.id, 'cancel', actor, { comment: reason });
      L.events.push({ ...this.ref(L), type: 'withdrawn', actor: who(actor), reason });
      await this.endInstance(trx, L, 'canceled', `canceled-${reason}`.slice(0, 100));
    });
  }

  /** Batch approve: each task its own transaction, the node's configured approvers, a result per item. */
  async passAll(actor: Actor, ids: string[]): Promise<BatchItem[]> {
    const out: BatchItem[] = [];
    for (let i = 0; i < ids.length; i++) {
      try {
        await this.pass(actor, { id: ids[i], comment: '' });
        out.push({ id: ids[i], success: true, message: '操作成功' });
      } catch (err) {
        out.push({ id: ids[i], success: false, message: errorText(err) });
      }
      workflowFaults.afterBatchItem?.(i);
    }
    return out;
  }

  /** Batch reject to the initiator, by process instance; a result per item. */
  async backAll(actor: Actor, procInstIds: string[]): Promise<BatchItem[]> {
    const out: BatchItem[] = [];
    for (let i = 0; i < procInstIds.length; i++) {
      const instId = procInstIds[i];
      try {
        const open = await this.db.selectFrom('wfTask').selectAll().where('instId', '=', instId).where('status', '=', 0).execute();
        let mine: WfTask | undefined;
        for (const t of open) if (await this.canAct(this.db, t, actor.username)) mine = mine ?? t;
        if (!mine) throw businessError(open.length ? WF_TEXT.NO_TODO_IN_INSTANCE : WF_TEXT.TASK_DONE);
        await this.back(actor, { id: mine.id, comment: '' });
        out.push({ id: instId, success: true, message: '操作成功' });
      } catch (err) {
        out.push({ id: instId, success: false, message: errorText(err) });
      }
      workflowFaults.afterBatchItem?.(i);
    }
    return out;
  }

  /**
   * Nodes the process can be returned to: user tasks approved earlier in this instance from which an
   * open task is reachable (so no sibling branch or later node appears), first approval first.
   */
  async backList(db: Database, procInstId: string): Promise<{ key: string; name: string }[]> {
    const inst = await db.selectFrom('wfInstance').selectAll().where('id', '=', procInstId).executeTakeFirst();
    if (!inst || inst.state !== 'running') return [];
    const model = await this.model(await this.definition(db, inst.procDefId), db);
    const tasks = await db
      .selectFrom('wfTask')
      .select(['nodeId', 'name', 'status', 'outcome'])
      .where('instId', '=', procInstId)
      .orderBy('endTime')
      .orderBy('id')
      .execute();
    const openNodes = tasks.filter((t) => t.status === 0).map((t) => t.nodeId);
    const out: { key: string; name: string }[] = [];
    const seen = new Set<string>();
    for (const t of tasks) {
      if (t.status !== 1 || !['pass', 'auto'].includes(t.outcome ?? '') || seen.has(t.nodeId)) continue;
      if (openNodes.includes(t.nodeId)) continue;
      const reach = model.reachable(t.nodeId);
      if (!openNodes.some((n) => reach.has(n))) continue;
      seen.add(t.nodeId);
      out.push({ key: t.nodeId, name: t.name ?? t.nodeId });
    }
    return out;
  }
}

function isSerializationFailure(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '40001' || code === '40P01' || code === 'SQLITE_BUSY';
}

export function errorText(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return '系统繁忙，请稍后再试';
}
