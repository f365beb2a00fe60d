/**
 * Completing tasks: approving (the process moves on through the gateways), rejecting to the applicant,
 * returning to an earlier node (and the list of nodes it may return to), and the batch approve / reject that
 * run each item in its own transaction.
 */
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import type { WorkflowEvent } from './events.js';
import type { WfTask } from './workflow.tables.js';
import { type Actor, WF_TEXT, workflowFaults, VersionConflict, type PendingTask, type PassInput, type BackToTaskInput, type BatchItem, type ItemLog, errorText } from './engine-shared.js';
import { who } from './engine-statements.js';
import { EngineStart } from './engine-start.js';

export abstract class EngineCompletion extends EngineStart {
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

  protected async passStep(trx: Database, actor: Actor, input: PassInput, opts: { itemLog?: ItemLog }, events: WorkflowEvent[]): Promise<string> {
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

  /** Rejects to the initiator (`/actTask/back`): the instance ends, business 2/3. */
  async back(actor: Actor, input: { id: string; comment?: string }, jx = false, opts: { itemLog?: ItemLog } = {}): Promise<void> {
    await this.onOpenTask(input.id, actor, async (trx, L, task, inst) => {
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
    await this.onOpenTask(input.id, actor, async (trx, L, task, inst) => {
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
}
