/**
 * Timers: running a due job claimed by the poller in timers.ts — a task's due date (remind, pass or reject),
 * an intermediate timer event, or a boundary timer on a user task (interrupting or not) — inside the
 * instance's command.
 */
import { SYSTEM, type PendingTask } from './engine-shared.js';
import { who } from './engine-statements.js';
import { EngineCalls } from './engine-calls.js';

export abstract class EngineTimers extends EngineCalls {
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
}
