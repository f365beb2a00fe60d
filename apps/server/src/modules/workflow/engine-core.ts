/**
 * The engine's foundation: the transaction of a command (the optimistic version claim of the instance's top
 * row, a lost race retried, events and the to-do push after commit), reading the state a command works on
 * (definition, model, application, variables), the process variables, closing tasks, the writes a pass defers
 * until its next write, jobs and timer due dates, and the stored countersign progress. Every other room of the
 * engine builds on this class.
 */
import { PostgresAdapter, type Compilable } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { asOneStatement, nameStatement } from '../../platform/db/prepared.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { recordChanges } from '../../platform/audit/audit.js';
import { addDuration, cachedModel, modelFor, parseTimerDate, type TimerSpec, type ProcessModel } from './bpmn.js';
import { Directory } from './directory.js';
import { evaluateValue, ExpressionError, isExpression, UnknownVariableError } from './expression.js';
import type { OpenTaskRow } from './status-text.js';
import { WorkflowEvents, type WorkflowEvent } from './events.js';
import type { FormRegistry } from './form-registry.js';
import type { WfBusiness, WfInstance, WfJob, WfTask } from './workflow.tables.js';
import { type Actor, WF_TEXT, VersionConflict, DEF_META, type DefMeta, type Loaded, type MiState, RESERVED_VARS, VAR_NAME, PROPERTY_ID, isSerializationFailure } from './engine-shared.js';
import { TASK_COLS, INST_COLS, BUSINESS_COLS, pickRow, readTask, claimTask, closeTaskGuard, closeCandidates, deleteToken, deleteTaskJobs, updateFormVariable, insertToken } from './engine-statements.js';

export abstract class EngineCore {
  readonly dir: Directory;
  /** Called after a command committed, with the instance it changed (pushes the to-do refresh). */
  onChange?: (procInstId: string) => void;
  /** Typed events of committed commands (docs/workflow.md, "Events"). */
  readonly events = new WorkflowEvents();

  protected readonly pg: boolean;
  /**
   * PostgreSQL, during a pass: per transaction and instance, the instance's open tasks (one row per open
   * candidate, in creation order) as they are once the command's writes are done — read with the task,
   * then kept up to date by every task the command closes or opens — so `settle` writes the status text
   * without reading it back.
   */
  protected readonly openTasks = new WeakMap<Database, Map<string, (OpenTaskRow & { id: string })[]>>();
  /** The time timers are computed and fired against (tests move it instead of sleeping). */
  clock: () => number = () => Date.now();

  constructor(
    protected readonly db: Database,
    protected readonly forms: FormRegistry,
  ) {
    this.dir = new Directory(db);
    this.pg = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  protected changed(procInstId: string): void {
    try {
      this.onChange?.(procInstId);
    } catch {
      // a notification failure never fails a committed command
    }
  }

  protected async inTrx<T>(fn: (trx: Database) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this.db);
    return this.db.transaction().execute(fn);
  }

