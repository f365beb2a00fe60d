import type {
  Page,
  WfApplicationRow,
  WfAssignee,
  WfBackNode,
  WfBatchItem,
  WfDefinitionNode,
  WfDefinitionRow,
  WfDoneRow,
  WfDraftResult,
  WfFormType,
  WfHistoricFlow,
  WfHistoryAction,
  WfHistoryTask,
  WfNextNode,
  WfNextUser,
  WfNodeRule,
  WfNodeUsers,
  WfTodoRow,
} from '@go/contract';
import { deleteAction, getAction, postAction, putAction, type Envelope } from '../../app/http/client';

/**
 * The wire shapes of the workflow endpoints: the contract's types, inferred (`z.infer`) from the response
 * schemas the server validates its answers with.
 */
export type Assignee = WfAssignee;
/** A to-do task (docs/workflow.md) plus the few fields the server adds for the task form. */
export type Task = WfTodoRow;
export type NextUser = WfNextUser;
/** Next-node result (docs/workflow.md): type 0 start, 1 user task, 2 end, 3 exclusive gateway, 4 parallel gateway. */
export type NextNode = WfNextNode;
/** Back-list entry (docs/workflow.md). */
export type BackNode = WfBackNode;

/** The approval payload of docs/workflow.md (type 0 pass, 1 reject, 2 delegate). */
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

export type { Page };

export type HistoryAction = WfHistoryAction;
export type HistoryTask = WfHistoryTask;
/** `/actTask/historicFlow/{procInstId}`. */
export type HistoricFlow = WfHistoricFlow;
/** A row of my applications (`/actBusiness/listData`). */
export type Application = WfApplicationRow;
/** A process definition row of the admin list. */
export type Definition = WfDefinitionRow;
export type FormTypeInfo = WfFormType;
export type NodeRule = WfNodeRule;
export type DefinitionNode = WfDefinitionNode;
/** A batch call answers per item. */
export type BatchItem = WfBatchItem;
/** A task the user handled (`/actTask/doneList`). */
export type DoneTask = WfDoneRow;

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
    postAction<Page<DoneTask>>(WF_URL.doneList, p),
  nextNode: (p: {
    procDefId?: string;
    currActId?: string;
    procInstId?: string;
    claimOrgCodeValue?: string;
    tableId?: string;
  }) => getAction<NextNode>(WF_URL.getNextNode, p),
  node: (nodeId: string, p: { procDefId?: string; procInstId?: string; claimOrgCodeValue?: string }) =>
    getAction<WfNodeUsers>(
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
    postAction<WfDraftResult>(
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
    allowInitiator?: number;
  }) => putAction<null>(WF_URL.editNodeUser, p, { noEncrypt: true }),
};
