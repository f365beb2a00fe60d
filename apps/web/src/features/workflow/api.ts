import { deleteAction, getAction, postAction, putAction, type Envelope } from '../../app/http/client';

/** Assignee on the wire (SPEC §3). */
export interface Assignee {
  id: string;
  username: string;
  realname: string;
  z_realname: string;
}

/** A to-do task (SPEC §3 Task) plus the few fields the server adds for the task form. */
export interface Task {
  id: string;
  procInstId: string;
  procDefId: string;
  /** current activity (node id) */
  key: string;
  name: string;
  processName: string;
  applyer: string;
  applyerUsername?: string;
  priority: number | null;
  isSuspended: boolean;
  createTime: string;
  tableId: string;
  routeName: string;
  /** form type key */
  tableName: string;
  businessKey?: string;
  title?: string;
  owner?: string | null;
  passPath?: 'pass' | 'jxpass' | string;
  commentRequired?: boolean;
  fullScreen?: boolean;
  assignees: Assignee[];
  /** the form type's key figures (e.g. amount and reason), when it declares them */
  summary?: string | { label?: string; value: string | number | null }[] | null;
}

export interface NextUser {
  id?: string;
  username: string;
  realname: string;
  mainOrgCode?: string;
}

/** Next-node result (SPEC §3): type 0 start, 1 user task, 2 end, 3 exclusive gateway, 4 parallel gateway. */
export interface NextNode {
  id: string | null;
  type: number;
  title: string;
  users: NextUser[];
  chooseMark?: number;
  usersMark?: number;
  z_type?: string;
  branches?: { id: string; title: string; users: NextUser[] }[];
}

/** Back-list entry (SPEC §3). */
export interface BackNode {
  key: string;
  name: string;
}

