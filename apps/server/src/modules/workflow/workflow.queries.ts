/**
 * The read side of the workflow that lists: the to-do list (one indexed statement per page, compiled once),
 * the done list and my applications, with the wire shapes of a task (`TaskDto`). The history of an instance
 * (history.queries.ts) and the next-step previews (next-step.queries.ts) are separate rooms; `WorkflowQueries`
 * hands their calls on so routes keep one service.
 */
import { WF_STATUS_TEXT as STATUS_TEXT, WF_RESULT_TEXT as RESULT_TEXT } from '@go/contract';
import { createQueryId, sql, type CompiledQuery, type InferResult } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { page, type Page } from '../../platform/http/envelope.js';
import type { WorkflowEngine } from './engine.js';
import type { FormRegistry } from './form-registry.js';
import { applicationStatusTexts, statusTextOf } from './status-text.js';
import { likeContains } from '../../platform/query/like.js';
import { applyConditions, paging, runPage, type Condition, type Whitelist } from '../../platform/query/query-builder.js';
import { OUTCOME_TEXT, WorkflowHistory } from './history.queries.js';
import { NextStepQueries, type NextNodeInput, type NextNodeResult } from './next-step.queries.js';

/** Assignee on the wire (docs/workflow.md, "`POST /actTask/todoList` (also `GET` with query)"). */
export type AssigneeDto = {
  id: string;
  username: string;
  realname: string;
  z_realname: string;
};

/** Task on the wire (docs/workflow.md, "`POST /actTask/todoList` (also `GET` with query)") plus a few fields the task form needs. */
export type TaskDto = {
  id: string;
  procInstId: string;
  procDefId: string;
  key: string;
  name: string;
  processName: string;
  applyer: string;
  applyerUsername: string;
  priority: number;
  isSuspended: boolean;
  createTime: string;
  tableId: string;
  routeName: string;
  tableName: string;
  businessKey: string;
  title: string;
  owner: string | null;
  category: string | null;
  executionId: string | null;
  /** `pass` or `jxpass`: which endpoint approves this task */
  passPath: string;
  commentRequired: boolean;
  fullScreen: boolean;
  assignees: AssigneeDto[];
};

export { WF_STATUS_TEXT as STATUS_TEXT, WF_RESULT_TEXT as RESULT_TEXT } from '@go/contract';

export { ACTION_TEXT, OUTCOME_TEXT } from './history.queries.js';
export type { NextNodeInput, NextNodeResult, NextUser } from './next-step.queries.js';
export { signInfoOf, type SignInfo } from './signing.js';

/** My applications: filters by value (the title is a contains-search). */
const APPLICATION_WHITELIST: Whitelist = {
  status: { column: 'b.status', type: 'number', sortable: false },
  result: { column: 'b.result', type: 'number', sortable: false },
  tableName: { column: 'b.tableName', sortable: false },
};

/** The to-do and done lists: `name` finds the process name, the node name or the title. */
const nameContains = (name: string) => [likeContains('d.name', name), likeContains('t.name', name), likeContains('b.title', name)];

/** `pageNo` from 1 and `pageSize` from 1 to 500 (10 by default) of the task and application lists. */
const listPaging = (pageNo?: number, pageSize?: number) => paging({ pageNo, pageSize: pageSize === undefined ? undefined : Math.max(1, pageSize) }, 500);

type DoneRow = {
  id: string;
  instId: string;
  procDefId: string;
  nodeId: string;
  name: string | null;
  priority: number;
  createTime: string | null;
  endTime: string | null;
  outcome: string | null;
  comment: string | null;
  starter: string;
  starterName: string | null;
  state: string;
  processName: string;
  routeName: string | null;
  businessId: string;
  tableId: string;
  tableName: string;
  title: string | null;
  status: number;
  result: number;
};

type ApplicationRow = {
  id: string;
  title: string | null;
  tableName: string;
  tableId: string;
  procDefId: string | null;
  procInstId: string | null;
  status: number;
  result: number;
  applyTime: string | null;
  createTime: string | null;
  processName: string | null;
  routeName: string | null;
};

