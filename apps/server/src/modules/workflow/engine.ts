import { PostgresAdapter, sql, type Compilable } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { asOneStatement, nameStatement, prepared, preparedInsert, preparedWrite } from '../../platform/db/prepared.js';
import { now, parseDateTime } from '../../platform/db/time.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { writeLog } from '../../platform/oplog/oplog.js';
import { addDuration, cachedModel, IMPLICIT_END_KINDS, MODELER_INITIATOR, modelFor, parseTimerDate, type DecisionField, type TimerSpec, type Flow, type FlowNode, type MultiInstance, type ProcessModel } from './bpmn.js';
import { Directory, type UserBrief } from './directory.js';
import { evaluateCondition, evaluateValue, ExpressionError, isExpression, UnknownVariableError } from './expression.js';
import { DEFAULT_DATE_PATTERN, formatPatternDate, formTarget, parsePatternDate, parseStoredDate } from './form-properties.js';
import { applicationStatusTexts, runningStatusText, type OpenTaskRow } from './status-text.js';
import { WorkflowEvents, type InstanceRef, type WorkflowEvent } from './events.js';
import type { FormRegistry, FormType } from './form-registry.js';
import type { WfAction, WfBusiness, WfDefinition, WfInstance, WfJob, WfNode, WfNodeSign, WfTask, WfTaskCandidate, WfToken } from './workflow.tables.js';

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
  /** the applicant never approves their own application (unless the node opted out) */
  SELF_APPROVAL: '不能审批自己的申请',
  DELEGATE_INITIATOR: '不能委托给申请人本人',
  TRANSFER_INITIATOR: '不能转办给申请人本人',
  ADDSIGN_INITIATOR: '不能加签申请人本人',
  REASSIGN_INITIATOR: '不能分配给申请人本人',
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

/** Every column of the rows a pass reads in one statement (a record, so a column added to a table type must be added here). */
const columns = <T>(all: Record<keyof T, true>) => Object.keys(all) as (keyof T & string)[];
const TASK_COLS = columns<WfTask>({ id: true, instId: true, procDefId: true, tokenId: true, nodeId: true, name: true, assignee: true, owner: true, priority: true, status: true, createTime: true, endTime: true, outcome: true, executor: true, comment: true });
const INST_COLS = columns<WfInstance>({ id: true, procDefId: true, businessId: true, starter: true, starterName: true, title: true, state: true, version: true, priority: true, startTime: true, endTime: true, endReason: true, parentId: true, rootId: true, parentNodeId: true, parentTokenId: true });
const BUSINESS_COLS = columns<WfBusiness>({ id: true, procDefId: true, procInstId: true, userId: true, title: true, tableName: true, tableId: true, status: true, result: true, applyTime: true, sysOrgCode: true, delFlag: true, createBy: true, createTime: true, updateBy: true, updateTime: true });
/** `procDefId` → `tProcDefId`: the alias of a column of table alias `t` in a combined row. */
const aliasOf = (t: string, c: string) => `${t}${c[0].toUpperCase()}${c.slice(1)}`;
function pickRow<T>(row: Record<string, unknown>, t: string, cols: readonly string[]): T {
  return Object.fromEntries(cols.map((c) => [c, row[aliasOf(t, c)]])) as T;
}

/** Does the model contain any node the walk from a pass must read back from the database for? */
const modelTraits = new WeakMap<ProcessModel, { joins: boolean; calls: boolean }>();
function traitsOf(model: ProcessModel): { joins: boolean; calls: boolean } {
  let t = modelTraits.get(model);
  if (!t) {
    const nodes = [...model.nodes.values()];
    t = {
      joins: nodes.some((n) => (n.kind === 'parallel' || n.kind === 'inclusive') && n.incoming.length > 1),
      calls: nodes.some((n) => n.kind === 'call'),
    };
    modelTraits.set(model, t);
  }
  return t;
}

interface Loaded {
  inst: WfInstance;
  def: DefMeta;
  model: ProcessModel;
  business: WfBusiness;
  form: FormType | undefined;
  /** what conditions and expressions see: the form snapshot overlaid with the process variables */
  vars: Record<string, unknown>;
  /** the form data snapshot (+ tableId, initiator) — variable row `form` */
  formVars: Record<string, unknown>;
  /** variables given on apply/pass (decision fields) — variable row `vars` */
  procVars: Record<string, unknown>;
  procVarsDirty?: boolean;
  /** events of this command, delivered after commit */
  events: WorkflowEvent[];
  /** flows taken but not yet followed (inclusive joins wait for them) */
  inflight: Flow[];
  /** plain end events reached in this command */
  endsReached: FlowNode[];
  /** a terminate end, or an end marked rejected, was reached: the instance ends with this outcome */
  terminal?: { node: FlowNode; outcome: 'passed' | 'rejected' };
  /** a child instance started by a call activity inside the parent's command: the parent's state */
  callCtx?: { parent: Loaded; pending: PendingTask[]; steps: { n: number } };
  /** ending because its parent ends: do not resume or end the parent */
  cascading?: boolean;
  /** a pass's walk: tokens of the user tasks it reaches are written with their task (see `flushDeferred`) */
  deferTokens?: boolean;
  tokenRows?: Map<string, WfToken>;
  /** a pass's own writes (closing its task, the signature, the history row), written with the next task */
  deferred?: { guard: Compilable | null; writes: Compilable[] };
}

/** The actor of what the engine does by itself (timers). */
const SYSTEM: Actor = { username: 'system', realname: '系统' };

/** Countersign progress of a node (variable row `mi:<nodeId>`). */
interface MiState {
  total: number;
  completed: number;
  approved: number;
  rejected: number;
  sequential: boolean;
  items: (string | number | boolean | null)[];
  /** one instance per candidate user (items are usernames) */
  perUser: boolean;
  /** pass ratio in percent (100: all must pass; the first veto rejects) */
  ratio: number;
  condition: string | null;
  elementVariable: string | null;
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
  /** decision variables, merged into the instance before the next gateway (a completion through the engine API) */
  variables?: Record<string, unknown>;
  /** the task's form submitted (values keyed by formProperty id): required, writable and defaults apply */
  formProperties?: Record<string, unknown>;
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
  /** process variables, merged before the first gateway */
  variables?: Record<string, unknown>;
  /** the start form submitted (values keyed by formProperty id): required, writable and defaults apply */
  formProperties?: Record<string, unknown>;
  procDefId?: string;
  assignees?: string;
  priority?: number;
}

export type BatchItem = {
  id: string;
  success: boolean;
  message: string;
};

/**
 * The operation-log row of one batch item, written inside the item's own transaction: an item that
 * committed always has its row, even when the batch dies before the request's log is written.
 */
export interface ItemLog {
  content: string;
  url: string;
}

const splitUsers = (s: string | undefined | null): string[] =>
  [...new Set(String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean))];

const MAX_STEPS = 500;

/** The applicant may urge an instance once in this many minutes. */
export const URGE_MINUTES = 10;

function parseTime(s: string): number {
  const t = parseDateTime(s);
  return Number.isFinite(t) ? t : 0;
}

/** A list value: an array, or comma-separated text; null/empty is an empty list. */
function toList(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === null || v === undefined || v === '') return [];
  if (typeof v === 'string') return v.split(',').map((x) => x.trim()).filter(Boolean);
  return [v];
}

/** The open task, its instance, definition, application, variables and the user's candidacy in one read (built once). */
const readTask = prepared(
  (db: Database, taskId: string, username: string) =>
    db
      .selectFrom('wfTask as t')
      .innerJoin('wfInstance as i', 'i.id', 't.instId')
      .leftJoin('wfDefinition as d', 'd.id', 'i.procDefId')
      .leftJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .select(TASK_COLS.map((c) => sql.ref(`t.${c}`).as(aliasOf('t', c))))
      .select(INST_COLS.map((c) => sql.ref(`i.${c}`).as(aliasOf('i', c))))
      .select(DEF_META.map((c) => sql.ref(`d.${c}`).as(aliasOf('d', c))))
      .select(BUSINESS_COLS.map((c) => sql.ref(`b.${c}`).as(aliasOf('b', c))))
      .select((eb) => [
        eb.selectFrom('wfVariable as v').select('v.value').whereRef('v.instId', '=', 't.instId').where('v.name', '=', 'form').as('varForm'),
        eb.selectFrom('wfVariable as v').select('v.value').whereRef('v.instId', '=', 't.instId').where('v.name', '=', 'vars').as('varVars'),
        eb
          .selectFrom('wfVariable as v')
          .select('v.value')
          .whereRef('v.instId', '=', 't.instId')
          .where((e) => e('v.name', '=', sql<string>`${sql.lit('mi:')} || ${sql.ref('t.nodeId')}`))
          .as('varMi'),
        eb.exists(eb.selectFrom('wfTaskCandidate as c').select('c.id').whereRef('c.taskId', '=', 't.id').where('c.username', '=', username)).as('candidate'),
      ])
      // PostgreSQL: the instance's open tasks as the status text reads them (see `settle`)
      .$if(db.getExecutor().adapter instanceof PostgresAdapter, (q) =>
        q.select(
          sql<OpenTaskRow[] | null>`(select json_agg(json_build_object('id', o.id, 'nodeId', o.node_id, 'name', o.name, 'assignee', o.assignee, 'username', oc.username, 'realname', ou.realname) order by o.create_time)
            from wf_task o left join wf_task_candidate oc on oc.task_id = o.id and oc.open = 1 left join sys_user ou on ou.username = coalesce(o.assignee, oc.username)
            where o.inst_id = t.inst_id and o.status = 0)`.as('openTasks'),
        ),
      )
      .where('t.id', '=', taskId),
  2,
);

/** The claim of a task's command: the task's top instance moves its version on (built once). */
const claimTask = prepared(
  (db: Database, taskId: string) =>
    db
      .updateTable('wfInstance')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('wfTask')
          .innerJoin('wfInstance as i', 'i.id', 'wfTask.instId')
          .select((e) => e.fn.coalesce('i.rootId', 'i.id').$castTo<string>().as('claim'))
          .where('wfTask.id', '=', taskId),
      )
      .returningAll(),
  1,
);

const who = (a: Actor) => ({ username: a.username, realname: a.realname });

/** The writes of an approval step, each built once (their values bound per call). */
const closeTaskGuard = preparedWrite(
  (db: Database, status: number, outcome: string, executor: string | null, comment: string | null, endTime: string, taskId: string) =>
    db.updateTable('wfTask').set({ status, outcome, executor, comment, endTime }).where('id', '=', taskId).where('status', '=', 0).returning('id'),
  6,
);
const closeCandidates = preparedWrite((db: Database, taskId: string) => db.updateTable('wfTaskCandidate').set({ open: 0 }).where('taskId', '=', taskId), 1);
const deleteToken = preparedWrite((db: Database, id: string) => db.deleteFrom('wfToken').where('id', '=', id), 1);
const deleteTaskJobs = preparedWrite((db: Database, taskId: string) => db.deleteFrom('wfJob').where('taskId', '=', taskId), 1);
const deleteNodeSign = preparedWrite((db: Database, instId: string, nodeId: string) => db.deleteFrom('wfNodeSign').where('instId', '=', instId).where('nodeId', '=', nodeId), 2);
const updateFormVariable = preparedWrite((db: Database, value: string, instId: string) => db.updateTable('wfVariable').set({ value }).where('instId', '=', instId).where('name', '=', 'form'), 2);
const insertNodeSign = preparedInsert<WfNodeSign>('wfNodeSign', columns<WfNodeSign>({ id: true, instId: true, nodeId: true, nodeName: true, username: true, realname: true, signTime: true, value: true }));
const insertAction = preparedInsert<WfAction>(
  'wfAction',
  columns<WfAction>({ id: true, instId: true, taskId: true, nodeId: true, nodeName: true, action: true, username: true, realname: true, comment: true, detail: true, createTime: true }),
);
const insertTask = preparedInsert<WfTask>('wfTask', TASK_COLS);
const insertCandidate = preparedInsert<WfTaskCandidate>('wfTaskCandidate', columns<WfTaskCandidate>({ id: true, taskId: true, instId: true, username: true, open: true }));
const insertToken = preparedInsert<WfToken>('wfToken', columns<WfToken>({ id: true, instId: true, nodeId: true, state: true, viaFlow: true, createTime: true }));

/** Names the engine sets itself; a request cannot set them. */
const RESERVED_VARS = new Set(['initiator', 'tableId', 'nrOfInstances', 'nrOfCompletedInstances', 'nrOfActiveInstances', 'nrOfApprovedInstances', 'nrOfRejectedInstances', 'loopCounter', '__proto__', 'constructor', 'prototype']);
const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * A declared form property id used as its variable name: as in Activiti, any text (`Do you agree?`) — set
 * only through a property that declares it, never readable by an expression.
 */
