/**
 * The SQL the hot path of an approval runs, each statement built once with its values bound per call: the
 * single read of a task with its instance, definition, application and variables (`readTask`), the claim of a
 * task's command (`claimTask`), and the writes of an approval step (closing a task, the signature, the history
 * row, new tasks, candidates and tokens). The column lists are records so a column added to a table type must
 * be added here.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { prepared, preparedInsert, preparedWrite } from '../../platform/db/prepared.js';
import type { OpenTaskRow } from './status-text.js';
import type { WfAction, WfBusiness, WfInstance, WfNodeSign, WfTask, WfTaskCandidate, WfToken } from './workflow.tables.js';
import { DEF_META, type Actor } from './engine-shared.js';

/** Every column of the rows a pass reads in one statement (a record, so a column added to a table type must be added here). */
export const columns = <T>(all: Record<keyof T, true>) => Object.keys(all) as (keyof T & string)[];
export const TASK_COLS = columns<WfTask>({ id: true, instId: true, procDefId: true, tokenId: true, nodeId: true, name: true, assignee: true, owner: true, priority: true, status: true, createTime: true, endTime: true, outcome: true, executor: true, comment: true });
export const INST_COLS = columns<WfInstance>({ id: true, procDefId: true, businessId: true, starter: true, starterName: true, title: true, state: true, version: true, priority: true, startTime: true, endTime: true, endReason: true, parentId: true, rootId: true, parentNodeId: true, parentTokenId: true });
export const BUSINESS_COLS = columns<WfBusiness>({ id: true, procDefId: true, procInstId: true, userId: true, title: true, tableName: true, tableId: true, status: true, result: true, applyTime: true, sysOrgCode: true, delFlag: true, createBy: true, createTime: true, updateBy: true, updateTime: true });
/** `procDefId` → `tProcDefId`: the alias of a column of table alias `t` in a combined row. */
export const aliasOf = (t: string, c: string) => `${t}${c[0].toUpperCase()}${c.slice(1)}`;
export function pickRow<T>(row: Record<string, unknown>, t: string, cols: readonly string[]): T {
  return Object.fromEntries(cols.map((c) => [c, row[aliasOf(t, c)]])) as T;
}

/** The open task, its instance, definition, application, variables and the user's candidacy in one read (built once). */
export const readTask = prepared(
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
export const claimTask = prepared(
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

export const who = (a: Actor) => ({ username: a.username, realname: a.realname });

/** The writes of an approval step, each built once (their values bound per call). */
export const closeTaskGuard = preparedWrite(
  (db: Database, status: number, outcome: string, executor: string | null, comment: string | null, endTime: string, taskId: string) =>
    db.updateTable('wfTask').set({ status, outcome, executor, comment, endTime }).where('id', '=', taskId).where('status', '=', 0).returning('id'),
  6,
);
export const closeCandidates = preparedWrite((db: Database, taskId: string) => db.updateTable('wfTaskCandidate').set({ open: 0 }).where('taskId', '=', taskId), 1);
export const deleteToken = preparedWrite((db: Database, id: string) => db.deleteFrom('wfToken').where('id', '=', id), 1);
export const deleteTaskJobs = preparedWrite((db: Database, taskId: string) => db.deleteFrom('wfJob').where('taskId', '=', taskId), 1);
export const deleteNodeSign = preparedWrite((db: Database, instId: string, nodeId: string) => db.deleteFrom('wfNodeSign').where('instId', '=', instId).where('nodeId', '=', nodeId), 2);
export const updateFormVariable = preparedWrite((db: Database, value: string, instId: string) => db.updateTable('wfVariable').set({ value }).where('instId', '=', instId).where('name', '=', 'form'), 2);
export const insertNodeSign = preparedInsert<WfNodeSign>('wfNodeSign', columns<WfNodeSign>({ id: true, instId: true, nodeId: true, nodeName: true, username: true, realname: true, signTime: true, value: true }));
export const insertAction = preparedInsert<WfAction>(
  'wfAction',
  columns<WfAction>({ id: true, instId: true, taskId: true, nodeId: true, nodeName: true, action: true, username: true, realname: true, comment: true, detail: true, createTime: true }),
);
export const insertTask = preparedInsert<WfTask>('wfTask', TASK_COLS);
export const insertCandidate = preparedInsert<WfTaskCandidate>('wfTaskCandidate', columns<WfTaskCandidate>({ id: true, taskId: true, instId: true, username: true, open: true }));
export const insertToken = preparedInsert<WfToken>('wfToken', columns<WfToken>({ id: true, instId: true, nodeId: true, state: true, viaFlow: true, createTime: true }));