/** Placeholder values of the compiled to-do page template (replaced by each call's values). */
const TEMPLATE_USER = '\u0000todo-user';
const TEMPLATE_LIMIT = 987_654_321;

/** A compiled to-do page statement (one row per open candidate of each task of the page). */
type TodoPageStatement = CompiledQuery<InferResult<ReturnType<WorkflowQueries['todoPageBuilder']>>[number]>;

/** Read side of the workflow: to-do, done, history, my applications, next node, back list. */
export class WorkflowQueries {
  /** the history of an instance (history.queries.ts) */
  readonly history: WorkflowHistory;
  /** next-step previews and node people (next-step.queries.ts) */
  readonly nextStep: NextStepQueries;

  constructor(
    private readonly db: Database,
    private readonly engine: WorkflowEngine,
    private readonly forms: FormRegistry,
  ) {
    this.history = new WorkflowHistory(db, engine);
    this.nextStep = new NextStepQueries(db, engine, forms);
  }

  /**
   * The user's open tasks with the columns of the to-do order: the ids come from the candidate index
   * (`username, open, task_id`) and the assignee index, each checked against the partial index of open
   * tasks (`idx_wf_task_open`: id, priority, create time; `status = 0` only), so the set is read from
   * indexes and bounded by the user's own open tasks, whatever the size of the task table. With a name
   * search the rows are joined to their instance, process and application to match the name.
   */
  todoQuery(username: string, name?: string) {
    const mine = this.db
      .selectFrom('wfTaskCandidate')
      .select('wfTaskCandidate.taskId')
      .where('wfTaskCandidate.username', '=', username)
      .where('wfTaskCandidate.open', '=', 1)
      .union(
        this.db.selectFrom('wfTask').select('wfTask.id as taskId').where('wfTask.assignee', '=', username).where('wfTask.status', '=', 0),
      );
    // A literal, not a parameter: SQLite uses a partial index only for a constant it can see.
    const open = this.db
      .selectFrom('wfTask as t')
      .select(['t.id', 't.priority', 't.createTime'])
      .where('t.status', '=', sql.lit(0))
      .where('t.id', 'in', mine);
    const n = name?.trim();
    if (!n) return open;
    return open
      .innerJoin('wfInstance as i', 'i.id', 't.instId')
      .innerJoin('wfDefinition as d', 'd.id', 't.procDefId')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .where((eb) => eb.or(nameContains(n)));
  }