const PROPERTY_ID = /^\P{Cc}{1,100}$/u;

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

  private readonly pg: boolean;
  /**
   * PostgreSQL, during a pass: per transaction and instance, the instance's open tasks (one row per open
   * candidate, in creation order) as they are once the command's writes are done — read with the task,
   * then kept up to date by every task the command closes or opens — so `settle` writes the status text
   * without reading it back.
   */
  private readonly openTasks = new WeakMap<Database, Map<string, (OpenTaskRow & { id: string })[]>>();
  /** The time timers are computed and fired against (tests move it instead of sleeping). */
  clock: () => number = () => Date.now();

  constructor(
    private readonly db: Database,
    private readonly forms: FormRegistry,
  ) {
    this.dir = new Directory(db);
    this.pg = db.getExecutor().adapter instanceof PostgresAdapter;
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
          // PostgreSQL: wait for the row lock so concurrent approvals of one instance (countersign) queue up
          // instead of failing; the version check below still guards every other path.
          // A call activity's child instances claim the top instance of their tree, so the parent and
          // its children never change concurrently (and locks are always taken in the same order).
          const head = await trx.selectFrom('wfInstance').select(['rootId']).where('id', '=', instId).executeTakeFirst();
          if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
          const claimId = head.rootId ?? instId;
          let q = trx.selectFrom('wfInstance').selectAll().where('id', '=', claimId);
          if (this.pg) q = q.forUpdate();
          const root = await q.executeTakeFirst();
          if (!root) throw businessError(WF_TEXT.TASK_NOT_FOUND);
          const res = await trx
            .updateTable('wfInstance')
            .set({ version: root.version + 1 })
            .where('id', '=', claimId)
            .where('version', '=', root.version)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) throw new VersionConflict();
          const inst = claimId === instId ? { ...root, version: root.version + 1 } : await trx.selectFrom('wfInstance').selectAll().where('id', '=', instId).executeTakeFirstOrThrow();
          return fn(trx, inst, events);
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

  /**
   * The command of a task (`pass`): one `UPDATE … RETURNING` finds the task's top instance, waits for its
   * row lock (PostgreSQL; SQLite's single writer serialises) and moves its version on; everything else is
   * read after that, so it sees what the command before it committed. `fn` gets the claimed top row and
   * returns the task's instance id.
   */
  private async taskCommand(taskId: string, fn: (trx: Database, root: WfInstance, events: WorkflowEvent[]) => Promise<string>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const events: WorkflowEvent[] = [];
      try {
        const instId = await this.inTrx(async (trx) => {
          const root = (await claimTask(trx, taskId)).rows[0];
          if (!root) throw businessError(WF_TEXT.TASK_NOT_FOUND);
          return fn(trx, root, events);
        });
        this.changed(instId);
        this.events.emit(events);
        return;
      } catch (err) {
        if (err instanceof VersionConflict || isSerializationFailure(err)) {
          if (attempt < 2) continue;
          throw businessError(WF_TEXT.TASK_DONE);
        }
        throw err;
      }
    }
  }

  /**
   * Independent writes of one step. On PostgreSQL they go as one statement (each a data-modifying CTE;
   * none sees another's effect, so none may touch a row another writes); elsewhere one after another.
   * `guard` (an UPDATE … RETURNING) runs first; the count of its rows is returned.
   */
  private async writeAll(trx: Database, guard: Compilable | null, writes: Compilable[]): Promise<number> {
    if (!this.pg) {
      const n = guard ? (await trx.executeQuery(guard.compile())).rows.length : 0;
      for (const w of writes) await trx.executeQuery(w.compile());
      return n;
    }
    const ctes = [...(guard ? [guard] : []), ...writes];
    if (!ctes.length) return 0;
    const q = asOneStatement(ctes, `select ${guard ? '(select count(*) from w0)' : '0'} as n`);
    // the steps of a process repeat the same few shapes: each is parsed and planned once per connection
    nameStatement(q.sql);
    const r = await trx.executeQuery<{ n: number }>(q);
    return Number(r.rows[0]?.n ?? 0);
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
    const rows = await trx.selectFrom('wfVariable').select(['name', 'value']).where('instId', '=', inst.id).where('name', 'in', ['form', 'vars']).execute();
    const read = (name: string) => {
      const v = rows.find((r) => r.name === name)?.value;
      return v ? (JSON.parse(v) as Record<string, unknown>) : {};
    };
    return this.loaded(trx, inst, def, business, read('form'), read('vars'), events);
  }

  /** The state a command works on, from the rows `load` and `loadTask` read. */
  private async loaded(
    trx: Database,
    inst: WfInstance,
    def: DefMeta,
    business: WfBusiness,
    formVars: Record<string, unknown>,
    procVars: Record<string, unknown>,
    events: WorkflowEvent[],
  ): Promise<Loaded> {
    return {
      inst,
      def,
      model: await this.model(def, trx),
      business,
      form: this.forms.get(business.tableName),
      vars: { ...formVars, ...procVars },
      formVars,
      procVars,
      events,
      inflight: [],
      endsReached: [],
    };
  }

  /**
   * What a pass reads, in one statement after the claim: the open task, its instance, definition and
   * application, the variables (form, vars and the node's countersign state) and whether `username` is a
   * candidate. The same checks and texts as `openTask` + `load` + `canAct`.
   */
  private async loadTask(
    trx: Database,
    taskId: string,
    username: string,
    events: WorkflowEvent[],
  ): Promise<{ task: WfTask; L: Loaded; candidate: boolean; mi: MiState | null | undefined }> {
    const row = (await readTask(trx, taskId, username)).rows[0] as Record<string, unknown> | undefined;
    if (!row) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    const task = pickRow<WfTask>(row, 't', TASK_COLS);
    if (task.status !== 0) throw businessError(WF_TEXT.TASK_DONE);
    const inst = pickRow<WfInstance>(row, 'i', INST_COLS);
    const def = row.dId == null ? await this.definition(trx, inst.procDefId) : pickRow<DefMeta>(row, 'd', DEF_META);
    const business = row.bId == null ? await trx.selectFrom('wfBusiness').selectAll().where('id', '=', inst.businessId).executeTakeFirstOrThrow() : pickRow<WfBusiness>(row, 'b', BUSINESS_COLS);
    const read = (v: unknown) => (v ? (JSON.parse(v as string) as Record<string, unknown>) : {});
    // the countersign state read with the task (undefined: a node id too long for the variable name, read later)
    const mi = this.miName(task.nodeId) === `mi:${task.nodeId}` ? (row.varMi ? (JSON.parse(row.varMi as string) as MiState) : null) : undefined;
    const L = await this.loaded(trx, inst, def, business, read(row.varForm), read(row.varVars), events);
    if ('openTasks' in row) {
      const tracked = this.openTasks.get(trx) ?? new Map<string, (OpenTaskRow & { id: string })[]>();
      tracked.set(inst.id, (row.openTasks as (OpenTaskRow & { id: string })[] | null) ?? []);
      this.openTasks.set(trx, tracked);
    }
    return { task, L, candidate: row.candidate === true || row.candidate === 1, mi };
  }

  /**
   * Merges variables into the process variables before any gateway is evaluated. What a client gives has
   * passed `decisionValues` first (declared outputs only, never a form field's name).
   */
  private mergeVariables(L: Loaded, given: Record<string, unknown> | undefined): void {
    if (!given || !Object.keys(given).length) return;
    for (const [k, v] of Object.entries(given)) {
      // what is given here has passed decisionValues: declared outputs only
      if (RESERVED_VARS.has(k) || !(VAR_NAME.test(k) || PROPERTY_ID.test(k))) throw businessError(`变量名「${k}」不允许使用`);
      L.procVars[k] = v;
    }
    L.procVarsDirty = true;
    L.vars = { ...L.formVars, ...L.procVars };
  }

  private async saveProcVars(trx: Database, L: Loaded): Promise<void> {
    if (!L.procVarsDirty) return;
    const value = JSON.stringify(L.procVars);
    const res = await trx.updateTable('wfVariable').set({ value }).where('instId', '=', L.inst.id).where('name', '=', 'vars').executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await trx.insertInto('wfVariable').values({ id: newId(), instId: L.inst.id, name: 'vars', value }).execute();
    L.procVarsDirty = false;
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
    const write = await this.refreshedVars(trx, L);
    if (write) await trx.executeQuery(write.compile());
  }

  /** `refreshVars` without its write: the update of the snapshot variable when it changed, for the caller to run. */
  private async refreshedVars(trx: Database, L: Loaded) {
    if (!L.form || L.inst.parentId) return null;
    const data = await L.form.load(trx, L.business.tableId);
    if (!data) return null;
    const vars = this.formSnapshot(L.model, data, L.business.tableId, L.inst.starter);
    const json = JSON.stringify(vars);
    const write = json !== JSON.stringify(L.formVars) ? updateFormVariable(trx, json, L.inst.id) : null;
    L.formVars = vars;
    L.vars = { ...L.formVars, ...L.procVars };
    return write;
  }

  /** The variables a form contributes: its fields, `tableId`, `initiator` (and the start event's initiator variable). */
  private formSnapshot(model: ProcessModel, data: Record<string, unknown>, tableId: string, starter: string): Record<string, unknown> {
    const vars: Record<string, unknown> = { ...data, tableId, initiator: starter };
    if (model.initiatorVar) vars[model.initiatorVar] = starter;
    return vars;
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
        multiMode: '',
        passRatio: 100,
        decisionFields: null,
        allowInitiator: 0,
      }
    );
  }

  /**
   * Candidate users of a user task (no policies applied): the node's rules when it has any, else the
   * BPMN assignment (assignee, candidateUsers, candidateGroups as role codes, humanPerformer/potentialOwner,
   * expressions over the variables such as `${initiator}`).
   */
  async nodeCandidates(db: Database, procDefId: string, nodeId: string, starter: string, vars: Record<string, unknown>): Promise<UserBrief[]> {
    const rules = await this.nodeRules(db, procDefId, nodeId);
    if (rules.length) return this.dir.candidates(rules, { starter, vars }, db);
    const node = (await this.model({ id: procDefId }, db)).nodes.get(nodeId);
    const a = node?.assignment;
    if (!node || !a) return [];
    const values = (texts: string[], what: string) => texts.flatMap((t) => this.assignmentValues(node, t, vars, what, starter));
    const assignees = a.assignee ? values([a.assignee], '处理人') : [];
    const users = [...assignees, ...values(a.candidateUsers, '候选人')];
    const groups = values(a.candidateGroups, '候选组');
    const out = new Map<string, UserBrief>();
    for (const u of users.length ? await this.dir.byUsernames([...new Set(users)], db) : []) out.set(u.username, u);
    if (a.assignee) {
      // an assignee that names nobody of the directory never falls back to somebody else: the command stops
      const unknown = assignees.filter((x) => !out.has(x));
      if (!assignees.length || unknown.length) {
        throw businessError(
          `用户任务「${node.name}」(${node.id})的处理人「${a.assignee}」${assignees.length ? `是「${unknown.join('、')}」，不是系统中的用户` : '没有得到任何用户'}，流程无法继续，请联系管理员检查流程定义`,
        );
      }
    }
    for (const u of groups.length ? await this.dir.roleMembers([...new Set(groups)], db) : []) if (!out.has(u.username)) out.set(u.username, u);
    return [...out.values()];
  }

  private async nodeRules(db: Database, procDefId: string, nodeId: string): Promise<{ type: number; relateId: string | null }[]> {
    const key = `${procDefId}\u0000${nodeId}`;
    const cached = rulesCache.get(key);
    if (cached && cached.at > Date.now() - NODE_CACHE_MS) return cached.value;
    const rules = await db
      .selectFrom('wfNodeRule')
      .select(['type', 'relateId'])
      .where('procDefId', '=', procDefId)
      .where('nodeId', '=', nodeId)
      .orderBy('id')
      .execute();
    rulesCache.set(key, { at: Date.now(), value: rules });
    return rules;
  }

  /**
   * May the applicant be among a node's people? Only when the node opted out of the initiator rule
   * (`allowInitiator`, e.g. a 重新提交 step) or its people are explicitly the initiator: a rule of type 3,
   * or — without rules — a BPMN assignment that is the initiator variable (`${initiator}`, or the start
   * event's `activiti:initiator` variable such as `${applyUserId}`).
   */
  async initiatorAllowed(db: Database, procDefId: string, nodeId: string): Promise<boolean> {
    const settings = await this.nodeSettings(db, procDefId, nodeId);
    if (settings.allowInitiator === 1) return true;
    const rules = await this.nodeRules(db, procDefId, nodeId);
    if (rules.length) return rules.some((r) => r.type === 3);
    const model = await this.model({ id: procDefId }, db);
    const a = model.nodes.get(nodeId)?.assignment;
    if (!a) return false;
    const names = new Set(['initiator', ...(model.initiatorVar ? [model.initiatorVar] : [])]);
    return [...(a.assignee ? [a.assignee] : []), ...a.candidateUsers].some((text) => {
      if (text.trim() === MODELER_INITIATOR) return true;
      const m = /^\s*[$#]\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\s*$/.exec(text);
      return !!m && names.has(m[1]);
    });
  }

  /** `users` without the applicant, unless the node allows the initiator (see `initiatorAllowed`). */
  async withoutInitiator(db: Database, procDefId: string, nodeId: string, starter: string, users: UserBrief[]): Promise<UserBrief[]> {
    if (!users.some((u) => u.username === starter)) return users;
    if (await this.initiatorAllowed(db, procDefId, nodeId)) return users;
    return users.filter((u) => u.username !== starter);
  }

  /** The people of a node as tasks get them: its candidates without the applicant (unless the node allows them). */
  async nodePeople(db: Database, procDefId: string, nodeId: string, starter: string, vars: Record<string, unknown>): Promise<UserBrief[]> {
    return this.withoutInitiator(db, procDefId, nodeId, starter, await this.nodeCandidates(db, procDefId, nodeId, starter, vars));
  }

  /** Refuses handing a task of `instStarter`'s application to the applicant (delegate, transfer, add-sign, reassign). */
  private async refuseInitiator(db: Database, task: WfTask, starter: string, usernames: string[], message: string): Promise<void> {
    if (!usernames.includes(starter)) return;
    if (await this.initiatorAllowed(db, task.procDefId, task.nodeId)) return;
    throw businessError(message);
  }

  /**
   * One assignment text: a literal name, `$INITIATOR` (the Flowable modeler's "the user who started"), or an
   * expression — whole or composite (`kermit_${loopCounter}`) — giving a name, a comma-separated list or an array.
   */
  private assignmentValues(node: FlowNode, text: string, vars: Record<string, unknown>, what: string, starter: string): string[] {
    if (text.trim() === MODELER_INITIATOR) return [starter];
    if (!isExpression(text)) return [text];
    let v: unknown;
    try {
      v = evaluateValue(text, vars);
    } catch (err) {
      throw this.expressionFailure(err, `用户任务「${node.name}」的${what}表达式 ${text}`);
    }
    return toList(v).map((x) => String(x).trim()).filter(Boolean);
  }

  /** A visible error for an expression that cannot be evaluated (never read as null). */
  private expressionFailure(err: unknown, where: string): unknown {
    if (err instanceof UnknownVariableError) return businessError(`${where}使用了未定义的变量「${err.variable}」，请在申请或审批时提供该变量`);
    if (err instanceof ExpressionError) return businessError(`${where}无法计算：${err.message}`);
    return err;
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
    await trx.executeQuery(this.logWrite(trx, instId, action, who, opts).compile());
  }

  /** The history row of `log`, for the caller to run. */
  private logWrite(
    trx: Database,
    instId: string,
    action: string,
    who: Actor | null,
    opts: { task?: WfTask | null; node?: FlowNode | null; comment?: string | null; detail?: unknown } = {},
  ) {
    return insertAction(trx, {
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
    });
  }

  /** Closes an open task (its candidates, token and jobs with it); a task already closed is a lost race. */
  private async closeTask(trx: Database, task: WfTask, status: 1 | 2, outcome: string, executor: string | null, comment: string | null, also: Compilable[] = []): Promise<void> {
    const close = this.closeTaskWrites(trx, task, status, outcome, executor, comment);
    if ((await this.writeAll(trx, close.guard, [...close.writes, ...also])) !== 1) throw new VersionConflict();
  }

  private closeTaskWrites(trx: Database, task: WfTask, status: 1 | 2, outcome: string, executor: string | null, comment: string | null) {
    const tracked = this.openTasks.get(trx);
    const open = tracked?.get(task.instId);
    if (open) tracked!.set(task.instId, open.filter((r) => r.id !== task.id));
    return {
      guard: closeTaskGuard(trx, status, outcome, executor, comment, now(), task.id),
      writes: [closeCandidates(trx, task.id), ...(task.tokenId ? [deleteToken(trx, task.tokenId)] : []), deleteTaskJobs(trx, task.id)],
    };
  }

  private async sign(trx: Database, instId: string, node: { id: string; name: string | null }, who: Actor, value: string | null): Promise<void> {
    for (const w of this.signWrites(trx, instId, node, who, value)) await trx.executeQuery(w.compile());
  }

  /** The node's signature: the previous one of the node goes, this one is written. */
  private signWrites(trx: Database, instId: string, node: { id: string; name: string | null }, who: Actor, value: string | null) {
    return [
      deleteNodeSign(trx, instId, node.id),
      insertNodeSign(trx, { id: newId(), instId, nodeId: node.id, nodeName: node.name, username: who.username, realname: who.realname, signTime: now(), value }),
    ] as const;
  }

  // ---------------------------------------------------------------- walking the graph

  /**
   * The outgoing flows a token takes when it leaves `node` (Activiti semantics): a parallel gateway takes
   * all; an exclusive gateway the first flow whose condition holds; an inclusive gateway and any other
   * element every flow whose condition holds (no condition = holds). The default flow only when nothing
   * else holds; nothing at all is an error. A condition over an undefined variable is an error.
   */
  selectFlows(node: FlowNode, vars: Record<string, unknown>): Flow[] {
    if (node.kind === 'parallel') return node.outgoing;
    const conditional = node.outgoing.filter((f) => f.id !== node.defaultFlow);
    const def = node.outgoing.find((f) => f.id === node.defaultFlow);
    const holds = (f: Flow) => {
      try {
        return evaluateCondition(f.condition, vars);
      } catch (err) {
        throw this.expressionFailure(err, `连线「${f.name ?? f.id}」的条件 ${f.condition ?? ''} `);
      }
    };
    let taken: Flow[];
    if (node.kind === 'exclusive') {
      const first = conditional.find(holds);
      taken = first ? [first] : [];
    } else {
      taken = conditional.filter(holds);
    }
    if (!taken.length && def) taken = [def];
    if (!taken.length) throw businessError(`节点「${node.name}」没有满足条件的流出分支，请检查表单数据或流程配置`);
    return taken;
  }

  /** Moves a token out of `nodeId`, creating tokens at the user tasks it reaches (collected in `pending`). */
  private async leave(trx: Database, L: Loaded, nodeId: string, pending: PendingTask[], steps: { n: number }): Promise<void> {
    if (L.terminal) return;
    const node = L.model.nodes.get(nodeId);
    if (!node) throw businessError('流程节点不存在');
    if (node.boundaries?.length) {
      await trx.deleteFrom('wfJob').where('instId', '=', L.inst.id).where('nodeId', '=', node.id).where('type', '=', 'timer').execute();
    }
    if (node.kind !== 'end' && !node.outgoing.length && IMPLICIT_END_KINDS.has(node.kind)) {
      // implicit end (BPMN 2.0, Activiti's PVM): leaving an element with no outgoing flow ends this path as a
      // plain end event does; the instance (or its embedded sub-process) ends when no path is left
      await this.flushDeferred(trx, L);
      L.endsReached.push(node);
      const scope = node.scopes[0];
      if (scope && (await this.scopeDone(trx, L, scope))) await this.leave(trx, L, scope, pending, steps);
      return;
    }
    const flows = this.selectFlows(node, L.vars);
    L.inflight.push(...flows);
    for (const flow of flows) {
      L.inflight.splice(L.inflight.indexOf(flow), 1);
      await this.arrive(trx, L, flow, pending, steps);
    }
  }

  private async arrive(trx: Database, L: Loaded, flow: Flow, pending: PendingTask[], steps: { n: number }): Promise<void> {
    if (L.terminal) return;
    if (++steps.n > MAX_STEPS) throw businessError('流程定义存在无限循环');
    const target = L.model.nodes.get(flow.target)!;
    if (target.kind === 'user') {
      pending.push({ nodeId: target.id, tokenId: await this.enterUserTask(trx, L, target, flow.id) });
      return;
    }
    await this.flushDeferred(trx, L);
    if (target.kind === 'end') {
      if (target.terminate || target.outcome === 'rejected') L.terminal = { node: target, outcome: target.outcome ?? 'passed' };
      else L.endsReached.push(target);
      // the end of an embedded sub-process: the sub-process completes when nothing is left inside it
      const scope = target.scopes[0];
      if (scope && !L.terminal && (await this.scopeDone(trx, L, scope))) await this.leave(trx, L, scope, pending, steps);
      return;
    }
    if (target.kind === 'sub') {
      await this.leave(trx, L, target.innerStart!, pending, steps);
      return;
    }
    if (target.kind === 'catch') {
      // an intermediate timer: the token waits; its job carries the token id in task_id
      const tokenId = newId();
      await trx.insertInto('wfToken').values({ id: tokenId, instId: L.inst.id, nodeId: target.id, state: 'wait', viaFlow: flow.id, createTime: now() }).execute();
      const dueTime = this.timerDue(target.timer!, L.vars, `中间定时事件「${target.name}」的定时`);
      await this.addJob(trx, { instId: L.inst.id, type: 'timer', nodeId: target.id, elementId: target.id, taskId: tokenId, dueTime });
      return;
    }
    if (target.kind === 'call') {
      const tokenId = newId();
      await trx.insertInto('wfToken').values({ id: tokenId, instId: L.inst.id, nodeId: target.id, state: 'call', viaFlow: flow.id, createTime: now() }).execute();
      await this.startChild(trx, L, target, tokenId, pending, steps);
      return;
    }
    if ((target.kind === 'parallel' || target.kind === 'inclusive') && target.incoming.length > 1) {
      await trx
        .insertInto('wfToken')
        .values({ id: newId(), instId: L.inst.id, nodeId: target.id, state: 'join', viaFlow: flow.id, createTime: now() })
        .execute();
      if (target.kind === 'parallel') {
        const arrived = await trx
          .selectFrom('wfToken')
          .select('viaFlow')
          .where('instId', '=', L.inst.id)
          .where('nodeId', '=', target.id)
          .where('state', '=', 'join')
          .execute();
        const distinct = new Set(arrived.map((a) => a.viaFlow));
        if (distinct.size < target.incoming.length) return;
      } else if (!(await this.inclusiveReady(trx, L, target))) return;
      await trx.deleteFrom('wfToken').where('instId', '=', L.inst.id).where('nodeId', '=', target.id).where('state', '=', 'join').execute();
    }
    await this.leave(trx, L, target.id, pending, steps);
  }

  /**
   * An inclusive join fires when no other token of the instance (waiting at a task, waiting at another
   * join, or on a flow being followed in this command) can still reach it — Activiti's rule.
   */
  private async inclusiveReady(trx: Database, L: Loaded, gw: FlowNode): Promise<boolean> {
    const tokens = await trx.selectFrom('wfToken').select(['nodeId']).where('instId', '=', L.inst.id).execute();
    for (const t of tokens) if (t.nodeId !== gw.id && L.model.reachable(t.nodeId).has(gw.id)) return false;
    for (const f of L.inflight) if (L.model.reachable(f.target).has(gw.id)) return false;
    return true;
  }

  /** Admin settings over the BPMN multi-instance marker: the countersign of a node, or null. */
  private multiOf(node: FlowNode, settings: WfNode): (MultiInstance & { ratio: number }) | null {
    const mode = settings.multiMode ?? '';
    if (!node.multi && !mode) return null;
    return {
      sequential: mode ? mode === 'sequential' : node.multi!.sequential,
      cardinality: node.multi?.cardinality ?? null,
      collection: node.multi?.collection ?? null,
      elementVariable: node.multi?.elementVariable ?? null,
      completionCondition: node.multi?.completionCondition ?? null,
      ratio: Math.min(100, Math.max(1, settings.passRatio ?? 100)),
    };
  }

  /** Applies a node's "no approver" policy: users to use, or what happened instead. */
  private async noApprover(trx: Database, L: Loaded, node: FlowNode, settings: WfNode, tokenId: string, pending: PendingTask[], steps: { n: number }): Promise<UserBrief[] | 'skipped' | 'canceled'> {
    if (settings.emptyPolicy === 'skip') {
      await this.log(trx, L.inst.id, 'skip', null, { node, comment: '未找到审批人，自动跳过' });
      await trx.deleteFrom('wfToken').where('id', '=', tokenId).execute();
      await this.leave(trx, L, node.id, pending, steps);
      return 'skipped';
    }
    if (settings.emptyPolicy === 'cancel') {
      await this.log(trx, L.inst.id, 'cancel', null, { node, comment: '未找到审批人，流程已自动取消' });
      await this.endInstance(trx, L, 'canceled', 'canceled-noapprover');
      return 'canceled';
    }
    const users = settings.emptyPolicy === 'admin' ? await this.withoutInitiator(trx, L.def.id, node.id, L.inst.starter, await this.dir.admins(trx)) : [];
    if (!users.length) throw businessError(`节点「${node.name}」未找到审批人，请联系管理员配置审批人`);
    await this.log(trx, L.inst.id, 'fallback', null, { node, comment: '未找到审批人，已转给系统管理员' });
    return users;
  }

  /** A task's name: the node's name, or its value when it is an expression (`复核 ${applicant}`, as Activiti's name expression). */
  private taskName(node: FlowNode, vars: Record<string, unknown>): string {
    if (!isExpression(node.name)) return node.name;
    let v: unknown;
    try {
      v = evaluateValue(node.name, vars);
    } catch (err) {
      throw this.expressionFailure(err, `用户任务(${node.id})的名称表达式 ${node.name} `);
    }
    return (String(v ?? '').trim() || node.id).slice(0, 200);
  }

  /** Inserts an open task with its candidates and announces it. */
  private async openNewTask(trx: Database, L: Loaded, node: FlowNode, tokenId: string, users: UserBrief[], priority: number, defer = false, vars: Record<string, unknown> = L.vars): Promise<WfTask> {
    const task: WfTask = {
      id: newId(),
      instId: L.inst.id,
      procDefId: L.def.id,
      tokenId,
      nodeId: node.id,
      name: this.taskName(node, vars),
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
    // the task, its candidates and due date at once, with what a pass left to be written with them (its own
    // writes and the token of this task)
    // (`defer`: they wait for the command's next write, at the latest for `settle`)
    const dueTime = node.due ? this.timerDue(node.due.spec, vars, `用户任务「${node.name}」的办理期限`) : null;
    const candidates = users.map((u) => ({ id: newId(), taskId: task.id, instId: L.inst.id, username: u.username, open: 1 }));
    const writes = [
      insertTask(trx, task),
      candidates.length === 1 ? insertCandidate(trx, candidates[0]) : trx.insertInto('wfTaskCandidate').values(candidates),
      ...(dueTime !== null ? [this.jobWrite(trx, { instId: L.inst.id, type: 'due', nodeId: node.id, elementId: null, taskId: task.id, dueTime })] : []),
    ];
    if (defer) (L.deferred ??= { guard: null, writes: [] }).writes.push(...writes);
    else await this.flushDeferred(trx, L, writes);
    const open = this.openTasks.get(trx)?.get(L.inst.id);
    if (open) {
      // as the status text reads the new task: one row per candidate, with the user's real name
      const base = { id: task.id, nodeId: task.nodeId, name: task.name, assignee: null };
      if (users.length) for (const u of users) open.push({ ...base, username: u.username, realname: u.realname });
      else open.push({ ...base, username: null, realname: null });
    }
    L.events.push({ ...this.ref(L), type: 'taskCreated', taskId: task.id, nodeId: node.id, nodeName: task.name ?? node.name, candidates: users.map((u) => u.username), priority });
    return task;
  }

  /**
   * Turns pending tokens into tasks: candidates from `chosen` (when exactly one task follows) or the node
   * rules / BPMN assignment, then the node's "no approver" and "already approved" policies; a countersign
   * node opens its instances. Returns false when the instance was cancelled by the "no approver" policy.
   */
  private async createTasks(
    trx: Database,
    L: Loaded,
    pending: PendingTask[],
    chosen: UserBrief[] | null,
    priority: number,
    steps: { n: number },
    opts: { noAuto?: boolean; settleNext?: boolean } = {},
  ): Promise<boolean> {
    const useChosen = chosen && chosen.length > 0 && pending.length === 1;
    let first = true;
    while (pending.length) {
      if (L.terminal) break;
      if (++steps.n > MAX_STEPS) throw businessError('流程定义存在无限循环');
      const p = pending.shift()!;
      const node = L.model.nodes.get(p.nodeId)!;
      const settings = await this.nodeSettings(trx, L.def.id, node.id);
      // the applicant is never among the people of their own application's node (unless the node allows it)
      const chosenHere = useChosen && first ? await this.withoutInitiator(trx, L.def.id, node.id, L.inst.starter, chosen) : null;
      first = false;
      const mi = this.multiOf(node, settings);
      if (mi) {
        await this.flushDeferred(trx, L);
        if ((await this.startMulti(trx, L, node, settings, mi, p.tokenId, chosenHere?.length ? chosenHere : null, priority, pending, steps)) === 'canceled') return false;
        continue;
      }
      let users: UserBrief[] = chosenHere?.length ? chosenHere : await this.nodePeople(trx, L.def.id, node.id, L.inst.starter, L.vars);
      if (!users.length) {
        await this.flushDeferred(trx, L);
        const r = await this.noApprover(trx, L, node, settings, p.tokenId, pending, steps);
        if (r === 'canceled') return false;
        if (r === 'skipped') continue;
        users = r;
      }
      // PostgreSQL, a pass that settles next: the task is written with the pass's writes and the status text
      const task = await this.openNewTask(trx, L, node, p.tokenId, users, priority, this.pg && !!opts.settleNext && !!L.deferTokens);
      if (settings.repeatPolicy === 'auto' && !opts.noAuto) {
        await this.flushDeferred(trx, L);
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
    if (!opts.settleNext) await this.flushDeferred(trx, L);
    return true;
  }

  // ---------------------------------------------------------------- countersign (multi-instance)

  private miName(nodeId: string): string {
    return `mi:${nodeId}`.slice(0, 100);
  }

  private async miState(trx: Database, instId: string, nodeId: string): Promise<MiState | null> {
    const row = await trx.selectFrom('wfVariable').select('value').where('instId', '=', instId).where('name', '=', this.miName(nodeId)).executeTakeFirst();
    return row?.value ? (JSON.parse(row.value) as MiState) : null;
  }

  private async saveMiState(trx: Database, instId: string, state: MiState | null, nodeId: string): Promise<void> {
    const name = this.miName(nodeId);
    if (!state) {
      await trx.deleteFrom('wfVariable').where('instId', '=', instId).where('name', '=', name).execute();
      return;
    }
    const value = JSON.stringify(state);
    const res = await trx.updateTable('wfVariable').set({ value }).where('instId', '=', instId).where('name', '=', name).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await trx.insertInto('wfVariable').values({ id: newId(), instId, name, value }).execute();
  }

  private counters(state: MiState, active: number): Record<string, number> {
    return {
      nrOfInstances: state.total,
      nrOfCompletedInstances: state.completed,
      nrOfActiveInstances: active,
      nrOfApprovedInstances: state.approved,
      nrOfRejectedInstances: state.rejected,
    };
  }

  /**
   * Enters a countersign node: one instance per element of the collection, per the cardinality, or —
   * with neither — per candidate user (each instance assigned to one of them). Parallel opens them all;
   * sequential the first. Zero instances leave the node at once (as Activiti).
   */
  private async startMulti(
    trx: Database,
    L: Loaded,
    node: FlowNode,
    settings: WfNode,
    mi: MultiInstance & { ratio: number },
    tokenId: string,
    chosen: UserBrief[] | null,
    priority: number,
    pending: PendingTask[],
    steps: { n: number },
  ): Promise<'ok' | 'canceled'> {
    let items: unknown[];
    let perUser = false;
    const where = `会签节点「${node.name}」的`;
    if (mi.collection) {
      const expr = isExpression(mi.collection) ? mi.collection : `\${${mi.collection}}`;
      try {
        items = toList(evaluateValue(expr, L.vars));
      } catch (err) {
        throw this.expressionFailure(err, `${where}集合 ${mi.collection} `);
      }
    } else if (mi.cardinality) {
      let n: unknown;
      try {
        n = isExpression(mi.cardinality) ? evaluateValue(mi.cardinality, L.vars) : Number(mi.cardinality);
      } catch (err) {
        throw this.expressionFailure(err, `${where}数量 ${mi.cardinality} `);
      }
      const count = Number(n);
      if (!Number.isInteger(count) || count < 0 || count > 200) throw businessError(`${where}数量「${String(n)}」不是 0–200 的整数`);
      items = Array.from({ length: count }, () => null);
    } else {
      let users = chosen ?? (await this.nodePeople(trx, L.def.id, node.id, L.inst.starter, L.vars));
      if (!users.length) {
        const r = await this.noApprover(trx, L, node, settings, tokenId, pending, steps);
        if (r === 'canceled') return 'canceled';
        if (r === 'skipped') return 'ok';
        users = r;
      }
      items = users.map((u) => u.username);
      perUser = true;
    }
    if (items.length > 200) throw businessError(`${where}实例数超过200`);
    if (!items.length) {
      await trx.deleteFrom('wfToken').where('id', '=', tokenId).execute();
      await this.leave(trx, L, node.id, pending, steps);
      return 'ok';
    }
    const state: MiState = {
      total: items.length,
      completed: 0,
      approved: 0,
      rejected: 0,
      sequential: mi.sequential,
      items: items as MiState['items'],
      perUser,
      ratio: mi.ratio,
      condition: mi.completionCondition,
      elementVariable: mi.elementVariable,
    };
    await this.saveMiState(trx, L.inst.id, state, node.id);
    const opened = mi.sequential ? 1 : items.length;
    for (let i = 0; i < opened; i++) {
      let tok = tokenId;
      if (i > 0) {
        tok = newId();
        await trx.insertInto('wfToken').values({ id: tok, instId: L.inst.id, nodeId: node.id, state: 'active', viaFlow: null, createTime: now() }).execute();
      }
      await this.openMultiInstance(trx, L, node, settings, state, i, tok, priority, opened);
    }
    return 'ok';
  }

  private async openMultiInstance(trx: Database, L: Loaded, node: FlowNode, settings: WfNode, state: MiState, i: number, tokenId: string, priority: number, active: number): Promise<void> {
    let users: UserBrief[];
    let vars: Record<string, unknown> = { ...L.vars, ...this.counters(state, active), loopCounter: i };
    if (state.perUser) {
      users = await this.dir.byUsernames([String(state.items[i])], trx);
    } else {
      const locals: Record<string, unknown> = { ...L.vars, ...this.counters(state, active), loopCounter: i };
      if (state.elementVariable) locals[state.elementVariable] = state.items[i];
      users = await this.nodePeople(trx, L.def.id, node.id, L.inst.starter, locals);
      vars = locals;
    }
    if (!users.length && settings.emptyPolicy === 'admin') users = await this.withoutInitiator(trx, L.def.id, node.id, L.inst.starter, await this.dir.admins(trx));
    if (!users.length) throw businessError(`节点「${node.name}」未找到审批人，请联系管理员配置审批人`);
    await this.openNewTask(trx, L, node, tokenId, users, priority, false, vars);
  }

  /**
   * One countersign instance finished (approved or vetoed). A veto rejects the whole application when the
   * pass ratio can no longer be reached (ratio 100 %: the first veto). The node completes when every
   * instance completed, or the completion condition holds (BPMN `completionCondition` over nrOf*
   * variables, else approved / instances ≥ the configured ratio); the other open instances are closed.
   */
  private async completeMulti(trx: Database, L: Loaded, node: FlowNode, state: MiState, approved: boolean, priority: number, pending: PendingTask[], steps: { n: number }): Promise<'open' | 'left' | 'vetoed'> {
    state.completed++;
    if (approved) state.approved++;
    else state.rejected++;
    if (!approved && (state.total - state.rejected) / state.total < state.ratio / 100 - 1e-9) return 'vetoed';
    const open = await trx.selectFrom('wfTask').selectAll().where('instId', '=', L.inst.id).where('nodeId', '=', node.id).where('status', '=', 0).execute();
    let done = state.completed >= state.total;
    if (!done && approved) {
      if (state.condition) {
        try {
          done = evaluateCondition(state.condition, { ...L.vars, ...this.counters(state, open.length), loopCounter: state.completed - 1 });
        } catch (err) {
          throw this.expressionFailure(err, `会签节点「${node.name}」的完成条件 ${state.condition} `);
        }
      } else done = state.approved / state.total >= state.ratio / 100 - 1e-9;
    }
    if (done) {
      for (const t of open) await this.closeTask(trx, t, 2, 'skipped', null, null);
      await this.saveMiState(trx, L.inst.id, null, node.id);
      await this.leave(trx, L, node.id, pending, steps);
      return 'left';
    }
    if (state.sequential) {
      const tok = newId();
      await trx.insertInto('wfToken').values({ id: tok, instId: L.inst.id, nodeId: node.id, state: 'active', viaFlow: null, createTime: now() }).execute();
      const settings = await this.nodeSettings(trx, L.def.id, node.id);
      await this.openMultiInstance(trx, L, node, settings, state, state.completed, tok, priority, 1);
    }
    await this.saveMiState(trx, L.inst.id, state, node.id);
    return 'open';
  }

  /** After a move: fires inclusive joins nothing can reach any more, finishes the instance when no token is left, or writes the running status text. */
  private async settle(trx: Database, L: Loaded): Promise<void> {
    const traits = traitsOf(L.model);
    // PostgreSQL, a top instance whose process neither calls nor joins, with nothing ended: its open tasks
    // are known without a read, so the status text goes with the step's writes
    const known = L.form?.actStatusWrite && !L.inst.rootId && !traits.calls && !traits.joins && !L.terminal && !L.endsReached.length ? this.openTasks.get(trx)?.get(L.inst.id) : undefined;
    const text = known && runningStatusText(known);
    if (text) {
      await this.flushDeferred(trx, L, [L.form!.actStatusWrite!(trx, L.business.tableId, text.slice(0, 200))]);
      L.deferTokens = false;
      await this.saveProcVars(trx, L);
      return;
    }
    await this.flushDeferred(trx, L);
    L.deferTokens = false;
    await this.saveProcVars(trx, L);
    const steps = { n: 0 };
    // no token can wait at a join of a process without joins
    for (let round = 0; round < 50 && !L.terminal && traits.joins; round++) {
      const waiting = await trx.selectFrom('wfToken').select(['nodeId']).where('instId', '=', L.inst.id).where('state', '=', 'join').execute();
      let fired = false;
      for (const nodeId of new Set(waiting.map((w) => w.nodeId))) {
        const gw = L.model.nodes.get(nodeId);
        if (gw?.kind !== 'inclusive' || !(await this.inclusiveReady(trx, L, gw))) continue;
        await trx.deleteFrom('wfToken').where('instId', '=', L.inst.id).where('nodeId', '=', gw.id).where('state', '=', 'join').execute();
        const pending: PendingTask[] = [];
        await this.leave(trx, L, gw.id, pending, steps);
        if (!(await this.createTasks(trx, L, pending, null, 0, steps))) return;
        fired = true;
        break;
      }
      if (!fired) break;
    }
    if (L.endsReached.length) await this.rememberEnds(trx, L);
    if (L.terminal) {
      await this.endInstance(trx, L, L.terminal.outcome, L.terminal.outcome === 'rejected' ? 'rejected-end' : null, L.terminal.node);
      return;
    }
    if (L.form && !L.inst.rootId && !traits.calls) {
      // a top instance whose process calls none: its status text is read from its open tasks alone, and
      // the same rows say whether any task is open
      const text = (await applicationStatusTexts(trx, [{ procInstId: L.inst.id, status: 1, result: 1 }])).get(L.inst.id) ?? '';
      if (text.startsWith('审批中：')) {
        await L.form.setActStatus(trx, L.business.tableId, text.slice(0, 200));
        return;
      }
    }
    const open = await trx.selectFrom('wfTask').select(['nodeId', 'name']).where('instId', '=', L.inst.id).where('status', '=', 0).execute();
    if (!open.length) {
      const tokens = await trx.selectFrom('wfToken').select(['state']).where('instId', '=', L.inst.id).execute();
      if (tokens.length === 0) {
        await this.endInstance(trx, L, 'passed', null, L.endsReached.at(-1) ?? null);
        return;
      }
      if (!tokens.some((x) => x.state === 'call' || x.state === 'wait')) throw businessError('流程定义有误：并行汇聚无法完成');
    }
    if (L.form) {
      await L.form.setActStatus(trx, L.business.tableId, await this.treeStatusText(trx, L.inst.rootId ?? L.inst.id));
    }
  }

  /** End events reached by branches, so history marks exactly those (variable row `ends`). */
  private async rememberEnds(trx: Database, L: Loaded): Promise<void> {
    const row = await trx.selectFrom('wfVariable').select('value').where('instId', '=', L.inst.id).where('name', '=', 'ends').executeTakeFirst();
    const ends = new Set<string>(row?.value ? (JSON.parse(row.value) as string[]) : []);
    for (const e of L.endsReached) ends.add(e.id);
    const value = JSON.stringify([...ends]);
    if (row) await trx.updateTable('wfVariable').set({ value }).where('instId', '=', L.inst.id).where('name', '=', 'ends').execute();
    else await trx.insertInto('wfVariable').values({ id: newId(), instId: L.inst.id, name: 'ends', value }).execute();
  }

  /** Ends the instance and writes the business status/result (workflow-semantics §3). */
  private async endInstance(trx: Database, L: Loaded, state: 'passed' | 'rejected' | 'canceled', reason: string | null, endNode: FlowNode | null = null): Promise<void> {
    const t = now();
    const open = await trx.selectFrom('wfTask').selectAll().where('instId', '=', L.inst.id).where('status', '=', 0).execute();
    for (const task of open) await this.closeTask(trx, task, 2, state === 'canceled' ? 'canceled' : state === 'passed' ? 'skipped' : 'rejected', null, null);
    await trx.deleteFrom('wfToken').where('instId', '=', L.inst.id).execute();
    await trx.deleteFrom('wfJob').where('instId', '=', L.inst.id).execute();
    await trx.updateTable('wfInstance').set({ state, endTime: t, endReason: reason }).where('id', '=', L.inst.id).execute();
    L.inst.state = state;
    // called processes still running end with their caller
    const children = await trx.selectFrom('wfInstance').selectAll().where('parentId', '=', L.inst.id).where('state', '=', 'running').execute();
    for (const c of children) {
      const CL = await this.load(trx, c, L.events);
      CL.cascading = true;
      await this.log(trx, c.id, 'end', null, { comment: '调用它的流程已结束', detail: { outcome: 'canceled' } });
      await this.endInstance(trx, CL, 'canceled', `parent-${state}`);
    }
    if (L.inst.parentId) {
      // a called process: the application is the parent's; the parent goes on (or ends the same way)
      if (endNode) {
        const row = await trx.selectFrom('wfVariable').select('value').where('instId', '=', L.inst.id).where('name', '=', 'ends').executeTakeFirst();
        const ends = new Set<string>(row?.value ? (JSON.parse(row.value) as string[]) : []);
        ends.add(endNode.id);
        await this.log(trx, L.inst.id, 'end', null, { node: endNode, comment: state === 'passed' ? '子流程结束' : '审批驳回', detail: { ends: [...ends], outcome: state } });
      }
      if (!L.cascading) await this.resumeParent(trx, L, state, reason);
      return;
    }
    const [status, result] = state === 'passed' ? [2, 2] : state === 'rejected' ? [2, 3] : [3, 0];
    await trx.updateTable('wfBusiness').set({ status, result, updateTime: t }).where('id', '=', L.business.id).execute();
    if (endNode) {
      const row = await trx.selectFrom('wfVariable').select('value').where('instId', '=', L.inst.id).where('name', '=', 'ends').executeTakeFirst();
      const ends = new Set<string>(row?.value ? (JSON.parse(row.value) as string[]) : []);
      ends.add(endNode.id);
      await this.log(trx, L.inst.id, 'end', null, { node: endNode, comment: state === 'passed' ? '审批通过' : '审批驳回', detail: { ends: [...ends], outcome: state } });
    }
    L.events.push({ ...this.ref(L), type: 'finished', outcome: state, endNodeId: endNode?.id ?? null, reason });
    if (L.form) {
      await L.form.setActStatus(trx, L.business.tableId, state === 'passed' ? '审批通过' : state === 'rejected' ? '驳回' : '已撤回');
      await L.form.onFinish?.(trx, L.business.tableId, state);
    }
  }

  private async chosenUsers(trx: Database, assignees: string | undefined): Promise<UserBrief[] | null> {
    const names = splitUsers(assignees);
    if (!names.length) return null;
    const users = await this.dir.byUsernames(names, trx);
    if (users.length !== names.length) throw businessError(WF_TEXT.UNKNOWN_USER);
    return users;
  }

  // ---------------------------------------------------------------- timers, sub-processes, call activities

  /** A token arrives at a user task: its boundary timers start (one job per timer). */
  private async enterUserTask(trx: Database, L: Loaded, node: FlowNode, viaFlow: string | null): Promise<string> {
    const tokenId = newId();
    const row: WfToken = { id: tokenId, instId: L.inst.id, nodeId: node.id, state: 'active', viaFlow, createTime: now() };
    if (L.deferTokens && !node.boundaries?.length) {
      (L.tokenRows ??= new Map()).set(tokenId, row);
      return tokenId;
    }
    await trx.insertInto('wfToken').values(row).execute();
    for (const bId of node.boundaries ?? []) {
      const b = L.model.nodes.get(bId)!;
      const dueTime = this.timerDue(b.timer!, L.vars, `边界事件「${b.name}」的定时`);
      await this.addJob(trx, { instId: L.inst.id, type: 'timer', nodeId: node.id, elementId: b.id, taskId: null, dueTime });
    }
    return tokenId;
  }

  /**
   * Writes what a pass has not written yet (its own writes, the tokens its walk reached), with `also`;
   * before anything reads or writes what they touch. A task the pass closes that was closed meanwhile is a
   * lost race.
   */
  private async flushDeferred(trx: Database, L: Loaded, also: Compilable[] = []): Promise<void> {
    const d = L.deferred;
    L.deferred = undefined;
    const rows = L.tokenRows?.size ? [...L.tokenRows.values()] : [];
    L.tokenRows?.clear();
    const tokens = rows.length === 1 ? [insertToken(trx, rows[0])] : rows.length ? [trx.insertInto('wfToken').values(rows)] : [];
    const writes = [...(d?.writes ?? []), ...tokens, ...also];
    if (!d && !writes.length) return;
    const n = await this.writeAll(trx, d?.guard ?? null, writes);
    if (d?.guard && n !== 1) throw new VersionConflict();
  }

  private async addJob(trx: Database, job: Pick<WfJob, 'instId' | 'type' | 'nodeId' | 'elementId' | 'taskId' | 'dueTime'>): Promise<void> {
    await this.jobWrite(trx, job).execute();
  }

  private jobWrite(trx: Database, job: Pick<WfJob, 'instId' | 'type' | 'nodeId' | 'elementId' | 'taskId' | 'dueTime'>) {
    return trx.insertInto('wfJob').values({ id: newId(), ...job, lockedBy: null, lockUntil: null, attempts: 0, lastError: null, createTime: now() });
  }

  /** When a timer is due (epoch ms): an ISO-8601 duration from now, a date-time, or an expression giving one. */
  timerDue(spec: TimerSpec, vars: Record<string, unknown>, where: string): number {
    const text = spec.duration ?? spec.date ?? '';
    let value: unknown = text;
    if (isExpression(text)) {
      try {
        value = evaluateValue(text, vars);
      } catch (err) {
        throw this.expressionFailure(err, `${where} ${text} `);
      }
    }
    const at = this.clock();
    const v = String(value ?? '').trim();
    const due = (spec.duration && !isExpression(text)) || (isExpression(text) && /^P/i.test(v)) ? addDuration(at, v) : parseTimerDate(v);
    if (due === null || !Number.isFinite(due)) throw businessError(`${where}「${v}」不是 ISO-8601 时长（如 PT2H、P1D）或日期时间`);
    return due;
  }

  /** The instance and the called processes under it (call activities). */
  private async treeIds(trx: Database, instId: string): Promise<string[]> {
    const rows = await trx.selectFrom('wfInstance').select('id').where('rootId', '=', instId).execute();
    return [instId, ...rows.map((r) => r.id)];
  }

  /** Nothing of the instance is left inside an embedded sub-process (no token, no flow being followed). */
  private async scopeDone(trx: Database, L: Loaded, scope: string): Promise<boolean> {
    const tokens = await trx.selectFrom('wfToken').select('nodeId').where('instId', '=', L.inst.id).execute();
    if (tokens.some((t) => L.model.nodes.get(t.nodeId)?.scopes.includes(scope))) return false;
    return !L.inflight.some((f) => L.model.nodes.get(f.target)?.scopes.includes(scope));
  }

  /**
   * A call activity starts a child instance of the latest active version of the called key; the parent
   * token waits (state `call`). The child sees `initiator`, `tableId` and the `in` mappings (all the
   * parent's variables with `inheritVariables`); its tasks belong to the same application.
   */
  private async startChild(trx: Database, L: Loaded, node: FlowNode, tokenId: string, pending: PendingTask[], steps: { n: number }): Promise<void> {
    const call = node.call!;
    let depth = 0;
    for (let p: Loaded | undefined = L; p?.callCtx; p = p.callCtx.parent) depth++;
    if (depth > 8 || (L.inst.parentId && depth === 0 && (await this.depthOf(trx, L.inst)) > 8)) throw businessError(`调用活动「${node.name}」嵌套过深（可能循环调用）`);
    const def = await trx.selectFrom('wfDefinition').select(DEF_META).where('processKey', '=', call.key).where('latest', '=', 1).executeTakeFirst();
    if (!def) throw businessError(`调用活动「${node.name}」调用的流程「${call.key}」不存在，请先部署该流程`);
    if (def.status !== 1) throw businessError(`调用活动「${node.name}」调用的流程「${def.name}」已挂起`);
    const model = await this.model(def, trx);
    const procVars: Record<string, unknown> = {};
    if (call.inheritAll) for (const [k, v] of Object.entries(L.vars)) if (!RESERVED_VARS.has(k)) procVars[k] = v;
    for (const m of call.ins) procVars[m.target] = this.mappedValue(m, L.vars, `调用活动「${node.name}」的输入变量「${m.target}」`);
    const formVars = this.formSnapshot(model, {}, L.business.tableId, L.inst.starter);
    const inst: WfInstance = {
      id: newId(),
      procDefId: def.id,
      businessId: L.inst.businessId,
      starter: L.inst.starter,
      starterName: L.inst.starterName,
      title: L.inst.title,
      state: 'running',
      version: 0,
      priority: L.inst.priority,
      startTime: now(),
      endTime: null,
      endReason: null,
      parentId: L.inst.id,
      rootId: L.inst.rootId ?? L.inst.id,
      parentNodeId: node.id,
      parentTokenId: tokenId,
    };
    await trx.insertInto('wfInstance').values(inst).execute();
    await trx.insertInto('wfVariable').values({ id: newId(), instId: inst.id, name: 'form', value: JSON.stringify(formVars) }).execute();
    const C: Loaded = {
      inst,
      def,
      model,
      business: L.business,
      form: L.form,
      vars: { ...formVars, ...procVars },
      formVars,
      procVars,
      procVarsDirty: true,
      events: L.events,
      inflight: [],
      endsReached: [],
      callCtx: { parent: L, pending, steps },
    };
    await this.log(trx, L.inst.id, 'call', null, { node, comment: `调用子流程「${def.name}」`, detail: { childId: inst.id, processKey: def.processKey, processName: def.name, procDefId: def.id } });
    await this.log(trx, inst.id, 'start', null, { node: model.nodes.get(model.startId)!, comment: `由「${L.def.name}」的「${node.name}」调用`, detail: { parentId: L.inst.id } });
    const childPending: PendingTask[] = [];
    const childSteps = { n: 0 };
    await this.leave(trx, C, model.startId, childPending, childSteps);
    if (await this.createTasks(trx, C, childPending, null, inst.priority, childSteps)) await this.settle(trx, C);
  }

  private async depthOf(trx: Database, inst: WfInstance): Promise<number> {
    let n = 0;
    for (let id = inst.parentId; id && n < 20; n++) {
      const p = await trx.selectFrom('wfInstance').select('parentId').where('id', '=', id).executeTakeFirst();
      id = p?.parentId ?? null;
    }
    return n;
  }

  private mappedValue(m: { source: string | null; sourceExpression: string | null }, vars: Record<string, unknown>, where: string): unknown {
    if (m.sourceExpression) {
      try {
        return evaluateValue(m.sourceExpression, vars);
      } catch (err) {
        throw this.expressionFailure(err, `${where}的表达式 ${m.sourceExpression} `);
      }
    }
    // as Activiti: a source variable that does not exist passes null
    return Object.prototype.hasOwnProperty.call(vars, m.source!) ? vars[m.source!] : null;
  }

  /**
   * A child instance ended: passed → the `out` mappings are copied to the parent and its token leaves the
   * call activity; rejected or cancelled → the parent (and so the application) ends the same way.
   */
  private async resumeParent(trx: Database, C: Loaded, state: 'passed' | 'rejected' | 'canceled', reason: string | null): Promise<void> {
    const ctx = C.callCtx;
    let P = ctx?.parent;
    if (!P) {
      const pinst = await trx.selectFrom('wfInstance').selectAll().where('id', '=', C.inst.parentId!).executeTakeFirst();
      if (!pinst || pinst.state !== 'running') return;
      P = await this.load(trx, pinst, C.events);
    }
    const node = P.model.nodes.get(C.inst.parentNodeId ?? '');
    if (!node?.call) throw businessError('调用活动不存在');
    if (C.inst.parentTokenId) await trx.deleteFrom('wfToken').where('id', '=', C.inst.parentTokenId).execute();
    await this.log(trx, P.inst.id, 'callEnd', null, {
      node,
      comment: state === 'passed' ? `子流程「${C.def.name}」已完成` : `子流程「${C.def.name}」${state === 'rejected' ? '被驳回' : '已终止'}`,
      detail: { childId: C.inst.id, outcome: state },
    });
    if (state !== 'passed') {
      // inside the parent's own command the parent ends when it settles; otherwise now
      if (ctx) P.terminal = { node, outcome: 'rejected' };
      else await this.endInstance(trx, P, state, reason ?? `child-${state}`, node);
      return;
    }
    const childVars = C.vars;
    const given: Record<string, unknown> = {};
    if (node.call.outAll) for (const [k, v] of Object.entries(C.procVars)) if (!RESERVED_VARS.has(k)) given[k] = v;
    for (const m of node.call.outs) given[m.target] = this.mappedValue(m, childVars, `调用活动「${node.name}」的输出变量「${m.target}」`);
    for (const [k, v] of Object.entries(given)) if (!RESERVED_VARS.has(k)) P.procVars[k] = v;
    if (Object.keys(given).length) {
      P.procVarsDirty = true;
      P.vars = { ...P.formVars, ...P.procVars };
    }
    if (ctx) {
      await this.leave(trx, P, node.id, ctx.pending, ctx.steps);
      return;
    }
    const pending: PendingTask[] = [];
    const steps = { n: 0 };
    await this.leave(trx, P, node.id, pending, steps);
    if (await this.createTasks(trx, P, pending, null, P.inst.priority, steps)) await this.settle(trx, P);
  }

  /** `审批中：节点（审批人）` over the instance and the called processes still running under it. */
  private async treeStatusText(trx: Database, rootId: string): Promise<string> {
    const ids = [rootId, ...(await trx.selectFrom('wfInstance').select('id').where('rootId', '=', rootId).where('state', '=', 'running').execute()).map((r) => r.id)];
    const texts = await applicationStatusTexts(trx, ids.map((procInstId) => ({ procInstId, status: 1, result: 1 })));
    const parts = ids.map((id) => texts.get(id) ?? '').filter((x) => x.startsWith('审批中：')).map((x) => x.slice(4));
    return (parts.length ? `审批中：${parts.join('、')}` : '审批中').slice(0, 200);
  }

  /**
   * Runs a due job claimed by `owner` (see timers.ts). In the instance's command transaction the job row
   * is deleted `WHERE locked_by = owner`, so a job runs once even if its claim expired and another process
   * took it over. A due date reminds (催办), passes or rejects the task; a boundary timer closes the task
   * (interrupting) or not, and the process follows the timer's outgoing flows. Returns false when the job
   * had nothing to do any more.
   */
  async fireJob(jobId: string, owner: string): Promise<boolean> {
    const job = await this.db.selectFrom('wfJob').selectAll().where('id', '=', jobId).executeTakeFirst();
    if (!job) return false;
    return this.command(job.instId, async (trx, inst, events) => {
      const del = await trx.deleteFrom('wfJob').where('id', '=', job.id).where('lockedBy', '=', owner).executeTakeFirst();
      if (Number(del.numDeletedRows) !== 1) return false;
      if (inst.state !== 'running') return false;
      const L = await this.load(trx, inst, events);
      const node = L.model.nodes.get(job.nodeId);
      if (!node) return false;
      const pending: PendingTask[] = [];
      const steps = { n: 0 };
      if (job.type === 'due') {
        const task = await trx.selectFrom('wfTask').selectAll().where('id', '=', job.taskId ?? '').where('status', '=', 0).executeTakeFirst();
        if (!task) return false;
        const action = node.due?.action ?? 'remind';
        if (action === 'remind') {
          const people = task.assignee
            ? [task.assignee]
            : (await trx.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', task.id).where('open', '=', 1).execute()).map((c) => c.username);
          const comment = '已到办理期限，请尽快审批';
          await this.log(trx, inst.id, 'remind', null, { task, comment, detail: { users: people } });
          L.events.push({ ...this.ref(L), type: 'urged', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(SYSTEM), users: people, comment });
          return true;
        }
        const mi = await this.miState(trx, inst.id, node.id);
        if (action === 'pass') {
          const comment = '超过办理期限，自动通过';
          await this.closeTask(trx, task, 1, 'auto', null, comment);
          await this.log(trx, inst.id, 'timeout', null, { task, comment, detail: { action } });
          if (mi) await this.completeMulti(trx, L, node, mi, true, task.priority, pending, steps);
          else await this.leave(trx, L, node.id, pending, steps);
          if (await this.createTasks(trx, L, pending, null, task.priority, steps)) await this.settle(trx, L);
          return true;
        }
        const comment = '超过办理期限，自动驳回';
        await this.closeTask(trx, task, 1, 'back', null, comment);
        await this.log(trx, inst.id, 'timeout', null, { task, comment, detail: { action } });
        if (mi && (await this.completeMulti(trx, L, node, mi, false, task.priority, pending, steps)) !== 'vetoed') {
          if (await this.createTasks(trx, L, pending, null, task.priority, steps)) await this.settle(trx, L);
          return true;
        }
        if (mi) await this.saveMiState(trx, inst.id, null, node.id);
        L.events.push({ ...this.ref(L), type: 'rejected', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(SYSTEM), comment, backTaskKey: null });
        await this.endInstance(trx, L, 'rejected', 'timeout');
        return true;
      }
      if (node.kind === 'catch') {
        const gone = await trx.deleteFrom('wfToken').where('id', '=', job.taskId ?? '').where('state', '=', 'wait').executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) return false;
        await this.log(trx, inst.id, 'timer', null, { node, comment: `「${node.name}」定时到达`, detail: { wait: true } });
        await this.leave(trx, L, node.id, pending, steps);
        if (await this.createTasks(trx, L, pending, null, inst.priority, steps)) await this.settle(trx, L);
        return true;
      }
      // boundary timer on a user task
      const b = L.model.nodes.get(job.elementId ?? '');
      if (!b || b.kind !== 'boundary') return false;
      const open = await trx.selectFrom('wfTask').selectAll().where('instId', '=', inst.id).where('nodeId', '=', node.id).where('status', '=', 0).execute();
      if (!open.length) return false;
      await this.log(trx, inst.id, 'timer', null, {
        node: b,
        comment: b.cancelActivity ? `「${node.name}」已超时，转入后续环节` : `「${node.name}」已超时`,
        detail: { attachedTo: node.id, cancelActivity: b.cancelActivity },
      });
      if (b.cancelActivity) {
        for (const t of open) await this.closeTask(trx, t, 2, 'timeout', null, null);
        await trx.deleteFrom('wfToken').where('instId', '=', inst.id).where('nodeId', '=', node.id).where('state', '=', 'active').execute();
        await trx.deleteFrom('wfJob').where('instId', '=', inst.id).where('nodeId', '=', node.id).where('type', '=', 'timer').execute();
        await this.saveMiState(trx, inst.id, null, node.id);
      }
      await this.leave(trx, L, b.id, pending, steps);
      if (await this.createTasks(trx, L, pending, null, open[0].priority, steps)) await this.settle(trx, L);
      return true;
    });
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
      const model = await this.model(def, trx);
      const formVars = this.formSnapshot(model, data, business.tableId, actor.username);
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
      await trx.insertInto('wfVariable').values({ id: newId(), instId: inst.id, name: 'form', value: JSON.stringify(formVars) }).execute();
      await trx
        .updateTable('wfBusiness')
        .set({ procDefId: def.id, procInstId: inst.id, applyTime: t, updateTime: t, updateBy: actor.username })
        .where('id', '=', business.id)
        .execute();
      const L: Loaded = {
        inst,
        def,
        model,
        business: { ...business, procInstId: inst.id },
        form,
        vars: { ...formVars },
        formVars,
        procVars: {},
        events,
        inflight: [],
        endsReached: [],
      };
      // the applicant gives only the start form's declared outputs; gateways read the stored form
      const startNode = model.nodes.get(model.startId)!;
      this.mergeVariables(L, this.decisionValues(L, startNode, await this.nodeSettings(trx, def.id, startNode.id), input.variables ?? {}, input.formProperties));
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

  /**
   * Approves a task and moves the process on (`/actTask/pass`, `/actTask/jxpass`). Order inside the
   * transaction: checks (actor, suspension, comment, decision fields) → the form type's approve hook →
   * the form data is re-read → the given variables are merged over it → the task closes → the countersign
   * counters move or the token leaves the node, so every gateway reads the merged variables.
   */
  async pass(actor: Actor, input: PassInput, opts: { itemLog?: ItemLog } = {}): Promise<void> {
    await this.taskCommand(input.id, async (trx, _root, events) => {
      try {
        return await this.passStep(trx, actor, input, opts, events);
      } finally {
        // what the pass knew of the open tasks ends with it (a transaction may run further commands)
        this.openTasks.delete(trx);
      }
    });
  }

  private async passStep(trx: Database, actor: Actor, input: PassInput, opts: { itemLog?: ItemLog }, events: WorkflowEvent[]): Promise<string> {
    const { task, L, candidate, mi: miRead } = await this.loadTask(trx, input.id, actor.username, events);
    const inst = L.inst;
    if (!(task.assignee ? task.assignee === actor.username : candidate)) throw businessError(WF_TEXT.NOT_CANDIDATE);
    if (L.def.status !== 1) throw businessError(WF_TEXT.SUSPENDED);
    if (actor.username === inst.starter && !(await this.initiatorAllowed(trx, L.def.id, task.nodeId))) throw businessError(WF_TEXT.SELF_APPROVAL);
    await this.writeItemLog(trx, actor, opts.itemLog);
    const node = L.model.nodes.get(task.nodeId);
    if (!node) throw businessError('流程节点不存在');
    const settings = await this.nodeSettings(trx, L.def.id, node.id);
    const comment = (input.comment ?? '').trim();
    if (!comment && (input.jx || settings.commentRequired === 1 || L.form?.commentRequired)) {
      throw businessError(WF_TEXT.COMMENT_REQUIRED);
    }
    const variables = this.decisionValues(L, node, settings, input.variables ?? {}, input.formProperties);
    if (L.form?.onApprove) await L.form.onApprove(trx, L.business.tableId, input.payload ?? {}, actor.username);
    const formWrite = await this.refreshedVars(trx, L);
    this.mergeVariables(L, variables);
    const chosen = await this.chosenUsers(trx, input.assignees);
    const detail: Record<string, unknown> = {};
    if (chosen) detail.assignees = chosen.map((u) => u.username);
    if (Object.keys(variables).length) detail.variables = variables;
    const mi = miRead === undefined ? await this.miState(trx, inst.id, node.id) : miRead;
    // the task closes, the node is signed and the history row written in one step (one statement on
    // PostgreSQL); outside a countersign that step waits for the next task and goes with it
    const close = this.closeTaskWrites(trx, task, 1, 'pass', actor.username, comment || null);
    const writes = [
      ...close.writes,
      ...(formWrite ? [formWrite] : []),
      ...this.signWrites(trx, inst.id, node, actor, comment || null),
      this.logWrite(trx, inst.id, 'pass', actor, { task, node, comment: comment || null, detail: Object.keys(detail).length ? detail : undefined }),
    ];
    if (mi) {
      if ((await this.writeAll(trx, close.guard, writes)) !== 1) throw new VersionConflict();
    } else {
      L.deferred = { guard: close.guard, writes };
      L.deferTokens = true;
    }
    L.events.push({ ...this.ref(L), type: 'passed', taskId: task.id, nodeId: node.id, nodeName: node.name, actor: who(actor), comment: comment || null, variables });
    const pending: PendingTask[] = [];
    const steps = { n: 0 };
    const priority = input.priority ?? task.priority;
    if (mi) await this.completeMulti(trx, L, node, mi, true, priority, pending, steps);
    else await this.leave(trx, L, node.id, pending, steps);
    if (await this.createTasks(trx, L, pending, chosen, priority, steps, { settleNext: true })) await this.settle(trx, L);
    L.deferTokens = false;
    return task.instId;
  }

  /** A node's form properties: the node settings' decision fields, else the BPMN formProperty elements. */
  private nodeFields(node: FlowNode, settings: WfNode): DecisionField[] {
    return settings.decisionFields ? (JSON.parse(settings.decisionFields) as DecisionField[]) : (node.decisionFields ?? []);
  }

  /**
   * The variables a client sets at a node (apply: the start event; pass: the task). Two ways, as in Activiti:
   *
   * - `form` given (`formProperties`, keyed by formProperty id): the node's form is submitted, as Activiti's
   *   FormService.submitStartFormData / submitTaskFormData — a property that is not writable refuses a value,
   *   a required one without value or default refuses the submission, a missing one takes its `default`, each
   *   value is converted to its form type (long/double → number, boolean → true/false, enum among its values,
   *   date in its pattern → `YYYY-MM-DD HH:mm:ss`) and stored in its `variable`, its `expression` or its id.
   * - else `given` (`variables`, keyed by variable name): a completion through the engine API, as Activiti's
   *   TaskService.complete / RuntimeService.startProcessInstance — no required check and no defaults; what is
   *   given is still limited to the node's declared writable outputs and checked against their type.
   *
   * Both ways, for approval integrity: a reserved name, or a name of a form field or of a variable the engine
   * computes from the stored form (`tableId`, `initiator`, the start event's initiator variable), is refused —
   * gateways read the stored form, never a client's copy of it — and any undeclared name is dropped.
   */
  private decisionValues(L: Loaded, node: FlowNode, settings: WfNode, given: Record<string, unknown>, form?: Record<string, unknown>): Record<string, unknown> {
    const fields = this.nodeFields(node, settings);
    if (form) {
      if (Object.keys(given).length) throw businessError('表单提交(formProperties)与流程变量(variables)不能同时提交');
      return this.submitForm(L, fields, form);
    }
    const targets = new Set(fields.map((f) => formTarget(f)).flatMap((t) => (t.kind === 'var' ? [t.name] : [])));
    for (const k of Object.keys(given)) this.checkTargetName(L, k, targets.has(k));
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const t = formTarget(f);
      if (t.kind !== 'var' || !Object.prototype.hasOwnProperty.call(given, t.name)) continue;
      if (f.writable === false) throw businessError(`「${f.label}」是只读的，不能填写`);
      const v = given[t.name];
      if (v === undefined || v === null || v === '') continue;
      out[t.name] = this.formValue(f, v, false);
    }
    return out;
  }

  /**
   * A variable a client's value would set: never reserved, never a form field or a variable computed from the
   * form; a name that is no identifier only as the id of a property the node declares (`declared`).
   */
  private checkTargetName(L: Loaded, k: string, declared = false): void {
    if (RESERVED_VARS.has(k) || !(VAR_NAME.test(k) || (declared && PROPERTY_ID.test(k)))) throw businessError(`变量名「${k}」不允许使用`);
    if (Object.prototype.hasOwnProperty.call(L.formVars, k) || k === L.model.initiatorVar) throw businessError(`变量「${k}」与表单字段同名，不能在提交时修改，流程按表单保存的数据流转`);
  }

  /** A form submission (Activiti's FormPropertyHandler.submitFormProperty for each property, in order). */
  private submitForm(L: Loaded, fields: DecisionField[], form: Record<string, unknown>): Record<string, unknown> {
    const declared = new Set(fields.map((f) => f.name));
    for (const k of Object.keys(form)) {
      if (!declared.has(k) && (Object.prototype.hasOwnProperty.call(L.formVars, k) || k === L.model.initiatorVar || RESERVED_VARS.has(k))) this.checkTargetName(L, k);
    }
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const raw = Object.prototype.hasOwnProperty.call(form, f.name) ? form[f.name] : undefined;
      // an empty value (the dialog sends every field it shows) counts as not given
      const given = raw !== undefined && raw !== null && !(typeof raw === 'string' && raw.trim() === '');
      if (given && f.writable === false) throw businessError(`「${f.label}」是只读的，不能填写`);
      let value: unknown;
      if (given) value = this.formValue(f, raw, true);
      else if (f.default) {
        let d: unknown;
        try {
          d = isExpression(f.default) ? evaluateValue(f.default, L.vars) : f.default;
        } catch (err) {
          throw this.expressionFailure(err, `「${f.label}」的默认值 ${f.default}`);
        }
        if (d === null || d === undefined) {
          if (f.required) throw businessError(`请填写「${f.label}」`);
          continue;
        }
        value = this.formValue(f, typeof d === 'object' ? JSON.stringify(d) : String(d), true);
      } else if (f.required) throw businessError(`请填写「${f.label}」`);
      else continue;
      this.assignTarget(L, f, value, out);
    }
    return out;
  }

  /** Writes a submitted value to the property's target: its variable, or a property of an object variable (`#{address.street}`). */
  private assignTarget(L: Loaded, f: DecisionField, value: unknown, out: Record<string, unknown>): void {
    const t = formTarget(f);
    if (t.kind === 'none') throw businessError(`「${f.label}」的表达式 ${t.text} 不能赋值`);
    if (t.kind === 'var') {
      this.checkTargetName(L, t.name, true);
      out[t.name] = value;
      return;
    }
    this.checkTargetName(L, t.base);
    const current = Object.prototype.hasOwnProperty.call(out, t.base) ? out[t.base] : L.procVars[t.base];
    const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
    const fail = (name: string) => businessError(`「${f.label}」的表达式 ${f.expression} 无法赋值：变量「${name}」${current === undefined ? '未定义' : '不是对象'}`);
    if (!isObj(current)) throw fail(t.base);
    const root = JSON.parse(JSON.stringify(current)) as Record<string, unknown>;
    let at = root;
    for (const p of t.path.slice(0, -1)) {
      if (RESERVED_VARS.has(p)) throw businessError(`变量名「${p}」不允许使用`);
      const next = at[p];
      if (!isObj(next)) throw fail(p);
      at = next;
    }
    const last = t.path[t.path.length - 1];
    if (RESERVED_VARS.has(last)) throw businessError(`变量名「${last}」不允许使用`);
    at[last] = value;
    out[t.base] = root;
  }

  /**
   * A value checked against its property's type. A form submission (`convert`) converts it as Activiti's
   * form types do; a completion through the engine API keeps what it gave (numbers as numbers, a date as
   * the product's date-time text).
   */
  private formValue(f: DecisionField, v: unknown, convert: boolean): unknown {
    const bad = () => businessError(`「${f.label}」的取值不正确`);
    if (f.type === 'radio') {
      if (typeof v === 'object') throw bad();
      const s = String(v).trim();
      if (f.formType === 'boolean') {
        if (!/^(true|false)$/i.test(s)) throw bad();
        return convert ? s.toLowerCase() === 'true' : v;
      }
      if (f.options.length && !f.options.some((o) => o.value === s)) throw bad();
      return convert ? s : v;
    }
    if (f.type === 'number') {
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
      const n = s === '' ? NaN : Number(s);
      if (!Number.isFinite(n)) throw businessError(`「${f.label}」必须是数字`);
      if (f.formType === 'long' && (!Number.isSafeInteger(n) || /[.eE]/.test(s))) throw businessError(`「${f.label}」必须是整数`);
      return n;
    }
    if (f.type === 'date') {
      const pattern = f.datePattern || DEFAULT_DATE_PATTERN;
      // a form gives the pattern's text; the engine API may also give the stored date-time text
      const d = typeof v === 'string' ? (parsePatternDate(v, pattern) ?? (convert ? null : parseStoredDate(v))) : null;
      if (!d) throw businessError(`「${f.label}」的日期格式不正确，应为 ${pattern}`);
      return d;
    }
    if (convert) {
      if (typeof v === 'object') throw businessError(`「${f.label}」必须是文本`);
      return String(v);
    }
    if (typeof v !== 'string' && typeof v !== 'number' && !Array.isArray(v)) throw businessError(`「${f.label}」必须是文本`);
    return v;
  }

  /** Rejects to the initiator (`/actTask/back`): the instance ends, business 2/3. */
  async back(actor: Actor, input: { id: string; comment?: string }, jx = false, opts: { itemLog?: ItemLog } = {}): Promise<void> {
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const task = await this.openTask(trx, input.id);
      const L = await this.load(trx, inst, events);
      await this.checkActor(trx, task, actor, L);
      await this.writeItemLog(trx, actor, opts.itemLog);
      const comment = (input.comment ?? '').trim();
      if (!comment && (jx || L.form?.commentRequired)) throw businessError(WF_TEXT.COMMENT_REQUIRED);
      await this.closeTask(trx, task, 1, 'back', actor.username, comment || null);
      const node = L.model.nodes.get(task.nodeId);
      const mi = node ? await this.miState(trx, inst.id, node.id) : null;
      if (node && mi) {
        // a veto in a countersign: rejects only when the pass ratio can no longer be reached
        const pending: PendingTask[] = [];
        const steps = { n: 0 };
        const r = await this.completeMulti(trx, L, node, mi, false, task.priority, pending, steps);
        if (r !== 'vetoed') {
          await this.log(trx, inst.id, 'veto', actor, { task, comment: comment || null, detail: { approved: mi.approved, rejected: mi.rejected, total: mi.total } });
          if (await this.createTasks(trx, L, pending, null, task.priority, steps)) await this.settle(trx, L);
          return;
        }
        await this.saveMiState(trx, inst.id, null, node.id);
      }
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
      users = await this.withoutInitiator(trx, L.def.id, target.id, inst.starter, users);
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
      await trx.deleteFrom('wfJob').where('instId', '=', inst.id).where('type', '=', 'timer').where('nodeId', 'in', [...reach]).execute();
      await trx.deleteFrom('wfToken').where('instId', '=', inst.id).where('state', '=', 'wait').where('nodeId', 'in', [...reach]).execute();
      await this.log(trx, inst.id, 'return', actor, {
        task,
        comment: comment || null,
        detail: { target: target.id, targetName: target.name, assignees: users.map((u) => u.username) },
      });
      L.events.push({ ...this.ref(L), type: 'rejected', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(actor), comment: comment || null, backTaskKey: target.id });
      // countersign progress of the redone part starts over
      await trx.deleteFrom('wfVariable').where('instId', '=', inst.id).where('name', 'in', [...reach].map((n) => this.miName(n))).execute();
      const tokenId = await this.enterUserTask(trx, L, target, null);
      const steps = { n: 0 };
      if (!(await this.createTasks(trx, L, [{ nodeId: target.id, tokenId }], users, input.priority ?? task.priority, steps, { noAuto: true }))) return;
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
      await this.refuseInitiator(trx, task, inst.starter, [to.username], WF_TEXT.DELEGATE_INITIATOR);
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
        .where('instId', 'in', await this.treeIds(trx, inst.id))
        .where('action', 'in', ['pass', 'return', 'delegate', 'back', 'veto', 'transfer', 'addsign'])
        .executeTakeFirst();
      if (acted) throw businessError(WF_TEXT.CANNOT_WITHDRAW);
      const L = await this.load(trx, inst, events);
      const reason = (input.reason ?? '').trim() || '发起人撤回';
      await this.log(trx, inst.id, 'cancel', actor, { comment: reason });
      L.events.push({ ...this.ref(L), type: 'withdrawn', actor: who(actor), reason });
      await this.endInstance(trx, L, 'canceled', `canceled-${reason}`.slice(0, 100));
    });
  }

  /** A batch item's operation-log row, in the item's transaction (rolled back with it when the item fails). */
  private async writeItemLog(trx: Database, actor: Actor, log: ItemLog | undefined): Promise<void> {
    if (!log) return;
    await writeLog(trx, {
      logType: 2,
      logContent: log.content,
      operateType: 3,
      userid: actor.username,
      username: actor.realname,
      method: log.url,
      requestUrl: log.url,
      requestType: 'POST',
      outcome: 'success',
    });
  }

  /**
   * Batch approve: each task its own transaction, the node's configured approvers, a result per item.
   * Every item writes its own `sys_log` row inside its transaction.
   */
  async passAll(actor: Actor, ids: string[], variables?: Record<string, unknown>): Promise<BatchItem[]> {
    const out: BatchItem[] = [];
    for (let i = 0; i < ids.length; i++) {
      try {
        await this.pass(actor, { id: ids[i], comment: '', variables }, { itemLog: { content: `批量审批通过 任务 ${ids[i]}`, url: '/actTask/passAll' } });
        out.push({ id: ids[i], success: true, message: '操作成功' });
      } catch (err) {
        out.push({ id: ids[i], success: false, message: errorText(err) });
      }
      workflowFaults.afterBatchItem?.(i);
    }
    return out;
  }

  /** Batch reject to the initiator, by process instance; a result per item, each with its own `sys_log` row. */
  async backAll(actor: Actor, procInstIds: string[], comment = ''): Promise<BatchItem[]> {
    const out: BatchItem[] = [];
    for (let i = 0; i < procInstIds.length; i++) {
      const instId = procInstIds[i];
      try {
        const open = await this.db.selectFrom('wfTask').selectAll().where('instId', '=', instId).where('status', '=', 0).execute();
        let mine: WfTask | undefined;
        for (const t of open) if (await this.canAct(this.db, t, actor.username)) mine = mine ?? t;
        if (!mine) throw businessError(open.length ? WF_TEXT.NO_TODO_IN_INSTANCE : WF_TEXT.TASK_DONE);
        await this.back(actor, { id: mine.id, comment }, false, { itemLog: { content: `批量驳回 流程实例 ${instId}`, url: '/actTask/backAll' } });
        out.push({ id: instId, success: true, message: '操作成功' });
      } catch (err) {
        out.push({ id: instId, success: false, message: errorText(err) });
      }
      workflowFaults.afterBatchItem?.(i);
    }
    return out;
  }

  // ---------------------------------------------------------------- more approval actions

  /**
   * The task's form as the approval dialog shows it (Activiti's getTaskFormData): the readable properties,
   * each with its current value as form text (from its variable or expression; a date in its pattern).
   */
  async decisionFieldsOf(taskId: string, username: string): Promise<(DecisionField & { value: string | null })[]> {
    const task = await this.db.selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task || task.status !== 0) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    if (!(await this.canAct(this.db, task, username))) throw businessError(WF_TEXT.NOT_CANDIDATE);
    const settings = await this.nodeSettings(this.db, task.procDefId, task.nodeId);
    const node = (await this.model({ id: task.procDefId })).nodes.get(task.nodeId);
    const fields = settings.decisionFields ? (JSON.parse(settings.decisionFields) as DecisionField[]) : (node?.decisionFields ?? []);
    const shown = fields.filter((f) => f.readable !== false);
    if (!shown.length) return [];
    const rows = await this.db.selectFrom('wfVariable').select(['name', 'value']).where('instId', '=', task.instId).where('name', 'in', ['form', 'vars']).execute();
    const read = (n: string) => {
      const v = rows.find((r) => r.name === n)?.value;
      return v ? (JSON.parse(v) as Record<string, unknown>) : {};
    };
    const vars = { ...read('form'), ...read('vars') };
    return shown.map((f) => ({ ...f, value: this.shownValue(f, vars) }));
  }

  /** A property's current value as form text (Activiti's createFormProperty): null when it has none. */
  private shownValue(f: DecisionField, vars: Record<string, unknown>): string | null {
    let v: unknown;
    if (!f.variable && f.expression) {
      try {
        v = evaluateValue(f.expression, vars);
      } catch {
        v = null;
      }
    } else v = vars[f.variable || f.name];
    if (v === null || v === undefined) return null;
    if (f.type === 'date' && typeof v === 'string') return formatPatternDate(v, f.datePattern || DEFAULT_DATE_PATTERN) ?? v;
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }

  /** Loads an open task the caller may act on, inside a command. */
  private async actorTask(trx: Database, L: Loaded, taskId: string, actor: Actor): Promise<WfTask> {
    const task = await this.openTask(trx, taskId);
    await this.checkActor(trx, task, actor, L);
    return task;
  }

  private async usersNamed(trx: Database, refs: string[], self?: string): Promise<UserBrief[]> {
    const names = [...new Set(refs.map((x) => x.trim()).filter(Boolean))];
    if (!names.length) throw businessError(WF_TEXT.NEED_APPROVER);
    const out: UserBrief[] = [];
    for (const n of names) {
      const u = await this.dir.find(n, trx);
      if (!u) throw businessError(WF_TEXT.UNKNOWN_USER);
      if (self && u.username === self) throw businessError('不能选择自己');
      if (!out.some((x) => x.username === u.username)) out.push(u);
    }
    return out;
  }

  /** 转办: the task goes to another user, who acts in their own name (the caller leaves it). */
  async transfer(actor: Actor, input: { id: string; userId: string; comment?: string }): Promise<void> {
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const L = await this.load(trx, inst, events);
      const task = await this.actorTask(trx, L, input.id, actor);
      const [to] = await this.usersNamed(trx, [input.userId], actor.username);
      await this.refuseInitiator(trx, task, inst.starter, [to.username], WF_TEXT.TRANSFER_INITIATOR);
      await trx.updateTable('wfTask').set({ assignee: to.username, owner: null }).where('id', '=', task.id).execute();
      await trx.updateTable('wfTaskCandidate').set({ open: 0 }).where('taskId', '=', task.id).execute();
      await trx.insertInto('wfTaskCandidate').values({ id: newId(), taskId: task.id, instId: inst.id, username: to.username, open: 0 }).execute();
      const comment = (input.comment ?? '').trim() || null;
      await this.log(trx, inst.id, 'transfer', actor, { task, comment, detail: { to: to.username, toName: to.realname } });
      L.events.push({ ...this.ref(L), type: 'transferred', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(actor), to: to.username, comment });
    });
  }

  /**
   * 加签: more signers on the caller's node. `parallel`: they sign alongside the caller; `after`: they
   * sign one by one after the caller; `before`: they sign one by one first, then the task comes back to
   * the caller. The node leaves only when every signer passed (a veto rejects, as a countersign).
   */
  async addSign(actor: Actor, input: { id: string; userIds: string[]; position: 'before' | 'after' | 'parallel'; comment?: string }): Promise<void> {
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const L = await this.load(trx, inst, events);
      const task = await this.actorTask(trx, L, input.id, actor);
      const node = L.model.nodes.get(task.nodeId)!;
      const settings = await this.nodeSettings(trx, L.def.id, node.id);
      const added = await this.usersNamed(trx, input.userIds, actor.username);
      await this.refuseInitiator(trx, task, inst.starter, added.map((u) => u.username), WF_TEXT.ADDSIGN_INITIATOR);
      const open = await trx.selectFrom('wfTask').select('id').where('instId', '=', inst.id).where('nodeId', '=', node.id).where('status', '=', 0).execute();
      let state = await this.miState(trx, inst.id, node.id);
      if (state) {
        if (input.position !== 'parallel' || state.sequential || !state.perUser) throw businessError('会签节点只能并行加签');
        if (added.some((u) => state!.items.includes(u.username))) throw businessError('所选人员已是该节点的审批人');
        state.items.push(...added.map((u) => u.username));
        state.total += added.length;
      } else {
        if (open.length > 1) throw businessError('该节点有多个待办任务，不能加签');
        const mine = [actor.username];
        const names = added.map((u) => u.username);
        state = {
          total: 1 + added.length,
          completed: 0,
          approved: 0,
          rejected: 0,
          sequential: input.position !== 'parallel',
          items: input.position === 'before' ? [...names, ...mine] : [...mine, ...names],
          perUser: true,
          ratio: 100,
          condition: null,
          elementVariable: null,
        };
      }
      const priority = task.priority;
      if (input.position === 'parallel') {
        for (let i = state.total - added.length; i < state.total; i++) {
          const tok = newId();
          await trx.insertInto('wfToken').values({ id: tok, instId: inst.id, nodeId: node.id, state: 'active', viaFlow: null, createTime: now() }).execute();
          await this.openMultiInstance(trx, L, node, settings, state, i, tok, priority, open.length + 1);
        }
      } else if (input.position === 'before') {
        // the caller's task waits: it is closed now and reopened for them after the added signers
        await this.closeTask(trx, task, 2, 'addsign', null, null);
        const tok = newId();
        await trx.insertInto('wfToken').values({ id: tok, instId: inst.id, nodeId: node.id, state: 'active', viaFlow: null, createTime: now() }).execute();
        await this.openMultiInstance(trx, L, node, settings, state, 0, tok, priority, 1);
      }
      await this.saveMiState(trx, inst.id, state, node.id);
      const comment = (input.comment ?? '').trim() || null;
      await this.log(trx, inst.id, 'addsign', actor, {
        task,
        comment,
        detail: { position: input.position, users: added.map((u) => u.username), names: added.map((u) => u.realname) },
      });
      await this.settle(trx, L);
    });
  }

  /** 抄送: copies the application to users (an applicant or a participant may copy). */
  async cc(actor: Actor, input: { procInstId: string; userIds: string[]; comment?: string }, mayCopy: (username: string) => Promise<boolean>): Promise<number> {
    if (!(await mayCopy(actor.username))) throw businessError('您不能抄送该流程');
    return this.command(input.procInstId, async (trx, inst, events) => {
      const L = await this.load(trx, inst, events);
      const users = await this.usersNamed(trx, input.userIds);
      const comment = (input.comment ?? '').trim() || null;
      const already = await trx.selectFrom('wfCc').select('username').where('instId', '=', inst.id).where('username', 'in', users.map((u) => u.username)).execute();
      const fresh = users.filter((u) => !already.some((a) => a.username === u.username));
      if (fresh.length) {
        await trx
          .insertInto('wfCc')
          .values(
            fresh.map((u) => ({
              id: newId(),
              instId: inst.id,
              taskId: null,
              nodeId: null,
              nodeName: null,
              username: u.username,
              fromUsername: actor.username,
              fromRealname: actor.realname,
              comment,
              readFlag: 0,
              createTime: now(),
              readTime: null,
            })),
          )
          .execute();
      }
      await this.log(trx, inst.id, 'cc', actor, { comment, detail: { users: users.map((u) => u.username), names: users.map((u) => u.realname) } });
      L.events.push({ ...this.ref(L), type: 'cc', actor: who(actor), users: fresh.map((u) => u.username), nodeId: null, comment });
      return fresh.length;
    });
  }

  /** 催办: the applicant reminds the current approvers; once per instance every URGE_MINUTES. */
  async urge(actor: Actor, input: { procInstId: string; comment?: string }): Promise<string[]> {
    return this.command(input.procInstId, async (trx, inst, events) => {
      if (inst.starter !== actor.username) throw businessError(WF_TEXT.NOT_YOURS);
      if (inst.state !== 'running') throw businessError(WF_TEXT.NOT_RUNNING);
      const last = await trx
        .selectFrom('wfAction')
        .select('createTime')
        .where('instId', '=', inst.id)
        .where('action', '=', 'urge')
        .orderBy('createTime', 'desc')
        .executeTakeFirst();
      if (last && Date.now() - parseTime(last.createTime) < URGE_MINUTES * 60_000) throw businessError(`催办过于频繁，请${URGE_MINUTES}分钟后再试`);
      const L = await this.load(trx, inst, events);
      // the open tasks of the application, called processes included
      const open = await trx.selectFrom('wfTask').selectAll().where('instId', 'in', await this.treeIds(trx, inst.id)).where('status', '=', 0).execute();
      const comment = (input.comment ?? '').trim() || '请尽快审批';
      const all: string[] = [];
      for (const task of open) {
        const people = task.assignee
          ? [task.assignee]
          : (await trx.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', task.id).where('open', '=', 1).execute()).map((c) => c.username);
        all.push(...people);
        L.events.push({ ...this.ref(L), type: 'urged', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, actor: who(actor), users: people, comment });
      }
      await this.log(trx, inst.id, 'urge', actor, { comment, detail: { users: [...new Set(all)] } });
      return [...new Set(all)];
    });
  }

  /**
   * Runs `fn` as a command of the instance: the claim of its top instance (`version` moved on with
   * `WHERE version = ?`), a lost race retried, the events and the to-do push after the commit. For the
   * instance-level operations of other services (migration to another version).
   */
  async instanceCommand<T>(instId: string, fn: (trx: Database, inst: WfInstance, events: WorkflowEvent[]) => Promise<T>): Promise<T> {
    return this.command(instId, fn);
  }

  /** 终止 by an administrator: the application ends as cancelled (3/0) with the reason in history. */
  async terminate(actor: Actor, input: { procInstId: string; reason?: string }): Promise<void> {
    await this.command(input.procInstId, async (trx, inst, events) => {
      if (inst.state !== 'running') throw businessError(WF_TEXT.NOT_RUNNING);
      const L = await this.load(trx, inst, events);
      const reason = (input.reason ?? '').trim() || '管理员终止';
      await this.log(trx, inst.id, 'terminate', actor, { comment: reason });
      await this.endInstance(trx, L, 'canceled', `terminated-${reason}`.slice(0, 100));
    });
  }

  /** 重新分配 by an administrator: an open task gets new candidates (delegation cleared). */
  async reassign(actor: Actor, input: { id: string; userIds: string[]; comment?: string }): Promise<void> {
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', input.id).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    await this.command(head.instId, async (trx, inst, events) => {
      const L = await this.load(trx, inst, events);
      const task = await this.openTask(trx, input.id);
      const users = await this.usersNamed(trx, input.userIds);
      await this.refuseInitiator(trx, task, inst.starter, users.map((u) => u.username), WF_TEXT.REASSIGN_INITIATOR);
      await trx.updateTable('wfTask').set({ assignee: null, owner: null }).where('id', '=', task.id).execute();
      await trx.deleteFrom('wfTaskCandidate').where('taskId', '=', task.id).execute();
      await trx
        .insertInto('wfTaskCandidate')
        .values(users.map((u) => ({ id: newId(), taskId: task.id, instId: inst.id, username: u.username, open: 1 })))
        .execute();
      const comment = (input.comment ?? '').trim() || null;
      await this.log(trx, inst.id, 'reassign', actor, { task, comment, detail: { users: users.map((u) => u.username), names: users.map((u) => u.realname) } });
      L.events.push({ ...this.ref(L), type: 'taskCreated', taskId: task.id, nodeId: task.nodeId, nodeName: task.name, candidates: users.map((u) => u.username), priority: task.priority });
      await this.settle(trx, L);
    });
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
