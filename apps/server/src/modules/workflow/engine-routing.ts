/**
 * Routing: how a token moves through the graph — the flows a gateway or element takes, parallel and inclusive
 * joins, embedded sub-processes, intermediate timers, implicit and explicit ends — and, after each move,
 * settling the instance: firing joins nothing can reach any more, ending the instance (business status and
 * result) or writing the running status text.
 */
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { IMPLICIT_END_KINDS, type Flow, type FlowNode, type ProcessModel } from './bpmn.js';
import type { UserBrief } from './directory.js';
import { evaluateCondition } from './expression.js';
import { applicationStatusTexts, runningStatusText } from './status-text.js';
import type { WfToken } from './workflow.tables.js';
import { type Loaded, type PendingTask, MAX_STEPS } from './engine-shared.js';
import { EngineAssignment } from './engine-assignment.js';

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

export abstract class EngineRouting extends EngineAssignment {
  protected abstract createTasks(
    trx: Database,
    L: Loaded,
    pending: PendingTask[],
    chosen: UserBrief[] | null,
    priority: number,
    steps: { n: number },
    opts?: { noAuto?: boolean; settleNext?: boolean },
  ): Promise<boolean>;
  protected abstract startChild(trx: Database, L: Loaded, node: FlowNode, tokenId: string, pending: PendingTask[], steps: { n: number }): Promise<void>;
  protected abstract resumeParent(trx: Database, C: Loaded, state: 'passed' | 'rejected' | 'canceled', reason: string | null): Promise<void>;

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
  protected async leave(trx: Database, L: Loaded, nodeId: string, pending: PendingTask[], steps: { n: number }): Promise<void> {
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

  protected async arrive(trx: Database, L: Loaded, flow: Flow, pending: PendingTask[], steps: { n: number }): Promise<void> {
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
  protected async inclusiveReady(trx: Database, L: Loaded, gw: FlowNode): Promise<boolean> {
    const tokens = await trx.selectFrom('wfToken').select(['nodeId']).where('instId', '=', L.inst.id).execute();
    for (const t of tokens) if (t.nodeId !== gw.id && L.model.reachable(t.nodeId).has(gw.id)) return false;
    for (const f of L.inflight) if (L.model.reachable(f.target).has(gw.id)) return false;
    return true;
  }

  /** A token arrives at a user task: its boundary timers start (one job per timer). */
  protected async enterUserTask(trx: Database, L: Loaded, node: FlowNode, viaFlow: string | null): Promise<string> {
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

  /** Nothing of the instance is left inside an embedded sub-process (no token, no flow being followed). */
  protected async scopeDone(trx: Database, L: Loaded, scope: string): Promise<boolean> {
    const tokens = await trx.selectFrom('wfToken').select('nodeId').where('instId', '=', L.inst.id).execute();
    if (tokens.some((t) => L.model.nodes.get(t.nodeId)?.scopes.includes(scope))) return false;
    return !L.inflight.some((f) => L.model.nodes.get(f.target)?.scopes.includes(scope));
  }

  /** After a move: fires inclusive joins nothing can reach any more, finishes the instance when no token is left, or writes the running status text. */
  protected async settle(trx: Database, L: Loaded): Promise<void> {
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
  protected async rememberEnds(trx: Database, L: Loaded): Promise<void> {
    const row = await trx.selectFrom('wfVariable').select('value').where('instId', '=', L.inst.id).where('name', '=', 'ends').executeTakeFirst();
    const ends = new Set<string>(row?.value ? (JSON.parse(row.value) as string[]) : []);
    for (const e of L.endsReached) ends.add(e.id);
    const value = JSON.stringify([...ends]);
    if (row) await trx.updateTable('wfVariable').set({ value }).where('instId', '=', L.inst.id).where('name', '=', 'ends').execute();
    else await trx.insertInto('wfVariable').values({ id: newId(), instId: L.inst.id, name: 'ends', value }).execute();
  }

  /** Ends the instance and writes the business status/result (docs/workflow.md, "Codes"). */
  protected async endInstance(trx: Database, L: Loaded, state: 'passed' | 'rejected' | 'canceled', reason: string | null, endNode: FlowNode | null = null): Promise<void> {
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

  /** `审批中：节点（审批人）` over the instance and the called processes still running under it. */
  protected async treeStatusText(trx: Database, rootId: string): Promise<string> {
    const ids = [rootId, ...(await trx.selectFrom('wfInstance').select('id').where('rootId', '=', rootId).where('state', '=', 'running').execute()).map((r) => r.id)];
    const texts = await applicationStatusTexts(trx, ids.map((procInstId) => ({ procInstId, status: 1, result: 1 })));
    const parts = ids.map((id) => texts.get(id) ?? '').filter((x) => x.startsWith('审批中：')).map((x) => x.slice(4));
    return (parts.length ? `审批中：${parts.join('、')}` : '审批中').slice(0, 200);
  }
}