  /** Runs `fn` in a transaction that holds the instance's version claim; retries a lost race twice. */
  protected async command<T>(instId: string, fn: (trx: Database, inst: WfInstance, events: WorkflowEvent[]) => Promise<T>): Promise<T> {
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
  protected async taskCommand(taskId: string, fn: (trx: Database, root: WfInstance, events: WorkflowEvent[]) => Promise<string>): Promise<void> {
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
  protected async writeAll(trx: Database, guard: Compilable | null, writes: Compilable[]): Promise<number> {
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

  /**
   * Runs `fn` as a command of the instance: the claim of its top instance (`version` moved on with
   * `WHERE version = ?`), a lost race retried, the events and the to-do push after the commit. For the
   * instance-level operations of other services (migration to another version).
   */
  async instanceCommand<T>(instId: string, fn: (trx: Database, inst: WfInstance, events: WorkflowEvent[]) => Promise<T>): Promise<T> {
    return this.command(instId, fn);
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

  protected async load(trx: Database, inst: WfInstance, events: WorkflowEvent[]): Promise<Loaded> {
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
  protected async loaded(
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
      // a copy: commands change procVars in place, storedVars keeps what the row holds
      procVars: { ...procVars },
      storedVars: procVars,
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
  protected async loadTask(
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
  protected mergeVariables(L: Loaded, given: Record<string, unknown> | undefined): void {
    if (!given || !Object.keys(given).length) return;
    for (const [k, v] of Object.entries(given)) {
      // what is given here has passed decisionValues: declared outputs only
      if (RESERVED_VARS.has(k) || !(VAR_NAME.test(k) || PROPERTY_ID.test(k))) throw businessError(`变量名「${k}」不允许使用`);
      L.procVars[k] = v;
    }
    L.procVarsDirty = true;
    L.vars = { ...L.formVars, ...L.procVars };
  }

  protected async saveProcVars(trx: Database, L: Loaded): Promise<void> {
    if (!L.procVarsDirty) return;
    const value = JSON.stringify(L.procVars);
    const res = await trx.updateTable('wfVariable').set({ value }).where('instId', '=', L.inst.id).where('name', '=', 'vars').executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await trx.insertInto('wfVariable').values({ id: newId(), instId: L.inst.id, name: 'vars', value }).execute();
    // the change trail of each variable set or changed (docs/audit.md, record type wf_variable), same transaction
    const before = L.storedVars ?? null;
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(L.procVars)])];
    await recordChanges(trx, { type: 'wf_variable', id: L.inst.id, name: L.inst.title, orgCode: L.business.sysOrgCode }, before, L.procVars, { fields });
    L.storedVars = { ...L.procVars };
    L.procVarsDirty = false;
  }

  /** Re-reads the form so conditions see the current data, and keeps the snapshot variable. */
  protected async refreshVars(trx: Database, L: Loaded): Promise<void> {
    const write = await this.refreshedVars(trx, L);
    if (write) await trx.executeQuery(write.compile());
  }

  /** `refreshVars` without its write: the update of the snapshot variable when it changed, for the caller to run. */
  protected async refreshedVars(trx: Database, L: Loaded) {
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
  protected formSnapshot(model: ProcessModel, data: Record<string, unknown>, tableId: string, starter: string): Record<string, unknown> {
    const vars: Record<string, unknown> = { ...data, tableId, initiator: starter };
    if (model.initiatorVar) vars[model.initiatorVar] = starter;
    return vars;
  }

  /** A visible error for an expression that cannot be evaluated (never read as null). */
  protected expressionFailure(err: unknown, where: string): unknown {
    if (err instanceof UnknownVariableError) return businessError(`${where}使用了未定义的变量「${err.variable}」，请在申请或审批时提供该变量`);
    if (err instanceof ExpressionError) return businessError(`${where}无法计算：${err.message}`);
    return err;
  }

  /**
   * A command on the instance of one open task (reject, return, delegate, transfer, add signers, reassign):
   * the task (refused when it is gone or already handled), the loaded instance and, given an actor, the check
   * that the actor may act on it; then `fn` in the same transaction.
   */
  protected async onOpenTask<T>(taskId: string, actor: Actor | null, fn: (trx: Database, L: Loaded, task: WfTask, inst: WfInstance) => Promise<T>): Promise<T> {
    const head = await this.db.selectFrom('wfTask').select(['instId']).where('id', '=', taskId).executeTakeFirst();
    if (!head) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    return this.command(head.instId, async (trx, inst, events) => {
      const task = await this.openTask(trx, taskId);
      const L = await this.load(trx, inst, events);
      if (actor) await this.checkActor(trx, task, actor, L);
      return fn(trx, L, task, inst);
    });
  }

  protected async openTask(trx: Database, taskId: string): Promise<WfTask> {
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

  protected async checkActor(trx: Database, task: WfTask, actor: Actor, L: Loaded): Promise<void> {
    if (!(await this.canAct(trx, task, actor.username))) throw businessError(WF_TEXT.NOT_CANDIDATE);
    if (L.def.status !== 1) throw businessError(WF_TEXT.SUSPENDED);
  }

  /** Closes an open task (its candidates, token and jobs with it); a task already closed is a lost race. */
  protected async closeTask(trx: Database, task: WfTask, status: 1 | 2, outcome: string, executor: string | null, comment: string | null, also: Compilable[] = []): Promise<void> {
    const close = this.closeTaskWrites(trx, task, status, outcome, executor, comment);
    if ((await this.writeAll(trx, close.guard, [...close.writes, ...also])) !== 1) throw new VersionConflict();
  }

  protected closeTaskWrites(trx: Database, task: WfTask, status: 1 | 2, outcome: string, executor: string | null, comment: string | null) {
    const tracked = this.openTasks.get(trx);
    const open = tracked?.get(task.instId);
    if (open) tracked!.set(task.instId, open.filter((r) => r.id !== task.id));
    return {
      guard: closeTaskGuard(trx, status, outcome, executor, comment, now(), task.id),
      writes: [closeCandidates(trx, task.id), ...(task.tokenId ? [deleteToken(trx, task.tokenId)] : []), deleteTaskJobs(trx, task.id)],
    };
  }

  /**
   * Writes what a pass has not written yet (its own writes, the tokens its walk reached), with `also`;
   * before anything reads or writes what they touch. A task the pass closes that was closed meanwhile is a
   * lost race.
   */
  protected async flushDeferred(trx: Database, L: Loaded, also: Compilable[] = []): Promise<void> {
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

  protected async addJob(trx: Database, job: Pick<WfJob, 'instId' | 'type' | 'nodeId' | 'elementId' | 'taskId' | 'dueTime'>): Promise<void> {
    await this.jobWrite(trx, job).execute();
  }

  protected jobWrite(trx: Database, job: Pick<WfJob, 'instId' | 'type' | 'nodeId' | 'elementId' | 'taskId' | 'dueTime'>) {
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
  protected async treeIds(trx: Database, instId: string): Promise<string[]> {
    const rows = await trx.selectFrom('wfInstance').select('id').where('rootId', '=', instId).execute();
    return [instId, ...rows.map((r) => r.id)];
  }

  protected miName(nodeId: string): string {
    return `mi:${nodeId}`.slice(0, 100);
  }

  protected async miState(trx: Database, instId: string, nodeId: string): Promise<MiState | null> {
    const row = await trx.selectFrom('wfVariable').select('value').where('instId', '=', instId).where('name', '=', this.miName(nodeId)).executeTakeFirst();
    return row?.value ? (JSON.parse(row.value) as MiState) : null;
  }

  protected async saveMiState(trx: Database, instId: string, state: MiState | null, nodeId: string): Promise<void> {
    const name = this.miName(nodeId);
    if (!state) {
      await trx.deleteFrom('wfVariable').where('instId', '=', instId).where('name', '=', name).execute();
      return;
    }
    const value = JSON.stringify(state);
    const res = await trx.updateTable('wfVariable').set({ value }).where('instId', '=', instId).where('name', '=', name).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await trx.insertInto('wfVariable').values({ id: newId(), instId, name, value }).execute();
  }
}
