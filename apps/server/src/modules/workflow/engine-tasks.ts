/**
 * Task creation and countersign: turning the tokens that reached user tasks into open tasks with their
 * candidates and due dates, the node's "no approver" and "already approved" policies, and multi-instance (会签)
 * nodes — opening their instances, counting approvals and vetoes, and leaving the node when the pass ratio or
 * completion condition is met.
 */
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import type { FlowNode, MultiInstance } from './bpmn.js';
import type { UserBrief } from './directory.js';
import { evaluateCondition, evaluateValue, isExpression } from './expression.js';
import type { WfNode, WfTask } from './workflow.tables.js';
import { type Loaded, type MiState, type PendingTask, MAX_STEPS, toList } from './engine-shared.js';
import { insertTask, insertCandidate } from './engine-statements.js';
import { EngineRouting } from './engine-routing.js';
import { countersignOf } from './signing.js';

export abstract class EngineTasks extends EngineRouting {
  /** Applies a node's "no approver" policy: users to use, or what happened instead. */
  protected async noApprover(trx: Database, L: Loaded, node: FlowNode, settings: WfNode, tokenId: string, pending: PendingTask[], steps: { n: number }): Promise<UserBrief[] | 'skipped' | 'canceled'> {
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
  protected taskName(node: FlowNode, vars: Record<string, unknown>): string {
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
  protected async openNewTask(trx: Database, L: Loaded, node: FlowNode, tokenId: string, users: UserBrief[], priority: number, defer = false, vars: Record<string, unknown> = L.vars): Promise<WfTask> {
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
  protected async createTasks(
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
      // the signing rule (signing.ts): admin settings over the BPMN marker
      const mi = countersignOf(node, settings);
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

  protected counters(state: MiState, active: number): Record<string, number> {
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
  protected async startMulti(
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

  protected async openMultiInstance(trx: Database, L: Loaded, node: FlowNode, settings: WfNode, state: MiState, i: number, tokenId: string, priority: number, active: number): Promise<void> {
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
  protected async completeMulti(trx: Database, L: Loaded, node: FlowNode, state: MiState, approved: boolean, priority: number, pending: PendingTask[], steps: { n: number }): Promise<'open' | 'left' | 'vetoed'> {
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
}
