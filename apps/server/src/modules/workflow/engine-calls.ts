/**
 * Call activities: starting a child instance of the called process (with its `in` mappings), and resuming the
 * parent when the child ends (copying the `out` mappings, or ending the parent the same way when the child was
 * rejected or cancelled).
 */
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import type { FlowNode } from './bpmn.js';
import { evaluateValue } from './expression.js';
import type { WfInstance } from './workflow.tables.js';
import { DEF_META, type Loaded, type PendingTask, RESERVED_VARS } from './engine-shared.js';
import { EngineTasks } from './engine-tasks.js';

export abstract class EngineCalls extends EngineTasks {
  /**
   * A call activity starts a child instance of the latest active version of the called key; the parent
   * token waits (state `call`). The child sees `initiator`, `tableId` and the `in` mappings (all the
   * parent's variables with `inheritVariables`); its tasks belong to the same application.
   */
  protected async startChild(trx: Database, L: Loaded, node: FlowNode, tokenId: string, pending: PendingTask[], steps: { n: number }): Promise<void> {
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

  protected async depthOf(trx: Database, inst: WfInstance): Promise<number> {
    let n = 0;
    for (let id = inst.parentId; id && n < 20; n++) {
      const p = await trx.selectFrom('wfInstance').select('parentId').where('id', '=', id).executeTakeFirst();
      id = p?.parentId ?? null;
    }
    return n;
  }

  protected mappedValue(m: { source: string | null; sourceExpression: string | null }, vars: Record<string, unknown>, where: string): unknown {
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
  protected async resumeParent(trx: Database, C: Loaded, state: 'passed' | 'rejected' | 'canceled', reason: string | null): Promise<void> {
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
}