  /**
   * One page of the to-do list in one statement: the user's open tasks (`todoQuery`, materialised once),
   * their count, the page of ids in the to-do order, and for those rows only the instance, process,
   * application and open candidates (one row per candidate).
   */
  private todoPageBuilder(username: string, name: string | undefined, pageNo: number, pageSize: number) {
    return this.db
      .with((cte) => cte('mine').materialized(), () => this.todoQuery(username, name))
      .with('pageIds', (db) =>
        db
          .selectFrom('mine')
          .select('mine.id')
          .orderBy('mine.priority', 'desc')
          .orderBy('mine.createTime', 'desc')
          .orderBy('mine.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
      )
      .selectFrom('pageIds as p')
      .innerJoin('wfTask as t', 't.id', 'p.id')
      .innerJoin('wfInstance as i', 'i.id', 't.instId')
      .innerJoin('wfDefinition as d', 'd.id', 't.procDefId')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .leftJoin('wfTaskCandidate as c', (j) => j.onRef('c.taskId', '=', 't.id').on('c.open', '=', 1))
      .leftJoin('sysUser as u', 'u.username', 'c.username')
      .select((eb) => eb.selectFrom('mine').select((e) => e.fn.countAll<number>().as('n')).as('fullCount'))
      .select([
        't.id',
        't.instId',
        't.procDefId',
        't.nodeId',
        't.name',
        't.priority',
        't.createTime',
        't.owner',
        't.assignee',
        't.tokenId',
        'i.starter',
        'i.starterName',
        'd.name as processName',
        'd.status as defStatus',
        'd.routeName',
        'd.categoryId',
        'b.id as businessId',
        'b.tableId',
        'b.tableName',
        'b.title',
        'u.id as candidateId',
        'u.username as candidateUsername',
        'u.realname as candidateRealname',
      ])
      .orderBy('t.priority', 'desc')
      .orderBy('t.createTime', 'desc')
      .orderBy('t.id', 'desc')
      .orderBy('c.id');
  }

  /** The page statement without a name search, built and compiled once; each call fills in its values. */
  private todoTemplate: { compiled: TodoPageStatement; user: number[]; limit: number; offset: number } | null = null;

  /**
   * The compiled statement of one to-do page (the route runs it as is; the bench times it beside the route).
   * The common shape (no name search) is compiled once and reused with the caller's values.
   */
  todoPageQuery(username: string, name: string | undefined, pageNo: number, pageSize: number): TodoPageStatement {
    if (name?.trim()) return this.todoPageBuilder(username, name, pageNo, pageSize).compile();
    if (!this.todoTemplate) {
      // Page 3 of TEMPLATE_LIMIT rows: the offset is 2 × TEMPLATE_LIMIT, a value of its own.
      const compiled = this.todoPageBuilder(TEMPLATE_USER, undefined, 3, TEMPLATE_LIMIT).compile();
      const at = (v: unknown) => compiled.parameters.flatMap((p, i) => (p === v ? [i] : []));
      const [user, limit, offset] = [at(TEMPLATE_USER), at(TEMPLATE_LIMIT), at(2 * TEMPLATE_LIMIT)];
      // The value slots must be unambiguous; otherwise every call compiles its own statement.
      if (user.length !== 2 || limit.length !== 1 || offset.length !== 1) {
        return this.todoPageBuilder(username, undefined, pageNo, pageSize).compile();
      }
      this.todoTemplate = { compiled, user, limit: limit[0], offset: offset[0] };
    }
    const t = this.todoTemplate;
    const parameters = [...t.compiled.parameters];
    for (const i of t.user) parameters[i] = username;
    parameters[t.limit] = pageSize;
    parameters[t.offset] = (pageNo - 1) * pageSize;
    return { ...t.compiled, queryId: createQueryId(), parameters };
  }

  /**
   * `/actTask/todoList`: open tasks the user may act on, priority first, newest first. The total is exact
   * (the stock client's pager and the to-do badge show it): a count over the same index-bound set the
   * page is sorted from, so it costs no more than the page itself.
   */
  async todoList(username: string, input: { name?: string; pageIndex?: number; pageSize?: number }): Promise<Page<TaskDto>> {
    const { pageNo, pageSize } = listPaging(input.pageIndex, input.pageSize);
    const joined = (await this.db.executeQuery(this.todoPageQuery(username, input.name, pageNo, pageSize))).rows;
    let total = joined.length ? Number(joined[0].fullCount) : 0;
    if (!joined.length && pageNo > 1) {
      const c = await this.db
        .with('mine', () => this.todoQuery(username, input.name))
        .selectFrom('mine')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      total = Number(c?.n ?? 0);
    }
    // One row per open candidate of a task (or one without): folded back into the task's row.
    const rows: (typeof joined)[number][] = [];
    const cands = new Map<string, AssigneeDto[]>();
    for (const r of joined) {
      let list = cands.get(r.id);
      if (!list) {
        list = [];
        cands.set(r.id, list);
        rows.push(r);
      }
      if (r.candidateId !== null && r.candidateUsername !== null) {
        const rn = r.candidateRealname ?? r.candidateUsername;
        list.push({ id: r.candidateId, username: r.candidateUsername, realname: rn, z_realname: rn });
      }
    }
    // Delegated tasks are rare: their names are looked up only when the page has some.
    const delegated = rows.flatMap((r) => [r.owner ?? '', r.assignee ?? '']).filter(Boolean);
    const names = delegated.length ? await this.engine.dir.realnames(delegated) : new Map<string, string>();
    const records: TaskDto[] = rows.map((r) => {
      const form = this.forms.get(r.tableName);
      let assignees: AssigneeDto[] = cands.get(r.id) ?? [];
      if (r.assignee) {
        const rn = names.get(r.assignee) ?? r.assignee;
        assignees = [{ id: '', username: r.assignee, realname: rn, z_realname: rn }];
      }
      return {
        id: r.id,
        procInstId: r.instId,
        procDefId: r.procDefId,
        key: r.nodeId,
        name: r.name ?? r.nodeId,
        processName: r.processName,
        applyer: r.starterName ?? r.starter,
        applyerUsername: r.starter,
        priority: r.priority,
        isSuspended: r.defStatus !== 1,
        createTime: r.createTime ?? '',
        tableId: r.tableId,
        routeName: r.routeName ?? form?.routeName ?? '',
        tableName: r.tableName,
        businessKey: r.businessId,
        title: r.title ?? '',
        owner: r.owner ? (names.get(r.owner) ?? r.owner) : null,
        category: r.categoryId,
        executionId: r.tokenId,
        passPath: form?.passPath ?? 'pass',
        commentRequired: form?.commentRequired ?? false,
        fullScreen: form?.fullScreen ?? false,
        assignees,
      };
    });
    return page(records, total, pageNo, pageSize);
  }

  /** `/actTask/doneList`: tasks the user actually handled, newest first. */
  async doneList(username: string, input: { name?: string; pageNo?: number; pageSize?: number }) {
    let q = this.db
      .selectFrom('wfTask as t')
      .innerJoin('wfInstance as i', 'i.id', 't.instId')
      .innerJoin('wfDefinition as d', 'd.id', 't.procDefId')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .where('t.executor', '=', username)
      .where('t.status', '=', 1);
    if (input.name?.trim()) {
      const n = input.name.trim();
      q = q.where((eb) => eb.or(nameContains(n)));
    }
    const found = await runPage<typeof q, DoneRow>(
      q,
      (b) =>
        b
          .select([
            't.id',
            't.instId',
            't.procDefId',
            't.nodeId',
            't.name',
            't.priority',
            't.createTime',
            't.endTime',
            't.outcome',
            't.comment',
            'i.starter',
            'i.starterName',
            'i.state',
            'd.name as processName',
            'd.routeName',
            'b.id as businessId',
            'b.tableId',
            'b.tableName',
            'b.title',
            'b.status',
            'b.result',
          ])
          .orderBy('t.endTime', 'desc')
          .orderBy('t.id', 'desc'),
      listPaging(input.pageNo, input.pageSize),
    );
    const records = found.records.map((r) => ({
      id: r.id,
      procInstId: r.instId,
      procDefId: r.procDefId,
      key: r.nodeId,
      name: r.name ?? r.nodeId,
      processName: r.processName,
      applyer: r.starterName ?? r.starter,
      priority: r.priority,
      createTime: r.createTime,
      endTime: r.endTime,
      comment: r.comment,
      outcome: r.outcome,
      deleteReason: OUTCOME_TEXT[r.outcome ?? ''] ?? r.outcome,
      tableId: r.tableId,
      tableName: r.tableName,
      routeName: r.routeName ?? this.forms.get(r.tableName)?.routeName ?? '',
      businessKey: r.businessId,
      title: r.title,
      status: r.status,
      result: r.result,
      status_dictText: STATUS_TEXT[r.status],
      result_dictText: RESULT_TEXT[r.result],
    }));
    return { ...found, records };
  }

  /** My applications (`/actBusiness/listData`): the caller's applications with status, result and current step. */
  async myApplications(
    username: string,
    input: { title?: string; status?: number; result?: number; tableName?: string; pageNo?: number; pageSize?: number },
  ) {
    let q = this.db
      .selectFrom('wfBusiness as b')
      .leftJoin('wfDefinition as d', 'd.id', 'b.procDefId')
      .where('b.userId', '=', username)
      .where('b.delFlag', '=', 0);
    // values compared as given (no query syntax: the form type key is matched exactly)
    const equal: Condition[] = [];
    if (input.status !== undefined) equal.push({ field: 'status', rule: 'eq', value: input.status });
    if (input.result !== undefined) equal.push({ field: 'result', rule: 'eq', value: input.result });
    if (input.tableName) equal.push({ field: 'tableName', rule: 'eq', value: input.tableName });
    q = applyConditions(q, equal, APPLICATION_WHITELIST);
    if (input.title?.trim()) q = q.where(likeContains('b.title', input.title.trim()));
    const found = await runPage<typeof q, ApplicationRow>(
      q,
      (b) =>
        b
          .select([
            'b.id',
            'b.title',
            'b.tableName',
            'b.tableId',
            'b.procDefId',
            'b.procInstId',
            'b.status',
            'b.result',
            'b.applyTime',
            'b.createTime',
            'd.name as processName',
            'd.routeName',
          ])
          .orderBy('b.createTime', 'desc')
          .orderBy('b.id', 'desc'),
      listPaging(input.pageNo, input.pageSize),
    );
    const rows = found.records;
    const running = rows.filter((r) => r.status === 1 && r.procInstId).map((r) => r.procInstId!);
    const open = running.length
      ? await this.db.selectFrom('wfTask').select(['instId', 'name']).where('instId', 'in', running).where('status', '=', 0).execute()
      : [];
    const acted = running.length
      ? await this.db
          .selectFrom('wfAction')
          .select('instId')
          .where('instId', 'in', running)
          .where('action', 'in', ['pass', 'return', 'delegate', 'back'])
          .execute()
      : [];
    const actedSet = new Set(acted.map((a) => a.instId));
    const statusTexts = await applicationStatusTexts(this.db, rows);
    const records = rows.map((r) => {
      const form = this.forms.get(r.tableName);
      return {
        ...r,
        processName: r.processName ?? form?.label ?? '',
        routeName: r.routeName ?? form?.routeName ?? '',
        formLabel: form?.label ?? r.tableName,
        currTaskName: [...new Set(open.filter((o) => o.instId === r.procInstId).map((o) => o.name))].join('、'),
        canWithdraw: r.status === 1 && !!r.procInstId && !actedSet.has(r.procInstId),
        statusText: statusTextOf(statusTexts, r),
        status_dictText: STATUS_TEXT[r.status],
        result_dictText: RESULT_TEXT[r.result],
      };
    });
    return { ...found, records };
  }

  /** `/actTask/getBackList/{procInstId}`: the nodes the instance can be returned to. */
  backList(procInstId: string) {
    return this.engine.backList(this.db, procInstId);
  }

  /** See `NextStepQueries.companyApprovers`. */
  companyApprovers(username: string, taskId: string, claim: string): Promise<string | undefined> {
    return this.nextStep.companyApprovers(username, taskId, claim);
  }

  /** See `WorkflowHistory.participates`. */
  participates(procInstId: string, username: string): Promise<boolean> {
    return this.history.participates(procInstId, username);
  }

  /** `/actTask/historicFlow/{procInstId}` (see `WorkflowHistory.historicFlow`). */
  historicFlow(procInstId: string) {
    return this.history.historicFlow(procInstId);
  }

  /** `/activiti_process/getNextNode` (see `NextStepQueries.nextNode`). */
  nextNode(username: string, input: NextNodeInput): Promise<NextNodeResult> {
    return this.nextStep.nextNode(username, input);
  }

  /** `/activiti_process/getNode/{nodeId}` (see `NextStepQueries.nodeUsers`). */
  nodeUsers(username: string, nodeId: string, input: { procDefId?: string; procInstId?: string; claimOrgCodeValue?: string }) {
    return this.nextStep.nodeUsers(username, nodeId, input);
  }

  /** `/activiti_process/getBackNodeUser` (see `NextStepQueries.backNodeUsers`). */
  backNodeUsers(procInstId: string, nodeId: string) {
    return this.nextStep.backNodeUsers(procInstId, nodeId);
  }
}
