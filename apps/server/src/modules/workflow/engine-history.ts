/**
 * History and notifications: the history row of every step (`wf_action`), the node signatures
 * (`wf_node_sign`), the operation-log row of a batch item, and the instance reference every engine event
 * carries (events are delivered after commit by the core's command; see events.ts and notices.ts for who
 * listens).
 */
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { writeLog } from '../../platform/oplog/oplog.js';
import type { FlowNode } from './bpmn.js';
import type { InstanceRef } from './events.js';
import type { WfTask } from './workflow.tables.js';
import type { Actor, Loaded, ItemLog } from './engine-shared.js';
import { deleteNodeSign, insertNodeSign, insertAction } from './engine-statements.js';
import { EngineCore } from './engine-core.js';

export abstract class EngineHistory extends EngineCore {
  protected ref(L: Loaded): InstanceRef {
    return {
      procInstId: L.inst.id,
      procDefId: L.def.id,
      businessId: L.business.id,
      title: L.business.title ?? L.inst.title,
      starter: L.inst.starter,
      tableName: L.business.tableName,
    };
  }

  protected async log(
    trx: Database,
    instId: string,
    action: string,
    who: Actor | null,
    opts: { task?: WfTask | null; node?: FlowNode | null; comment?: string | null; detail?: unknown } = {},
  ): Promise<void> {
    await trx.executeQuery(this.logWrite(trx, instId, action, who, opts).compile());
  }

  /** The history row of `log`, for the caller to run. */
  protected logWrite(
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

  protected async sign(trx: Database, instId: string, node: { id: string; name: string | null }, who: Actor, value: string | null): Promise<void> {
    for (const w of this.signWrites(trx, instId, node, who, value)) await trx.executeQuery(w.compile());
  }

  /** The node's signature: the previous one of the node goes, this one is written. */
  protected signWrites(trx: Database, instId: string, node: { id: string; name: string | null }, who: Actor, value: string | null) {
    return [
      deleteNodeSign(trx, instId, node.id),
      insertNodeSign(trx, { id: newId(), instId, nodeId: node.id, nodeName: node.name, username: who.username, realname: who.realname, signTime: now(), value }),
    ] as const;
  }

  /** A batch item's operation-log row, in the item's transaction (rolled back with it when the item fails). */
  protected async writeItemLog(trx: Database, actor: Actor, log: ItemLog | undefined): Promise<void> {
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
}
