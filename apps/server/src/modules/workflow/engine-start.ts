/**
 * Starting instances: submitting an application starts the latest active version of its process, snapshots the
 * form data, merges the start form's declared outputs and creates the first tasks (first approvers from the
 * applicant's choice when given).
 */
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import type { WorkflowEvent } from './events.js';
import type { WfInstance } from './workflow.tables.js';
import { type Actor, WF_TEXT, DEF_META, type Loaded, type PendingTask, type ApplyInput, splitUsers } from './engine-shared.js';
import { EngineForms } from './engine-forms.js';

export abstract class EngineStart extends EngineForms {
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
}