/** The approval payload of SPEC §3 (type 0 pass, 1 reject, 2 delegate). */
export interface ApprovalPayload {
  isChange: boolean;
  procDefId: string;
  currActId: string;
  procInstId: string;
  managerJson: string;
  claimOrgCodeValue: string;
  id: string;
  userId: string;
  comment: string;
  type: 0 | 1 | 2;
  assignees: string;
  backTaskKey: string;
  sendMessage: boolean;
  sendSms: boolean;
  sendEmail: boolean;
  z_realname: string;
  nextRealName: string;
  z_type: string;
  isClaim: boolean;
  orgCode: string;
  priority: number;
  isSuspended: boolean;
  score?: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface HistoryAction {
  id: string;
  key: string | null;
  name: string | null;
  type: string;
  typeText: string;
  username: string | null;
  realname: string | null;
  comment: string | null;
  createTime: string;
}

export interface HistoryTask {
  id: string;
  key: string;
  name: string | null;
  status: number;
  outcome: string | null;
  deleteReason: string | null;
  executor: string | null;
  executorName: string | null;
  comment: string | null;
  createTime: string | null;
  endTime: string | null;
  duration: number | null;
  assignees: { username: string; realname: string | null; isExecutor: boolean }[];
}

/** `/actTask/historicFlow/{procInstId}`. */
export interface HistoricFlow {
  procInstId: string;
  procDefId: string;
  processName: string;
  title: string | null;
  applyer: string;
  state: string;
  status: number | null;
  result: number | null;
  startTime: string | null;
  endTime: string | null;
  xml: string;
  doneNodes: string[];
  currentNodes: string[];
  doneFlows: string[];
  list: HistoryAction[];
  tasks: HistoryTask[];
}

/** A row of my applications (`/actBusiness/listData`). */
export interface Application {
  id: string;
  title: string;
  tableName: string;
  tableId: string;
  procDefId: string | null;
  procInstId: string | null;
  status: number;
  result: number;
  applyTime: string | null;
  createTime: string;
  processName: string;
  routeName: string;
  formLabel?: string;
  currTaskName: string;
  /** the status in words: 审批中：节点（审批人）, 已通过, 驳回：理由…, 已撤回, 草稿 */
  statusText?: string;
  canWithdraw: boolean;
  status_dictText?: string;
  result_dictText?: string;
}

/** A process definition row of the admin list. */
export interface Definition {
  id: string;
  processKey: string;
  version: number;
  latest: number;
  name: string;
  description: string | null;
  categoryId: string | null;
  status: number;
  businessTable: string | null;
  routeName: string | null;
  roles: string | null;
  createTime: string | null;
  isSuspended: boolean;
  status_dictText?: string;
  formLabel?: string | null;
  xml?: string;
}

export interface FormTypeInfo {
  tableName: string;
  routeName: string;
  label: string;
  endLabel: string;
  passPath: string;
  commentRequired: boolean;
  fullScreen: boolean;
}

export interface NodeRule {
  type: number;
  relateId: string | null;
}

export interface DefinitionNode {
  id: string;
  title: string;
  type: number;
  rules?: NodeRule[];
  emptyPolicy?: string;
  repeatPolicy?: string;
  chooseMark?: number;
  commentRequired?: number;
}

/** A batch call answers per item. */
export interface BatchItem {
  id: string;
  success: boolean;
  message?: string;
}

export const WF_URL = {
  todoList: '/actTask/todoList',
  doneList: '/actTask/doneList',
  pass: '/actTask/pass',
  jxpass: '/actTask/jxpass',
  back: '/actTask/back',
  backToTask: '/actTask/backToTask',
  delegate: '/actTask/delegate',
  passAll: '/actTask/passAll/',
  backAll: '/actTask/backAll/',
  getBackList: '/actTask/getBackList/',
  historicFlow: '/actTask/historicFlow/',
  getNextNode: '/activiti_process/getNextNode',
  getNode: '/activiti_process/getNode/',
  getBackNodeUser: '/activiti_process/getBackNodeUser',
  businessAdd: '/actBusiness/add',
  businessEdit: '/actBusiness/editForm',
  businessGet: '/actBusiness/getForm',
  businessDelete: '/actBusiness/delByIds',
  apply: '/actBusiness/apply',
  cancel: '/actBusiness/cancel',
  myApplications: '/actBusiness/listData',
  startable: '/activiti_process/startable',
  formTypes: '/activiti_process/formTypes',
  definitions: '/activiti_process/listData',
  definition: '/activiti_process/queryById/',
  versions: '/activiti_process/versions/',
  deploy: '/activiti_process/deploy',
  updateInfo: '/activiti_process/updateInfo',
  updateStatus: '/activiti_process/updateStatus',
  deleteDefinitions: '/activiti_process/delByIds',
  processNodes: '/activiti_process/getProcessNode/',
  editNodeUser: '/activiti_process/editNodeUser',
} as const;

/** Reads a page result leniently: `{records,total}` or a bare array. */
export function readPage<T>(res: Envelope<unknown>): { rows: T[]; total: number } {
  if (!res.success) return { rows: [], total: 0 };
  const r = res.result as Page<T> | T[] | null;
  if (Array.isArray(r)) return { rows: r, total: r.length };
  return { rows: r?.records ?? [], total: Number(r?.total ?? r?.records?.length ?? 0) };
}

export const wfApi = {
  todoList: (p: { name?: string; pageIndex: number; pageSize: number }) =>
    postAction<Page<Task>>(WF_URL.todoList, p),
  doneList: (p: { name?: string; pageNo: number; pageSize: number }) =>
    postAction<Page<Record<string, unknown>>>(WF_URL.doneList, p),
  nextNode: (p: {
    procDefId?: string;
    currActId?: string;
    procInstId?: string;
    claimOrgCodeValue?: string;
    tableId?: string;
  }) => getAction<NextNode>(WF_URL.getNextNode, p),
  node: (nodeId: string, p: { procDefId?: string; procInstId?: string; claimOrgCodeValue?: string }) =>
    getAction<{ id: string; title: string; type: number; users: NextUser[] }>(
      WF_URL.getNode + encodeURIComponent(nodeId),
      p,
    ),
  backNodeUsers: (p: { nodeId: string; procInstId: string; processName?: string }) =>
    getAction<NextUser[]>(WF_URL.getBackNodeUser, p),
  backList: (procInstId: string) =>
    getAction<BackNode[]>(WF_URL.getBackList + encodeURIComponent(procInstId)),
  history: (procInstId: string) =>
    getAction<HistoricFlow>(WF_URL.historicFlow + encodeURIComponent(procInstId)),
  pass: (payload: ApprovalPayload, jx: boolean) =>
    postAction<null>(jx ? WF_URL.jxpass : WF_URL.pass, payload),
  back: (payload: ApprovalPayload) => postAction<null>(WF_URL.back, payload),
  backToTask: (payload: ApprovalPayload) => postAction<null>(WF_URL.backToTask, payload),
  delegate: (payload: ApprovalPayload) => postAction<null>(WF_URL.delegate, payload),
  passAll: (ids: string[]) => postAction<BatchItem[]>(WF_URL.passAll + ids.map(encodeURIComponent).join(',')),
  /** batch reject to the initiators; the reason is required (the server refuses a blank one) */
  backAll: (procInstIds: string[], comment: string) =>
    postAction<BatchItem[]>(WF_URL.backAll + procInstIds.map(encodeURIComponent).join(','), { comment }),
  // applications
  getForm: (p: { id?: string; tableId?: string; tableName?: string }) =>
    getAction<Record<string, unknown>>(WF_URL.businessGet, p),
  addDraft: (tableName: string, procDefId: string | undefined, data: Record<string, unknown>) =>
    postAction<{ id: string; tableId: string; title: string; tableName: string; procDefId: string | null }>(
      WF_URL.businessAdd,
      {
        ...data,
        tableName,
        procDefId,
      },
    ),
  editDraft: (id: string, data: Record<string, unknown>) =>
    putAction<null>(WF_URL.businessEdit, { ...data, id }),
  deleteDrafts: (ids: string[]) => deleteAction<null>(WF_URL.businessDelete, { ids: ids.join(',') }),
  apply: (p: { id: string; procDefId?: string; assignees?: string; priority?: number }) =>
    postAction<unknown>(WF_URL.apply, p),
  cancel: (p: { id: string; procInstId?: string; reason?: string }) => postAction<null>(WF_URL.cancel, p),
  myApplications: (p: Record<string, unknown>) => getAction<Page<Application>>(WF_URL.myApplications, p),
  startable: (tableName?: string) => getAction<Definition[]>(WF_URL.startable, { tableName }),
  formTypes: () => getAction<FormTypeInfo[]>(WF_URL.formTypes),
  // definitions
  definitions: (p: Record<string, unknown>) => getAction<Page<Definition>>(WF_URL.definitions, p),
  definition: (id: string) => getAction<Definition>(WF_URL.definition + encodeURIComponent(id)),
  versions: (key: string) => getAction<Definition[]>(WF_URL.versions + encodeURIComponent(key)),
  deploy: (p: {
    xml: string;
    name?: string;
    description?: string;
    categoryId?: string;
    businessTable?: string;
    roles?: string;
  }) => postAction<Definition>(WF_URL.deploy, p),
  updateInfo: (p: {
    id: string;
    name?: string;
    description?: string;
    categoryId?: string;
    businessTable?: string;
    roles?: string;
  }) => putAction<Definition>(WF_URL.updateInfo, p),
  updateStatus: (id: string, status: 0 | 1) => putAction<null>(WF_URL.updateStatus, { id, status }),
  deleteDefinitions: (ids: string[]) => deleteAction<null>(WF_URL.deleteDefinitions, { ids: ids.join(',') }),
  nodes: (procDefId: string) =>
    getAction<DefinitionNode[]>(WF_URL.processNodes + encodeURIComponent(procDefId)),
  editNode: (p: {
    procDefId: string;
    nodeId: string;
    rules: NodeRule[];
    emptyPolicy?: string;
    repeatPolicy?: string;
    chooseMark?: number;
    commentRequired?: number;
  }) => putAction<null>(WF_URL.editNodeUser, p, { noEncrypt: true }),
};
