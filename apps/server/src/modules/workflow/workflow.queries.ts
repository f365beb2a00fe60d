import { WF_STATUS_TEXT as STATUS_TEXT, WF_RESULT_TEXT as RESULT_TEXT } from '@go/contract';
import { createQueryId, sql, type CompiledQuery, type InferResult } from 'kysely';
import { companyOf, GROUP_COMPANY } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { parseDateTime } from '../../platform/db/time.js';
import { page, type Page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import type { FlowNode } from './bpmn.js';
import type { UserBrief } from './directory.js';
import type { WorkflowEngine } from './engine.js';
import type { FormRegistry } from './form-registry.js';
import { applicationStatusTexts, statusTextOf } from './status-text.js';
import { likeContains } from '../../platform/query/like.js';
import { applyConditions, paging, runPage, type Condition, type Whitelist } from '../../platform/query/query-builder.js';

/** Assignee on the wire (SPEC §3). */
export type AssigneeDto = {
  id: string;
  username: string;
  realname: string;
  z_realname: string;
};

/** Task on the wire (SPEC §3) plus a few fields the task form needs. */
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

export const ACTION_TEXT: Record<string, string> = {
  apply: '提交申请',
  pass: '审批通过',
  back: '审批驳回',
  return: '退回',
  delegate: '委托',
  cancel: '撤回',
  auto: '自动通过',
  skip: '自动跳过',
  end: '流程结束',
  veto: '会签不同意',
  fallback: '转给管理员',
  transfer: '转办',
  addsign: '加签',
  cc: '抄送',
  urge: '催办',
  terminate: '管理员终止',
  reassign: '重新分配',
  call: '调用子流程',
  callEnd: '子流程结束',
  start: '子流程开始',
  timer: '定时器触发',
  timeout: '超时处理',
  remind: '到期提醒',
  migrate: '迁移到新版本',
};

export const OUTCOME_TEXT: Record<string, string> = {
  pass: '审批通过',
  auto: '自动通过',
  back: '审批驳回',
  return: '退回',
  returned: '已退回',
  rejected: '审批驳回',
  canceled: '发起人撤回',
  skipped: '无需审批',
  timeout: '已超时',
};

export { WF_STATUS_TEXT as STATUS_TEXT, WF_RESULT_TEXT as RESULT_TEXT } from '@go/contract';

export interface NextNodeInput {
  procDefId?: string;
  currActId?: string;
  procInstId?: string;
  claimOrgCodeValue?: string;
  /** form row id, to evaluate gateway conditions before the process starts */
  tableId?: string;
}

export type NextUser = {
  id: string;
  username: string;
  realname: string;
  mainOrgCode: string;
};

/** How a user task is signed (see `wfSignMode`), with the countersign's pass ratio. */
export type SignInfo = { signMode: 'or' | 'parallel' | 'sequential'; passRatio: number; completionCondition?: boolean };

export type NextNodeResult = Partial<SignInfo> & {
  id: string | null;
  type: number;
  title: string;
  users: NextUser[];
  chooseMark: number;
  usersMark: number;
  z_type: string;
  /** for a parallel gateway: the user tasks of every branch */
  branches?: ({ id: string; title: string; users: NextUser[] } & SignInfo)[];
};

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

/**
 * A user task's signing as the engine runs it: the node setting `multiMode` over the BPMN
 * `multiInstanceLoopCharacteristics` (`isSequential`), the pass ratio from the setting (1–100, default 100).
 */
export function signInfoOf(node: FlowNode, settings: { multiMode?: string | null; passRatio?: number | null }): SignInfo {
  const mode = settings.multiMode ?? '';
  if (!node.multi && !mode) return { signMode: 'or', passRatio: 100 };
  const sequential = mode ? mode === 'sequential' : node.multi!.sequential;
  const info: SignInfo = { signMode: sequential ? 'sequential' : 'parallel', passRatio: Math.min(100, Math.max(1, settings.passRatio ?? 100)) };
  if (node.multi?.completionCondition) info.completionCondition = true;
  return info;
}

function toNextUser(u: UserBrief): NextUser {
  return { id: u.id, username: u.username, realname: u.realname, mainOrgCode: u.orgCode };
}

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
  constructor(
    private readonly db: Database,
    private readonly engine: WorkflowEngine,
    private readonly forms: FormRegistry,
  ) {}

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

  /**
   * The next node's approvers of the claimed company (getNextNode with `claimOrgCodeValue`), as a comma list,
   * when the pass names none: undefined when the next node is not one user task, nobody of that company is
   * among its approvers (the node's own approvers then apply), or the claim is group level (no filter).
   */
  async companyApprovers(username: string, taskId: string, claim: string): Promise<string | undefined> {
    if (claim.startsWith('A01')) return undefined;
    try {
      const task = await this.db.selectFrom('wfTask').select(['instId', 'nodeId']).where('id', '=', taskId).where('status', '=', 0).executeTakeFirst();
      if (!task) return undefined;
      const next = await this.nextNode(username, { procInstId: task.instId, currActId: task.nodeId, claimOrgCodeValue: claim });
      if (next.type !== 1 && next.type !== 3) return undefined;
      const users = next.users.map((u) => u.username).filter(Boolean);
      return users.length ? users.join(',') : undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether the user took part in the instance (applicant, candidate, assignee, owner or executor). */
  async participates(procInstId: string, username: string): Promise<boolean> {
    const inst = await this.db.selectFrom('wfInstance').select('starter').where('id', '=', procInstId).executeTakeFirst();
    if (!inst) return false;
    if (inst.starter === username) return true;
    const cand = await this.db
      .selectFrom('wfTaskCandidate')
      .select('id')
      .where('instId', '=', procInstId)
      .where('username', '=', username)
      .executeTakeFirst();
    if (cand) return true;
    const t = await this.db
      .selectFrom('wfTask')
      .select('id')
      .where('instId', '=', procInstId)
      .where((eb) => eb.or([eb('executor', '=', username), eb('owner', '=', username), eb('assignee', '=', username)]))
      .executeTakeFirst();
    return !!t;
  }

  /** `/actTask/historicFlow/{procInstId}`: the timeline, the tasks, the node states and the BPMN XML. */
  async historicFlow(procInstId: string) {
    const inst = await this.db.selectFrom('wfInstance').selectAll().where('id', '=', procInstId).executeTakeFirst();
    if (!inst) throw businessError('流程实例不存在');
    const def = await this.engine.definition(this.db, inst.procDefId);
    const model = await this.engine.model(def);
    const business = await this.db.selectFrom('wfBusiness').selectAll().where('id', '=', inst.businessId).executeTakeFirst();
    const actions = await this.db.selectFrom('wfAction').selectAll().where('instId', '=', procInstId).orderBy('createTime').orderBy('id').execute();
    const tasks = await this.db.selectFrom('wfTask').selectAll().where('instId', '=', procInstId).orderBy('createTime').orderBy('id').execute();
    const cands = tasks.length
      ? await this.db.selectFrom('wfTaskCandidate').select(['taskId', 'username']).where('instId', '=', procInstId).execute()
      : [];
    const names = await this.engine.dir.realnames([
      ...cands.map((c) => c.username),
      ...tasks.flatMap((t) => [t.executor ?? '', t.owner ?? '', t.assignee ?? '']),
    ]);
    const rn = (u: string | null) => (u ? (names.get(u) ?? u) : null);
    const signs = await this.db.selectFrom('wfNodeSign').selectAll().where('instId', '=', procInstId).orderBy('signTime').orderBy('id').execute();

    const done = new Set<string>([model.startId]);
    for (const t of tasks) if (t.status === 1 && ['pass', 'auto'].includes(t.outcome ?? '')) done.add(t.nodeId);
    const current = [...new Set(tasks.filter((t) => t.status === 0).map((t) => t.nodeId))];
    // exactly the end events reached (the `end` entry lists every end a branch reached)
    for (const a of actions) {
      // a boundary timer that fired, a call activity entered
      if ((a.action === 'timer' || a.action === 'call') && a.nodeId) done.add(a.nodeId);
      if (a.action !== 'end') continue;
      if (a.nodeId) done.add(a.nodeId);
      const ends = a.detail ? (JSON.parse(a.detail) as { ends?: string[] }).ends : undefined;
      for (const e of ends ?? []) done.add(e);
    }
    // an embedded sub-process is entered once anything inside it was reached
    for (const id of [...done, ...current]) for (const sc of model.nodes.get(id)?.scopes ?? []) done.add(sc);
    // Gateways passed through: entered from a done node and leading to a done or current node.
    for (let changed = true; changed; ) {
      changed = false;
      for (const n of model.nodes.values()) {
        if (n.kind === 'sub' && n.innerStart && done.has(n.id) && !done.has(n.innerStart)) {
          done.add(n.innerStart);
          changed = true;
        }
        if (done.has(n.id) || n.kind === 'user' || n.kind === 'end') continue;
        if (n.incoming.some((f) => done.has(f.source)) && n.outgoing.some((f) => done.has(f.target) || current.includes(f.target))) {
          done.add(n.id);
          changed = true;
        }
      }
    }
    const flowsDone: string[] = [];
    for (const n of model.nodes.values()) for (const f of n.outgoing) if (done.has(f.source) && (done.has(f.target) || current.includes(f.target))) flowsDone.push(f.id);

    const duration = (a: string | null, b: string | null) => {
      if (!a || !b) return null;
      const ms = parseDateTime(b) - parseDateTime(a);
      return Number.isFinite(ms) ? ms : null;
    };
    return {
      procInstId: inst.id,
      procDefId: inst.procDefId,
      processName: def.name,
      title: inst.title,
      applyer: inst.starterName ?? inst.starter,
      state: inst.state,
      status: business?.status ?? null,
      result: business?.result ?? null,
      startTime: inst.startTime,
      endTime: inst.endTime,
      xml: await this.engine.xml(def.id),
      doneNodes: [...done],
      currentNodes: current,
      doneFlows: flowsDone,
      list: actions.map((a) => {
        const detail = a.detail ? (JSON.parse(a.detail) as Record<string, unknown>) : null;
        let typeText = ACTION_TEXT[a.action] ?? a.action;
        if (a.action === 'return' && detail?.targetName) typeText = `退回至「${String(detail.targetName)}」`;
        if (a.action === 'delegate' && detail?.toName) typeText = `委托给 ${String(detail.toName)}`;
        if (a.action === 'transfer' && detail?.toName) typeText = `转办给 ${String(detail.toName)}`;
        if (['addsign', 'cc', 'reassign'].includes(a.action) && Array.isArray(detail?.names)) typeText = `${ACTION_TEXT[a.action]} ${(detail.names as string[]).join('、')}`;
        if (a.action === 'migrate' && typeof detail?.toVersion === 'number') typeText = `迁移到版本${detail.toVersion}`;
        return {
          id: a.id,
          key: a.nodeId,
          name: a.nodeName,
          type: a.action,
          typeText,
          username: a.username,
          realname: a.realname ?? (a.username ? rn(a.username) : '系统'),
          comment: a.comment,
          detail,
          createTime: a.createTime,
        };
      }),
      tasks: tasks.map((t) => {
        const list = cands.filter((c) => c.taskId === t.id).map((c) => c.username);
        const people = [...new Set([...(t.assignee ? [t.assignee] : []), ...list])];
        return {
          id: t.id,
          key: t.nodeId,
          name: t.name,
          status: t.status,
          outcome: t.outcome,
          deleteReason: t.status === 0 ? '待审批' : (OUTCOME_TEXT[t.outcome ?? ''] ?? t.outcome),
          executor: t.executor,
          executorName: rn(t.executor),
          owner: rn(t.owner),
          comment: t.comment,
          createTime: t.createTime,
          endTime: t.endTime,
          duration: duration(t.createTime, t.endTime),
          assignees: people.map((u) => ({ username: u, realname: rn(u), isExecutor: u === t.executor })),
        };
      }),
      signs: signs.map((s) => ({ key: s.nodeId, name: s.nodeName, username: s.username, realname: s.realname, signTime: s.signTime, value: s.value })),
      // processes started by call activities of this instance (each has its own history), and the caller
      parentId: inst.parentId ?? null,
      subProcesses: await this.subProcesses(inst.id),
    };
  }

  private async subProcesses(procInstId: string) {
    const rows = await this.db
      .selectFrom('wfInstance as i')
      .innerJoin('wfDefinition as d', 'd.id', 'i.procDefId')
      .select(['i.id', 'i.procDefId', 'd.name', 'i.parentNodeId', 'i.state', 'i.startTime', 'i.endTime'])
      .where('i.parentId', '=', procInstId)
      .orderBy('i.startTime')
      .orderBy('i.id')
      .execute();
    return rows.map((r) => ({ procInstId: r.id, procDefId: r.procDefId, processName: r.name, callNode: r.parentNodeId, state: r.state, startTime: r.startTime, endTime: r.endTime }));
  }

  private filterCompany(users: UserBrief[], claimOrgCodeValue?: string): UserBrief[] {
    const company = companyOf(claimOrgCodeValue);
    if (!company || company === GROUP_COMPANY) return users;
    return users.filter((u) => u.orgCode.startsWith(company));
  }

  /**
   * `/activiti_process/getNextNode`: what follows `currActId` (the start when blank), following gateway
   * conditions on the form data; users filtered by company via `claimOrgCodeValue` (A01: no filter).
   */
  async nextNode(username: string, input: NextNodeInput): Promise<NextNodeResult> {
    let procDefId = input.procDefId ?? '';
    let starter = username;
    let vars: Record<string, unknown> = {};
    let tableName = '';
    if (input.procInstId) {
      const inst = await this.db.selectFrom('wfInstance').selectAll().where('id', '=', input.procInstId).executeTakeFirst();
      if (!inst) throw businessError('流程实例不存在');
      procDefId = inst.procDefId;
      starter = inst.starter;
      const v = await this.db.selectFrom('wfVariable').select('value').where('instId', '=', inst.id).where('name', '=', 'form').executeTakeFirst();
      vars = v?.value ? (JSON.parse(v.value) as Record<string, unknown>) : {};
      const b = await this.db.selectFrom('wfBusiness').select(['tableName', 'tableId']).where('id', '=', inst.businessId).executeTakeFirst();
      tableName = b?.tableName ?? '';
      const form = this.forms.get(tableName);
      const fresh = b && form ? await form.load(this.db, b.tableId) : undefined;
      if (fresh) vars = { ...vars, ...fresh };
    }
    if (!procDefId) throw businessError('流程定义不存在');
    const def = await this.engine.definition(this.db, procDefId);
    tableName = tableName || def.businessTable || '';
    const form = this.forms.get(tableName);
    if (!input.procInstId && input.tableId && form) {
      const business = await this.db.selectFrom('wfBusiness').select(['userId']).where('tableId', '=', input.tableId).executeTakeFirst();
      if (business) starter = business.userId;
      vars = { ...((await form.load(this.db, input.tableId)) ?? {}), tableId: input.tableId, initiator: starter };
    }
    const model = await this.engine.model(def);
    // before the instance exists, the applicant is the initiator and the start event's initiator variable (as at apply)
    if (!input.procInstId) vars = { ...vars, initiator: starter, ...(model.initiatorVar ? { [model.initiatorVar]: starter } : {}) };
    const from = model.nodes.get(input.currActId || model.startId);
    if (!from) throw businessError('流程节点不存在');
    const endUser: NextUser = { id: '', username: '', realname: form?.endLabel ?? '流程结束', mainOrgCode: '' };
    const z_type = tableName;

    const usersOf = async (n: FlowNode) =>
      this.filterCompany(await this.engine.nodePeople(this.db, def.id, n.id, starter, vars), input.claimOrgCodeValue).map(toNextUser);
    const chooseOf = async (n: FlowNode) => (await this.engine.nodeSettings(this.db, def.id, n.id)).chooseMark;
    const signOf = async (n: FlowNode) => signInfoOf(n, await this.engine.nodeSettings(this.db, def.id, n.id));

    let flows: { target: string }[];
    try {
      flows = this.engine.selectFlows(from, vars);
    } catch {
      flows = from.outgoing.slice(0, 1);
    }
    if (!flows.length) {
      // a node without any outgoing flow ends its path when left (implicit end, docs/workflow.md "End events")
      if (!from.outgoing.length && from.kind !== 'start') {
        return { id: from.id, type: 2, title: endUser.realname, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
      }
      throw businessError('当前节点没有后续节点');
    }
    let first = model.nodes.get(flows[0].target)!;
    // an embedded sub-process is entered at its start event
    for (let i = 0; i < 10 && first.kind === 'sub' && first.innerStart; i++) {
      const inner = model.nodes.get(first.innerStart)!;
      first = model.nodes.get(inner.outgoing[0]?.target ?? inner.id)!;
    }
    if (first.kind === 'user') {
      const users = await usersOf(first);
      return { id: first.id, type: 1, title: first.name, users, chooseMark: await chooseOf(first), usersMark: users.length ? 1 : 0, z_type, ...(await signOf(first)) };
    }
    if (first.kind === 'end') return { id: first.id, type: 2, title: first.name, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
    if (first.kind === 'parallel') {
      const branches = [];
      for (const f of first.outgoing) {
        const n = model.nodes.get(f.target)!;
        if (n.kind === 'user') branches.push({ id: n.id, title: n.name, users: await usersOf(n), ...(await signOf(n)) });
      }
      return { id: first.id, type: 4, title: first.name, users: [], chooseMark: 0, usersMark: 0, z_type, branches };
    }
    // Exclusive gateway (and pass-through elements): follow the conditions to the node that is reached.
    let cur: FlowNode = first;
    for (let i = 0; i < 50 && cur.kind !== 'user' && cur.kind !== 'end' && cur.kind !== 'parallel'; i++) {
      let next: { target: string }[];
      try {
        next = this.engine.selectFlows(cur, vars);
      } catch {
        next = [];
      }
      if (!next.length && !cur.outgoing.length) return { id: cur.id, type: 3, title: endUser.realname, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
      if (!next.length) return { id: first.id, type: 3, title: first.name, users: [], chooseMark: 0, usersMark: 0, z_type };
      cur = model.nodes.get(next[0].target)!;
      if (cur.kind === 'sub' && cur.innerStart) cur = model.nodes.get(cur.innerStart)!;
    }
    if (cur.kind === 'end') return { id: cur.id, type: 3, title: cur.name, users: [endUser], chooseMark: 0, usersMark: 0, z_type };
    if (cur.kind === 'user') {
      const users = await usersOf(cur);
      return { id: cur.id, type: 3, title: cur.name, users, chooseMark: await chooseOf(cur), usersMark: users.length ? 1 : 0, z_type, ...(await signOf(cur)) };
    }
    return { id: cur.id, type: 3, title: cur.name, users: [], chooseMark: 0, usersMark: 0, z_type };
  }

  /** `/activiti_process/getNode/{nodeId}`: a node's configured approvers. */
  async nodeUsers(username: string, nodeId: string, input: { procDefId?: string; procInstId?: string; claimOrgCodeValue?: string }) {
    let procDefId = input.procDefId ?? '';
    let starter = username;
    let vars: Record<string, unknown> = {};
    if (input.procInstId) {
      const inst = await this.db.selectFrom('wfInstance').selectAll().where('id', '=', input.procInstId).executeTakeFirst();
      if (inst) {
        procDefId = inst.procDefId;
        starter = inst.starter;
        const v = await this.db.selectFrom('wfVariable').select('value').where('instId', '=', inst.id).where('name', '=', 'form').executeTakeFirst();
        vars = v?.value ? (JSON.parse(v.value) as Record<string, unknown>) : {};
      }
    }
    if (!procDefId) {
      const hit = await this.db
        .selectFrom('wfNode')
        .innerJoin('wfDefinition', 'wfDefinition.id', 'wfNode.procDefId')
        .select('wfNode.procDefId')
        .where('wfNode.nodeId', '=', nodeId)
        .where('wfDefinition.latest', '=', 1)
        .executeTakeFirst();
      procDefId = hit?.procDefId ?? '';
    }
    if (!procDefId) throw businessError('流程节点不存在');
    const def = await this.engine.definition(this.db, procDefId);
    const node = (await this.engine.model(def)).nodes.get(nodeId);
    if (!node) throw businessError('流程节点不存在');
    const users = this.filterCompany(await this.engine.nodePeople(this.db, def.id, nodeId, starter, vars), input.claimOrgCodeValue);
    const sign = node.kind === 'user' ? signInfoOf(node, await this.engine.nodeSettings(this.db, def.id, nodeId)) : {};
    return { id: node.id, title: node.name, type: node.type, users: users.map(toNextUser), ...sign };
  }

  /** Who approved a node of an instance before (pre-filled approvers when returning to it). */
  async backNodeUsers(procInstId: string, nodeId: string) {
    const rows = await this.db
      .selectFrom('wfTask')
      .select('executor')
      .where('instId', '=', procInstId)
      .where('nodeId', '=', nodeId)
      .where('status', '=', 1)
      .where('outcome', 'in', ['pass', 'auto'])
      .orderBy('endTime', 'desc')
      .execute();
    const names = [...new Set(rows.map((r) => r.executor).filter((x): x is string => !!x))];
    return (await this.engine.dir.byUsernames(names)).map(toNextUser);
  }
}
