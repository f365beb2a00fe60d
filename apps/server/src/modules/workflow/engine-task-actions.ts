/**
 * Task and instance actions besides completing: delegate, transfer (转办), add signers (加签), reassign by an
 * administrator, the applicant's withdrawal, termination by an administrator, copy (抄送) and urge (催办).
 */
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { type Actor, WF_TEXT, URGE_MINUTES, parseTime } from './engine-shared.js';
import { who } from './engine-statements.js';
import { EngineCompletion } from './engine-completion.js';

export abstract class EngineTaskActions extends EngineCompletion {
  /** Hands a task to another user (`/actTask/delegate`); status and result do not change. */
  async delegate(actor: Actor, input: { id: string; userId: string; comment?: string }): Promise<void> {
    if (!input.userId?.trim()) throw businessError(WF_TEXT.NEED_DELEGATE);
    await this.onOpenTask(input.id, actor, async (trx, L, task, inst) => {
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

  /** 转办: the task goes to another user, who acts in their own name (the caller leaves it). */
  async transfer(actor: Actor, input: { id: string; userId: string; comment?: string }): Promise<void> {
    await this.onOpenTask(input.id, actor, async (trx, L, task, inst) => {
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
    await this.onOpenTask(input.id, actor, async (trx, L, task, inst) => {
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

  /** 重新分配 by an administrator: an open task gets new candidates (delegation cleared). */
  async reassign(actor: Actor, input: { id: string; userIds: string[]; comment?: string }): Promise<void> {
    await this.onOpenTask(input.id, null, async (trx, L, task, inst) => {
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
}
