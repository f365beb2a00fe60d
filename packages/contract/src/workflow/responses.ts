/**
 * What the workflow endpoints answer (docs/workflow.md): to-do and done tasks, next nodes and their
 * approvers, the approval history, my applications, the CC inbox, running instances and the process
 * definitions. Rows are loose: the fields listed are those the clients read; others pass through.
 */
import { z } from 'zod';
import { pageOf } from '../wire.js';

const text = z.string().nullable();

/** An approver of a to-do task (docs/workflow.md). */
export const wfAssignee = z.looseObject({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  z_realname: z.string(),
});
export type WfAssignee = z.infer<typeof wfAssignee>;

/** A to-do task (docs/workflow.md) plus the fields the task form needs. */
export const wfTodoRow = z.looseObject({
  id: z.string(),
  procInstId: z.string(),
  procDefId: z.string(),
  /** current activity (node id) */
  key: z.string(),
  name: z.string(),
  processName: z.string(),
  applyer: z.string(),
  applyerUsername: z.string().optional(),
  priority: z.number().nullable(),
  isSuspended: z.boolean(),
  createTime: z.string(),
  tableId: z.string(),
  routeName: z.string(),
  /** form type key */
  tableName: z.string(),
  businessKey: z.string().optional(),
  title: text.optional(),
  owner: text.optional(),
  category: text.optional(),
  executionId: text.optional(),
  /** `pass` or `jxpass`: which endpoint approves this task */
  passPath: z.string().optional(),
  commentRequired: z.boolean().optional(),
  fullScreen: z.boolean().optional(),
  assignees: z.array(wfAssignee),
  /** the form type's key figures (e.g. amount and reason), when it declares them */
  summary: z
    .union([z.string(), z.array(z.looseObject({ label: z.string().optional(), value: z.union([z.string(), z.number()]).nullable() }))])
    .nullable()
    .optional(),
});
export type WfTodoRow = z.infer<typeof wfTodoRow>;

/** A task the user handled (`/actTask/doneList`). */
export const wfDoneRow = z.looseObject({
  id: z.string(),
  procInstId: z.string(),
  procDefId: z.string(),
  key: z.string(),
  name: z.string(),
  processName: z.string(),
  applyer: z.string(),
  priority: z.number().nullable(),
  createTime: text,
  endTime: text,
  comment: text,
  outcome: text,
  deleteReason: text,
  tableId: z.string(),
  tableName: z.string(),
  routeName: z.string(),
  businessKey: z.string(),
  title: text,
  status: z.number(),
  result: z.number(),
  status_dictText: z.string().optional(),
  result_dictText: z.string().optional(),
});
export type WfDoneRow = z.infer<typeof wfDoneRow>;

/** A user offered as an approver of a node. */
export const wfNextUser = z.looseObject({
  id: z.string().optional(),
  username: z.string(),
  realname: z.string(),
  mainOrgCode: z.string().optional(),
});
export type WfNextUser = z.infer<typeof wfNextUser>;

/**
 * How a user task is signed: `or` 或签 (one task, any candidate acts), `parallel` 会签 (one task per person, all
 * at once), `sequential` 依次会签 (one after another). A countersign carries its pass ratio (percent, 100 = all)
 * and whether a completion condition decides instead of the ratio.
 */
export const wfSignMode = z.enum(['or', 'parallel', 'sequential']);
export type WfSignMode = z.infer<typeof wfSignMode>;
const signFields = {
  signMode: wfSignMode.optional(),
  passRatio: z.number().optional(),
  /** the node's `completionCondition` decides when it completes (the ratio does not apply) */
  completionCondition: z.boolean().optional(),
};

/** Next-node result (docs/workflow.md): type 0 start, 1 user task, 2 end, 3 exclusive gateway, 4 parallel gateway. */
export const wfNextNode = z.looseObject({
  ...signFields,
  id: z.string().nullable(),
  type: z.number(),
  title: z.string(),
  users: z.array(wfNextUser),
  chooseMark: z.number().optional(),
  usersMark: z.number().optional(),
  z_type: z.string().optional(),
  /** for a parallel gateway: the user tasks of every branch */
  branches: z.array(z.looseObject({ id: z.string(), title: z.string(), users: z.array(wfNextUser), ...signFields })).optional(),
});
export type WfNextNode = z.infer<typeof wfNextNode>;

/** `/activiti_process/getNode/{nodeId}`: a node's configured approvers. */
export const wfNodeUsers = z.looseObject({ id: z.string(), title: z.string(), type: z.number(), users: z.array(wfNextUser), ...signFields });
export type WfNodeUsers = z.infer<typeof wfNodeUsers>;

/** A node an approver may return the application to (docs/workflow.md). */
export const wfBackNode = z.looseObject({ key: z.string(), name: z.string() });
export type WfBackNode = z.infer<typeof wfBackNode>;

/** One entry of the approval timeline. */
export const wfHistoryAction = z.looseObject({
  id: z.string(),
  key: text,
  name: text,
  type: z.string(),
  typeText: z.string(),
  username: text,
  realname: text,
  comment: text,
  detail: z.record(z.string(), z.unknown()).nullable().optional(),
  createTime: z.string(),
});
export type WfHistoryAction = z.infer<typeof wfHistoryAction>;

/** A task of the approval history with its approvers. */
export const wfHistoryTask = z.looseObject({
  id: z.string(),
  key: z.string(),
  name: text,
  status: z.number(),
  outcome: text,
  deleteReason: text,
  executor: text,
  executorName: text,
  owner: text.optional(),
  comment: text,
  createTime: text,
  endTime: text,
  duration: z.number().nullable(),
  assignees: z.array(z.looseObject({ username: z.string(), realname: text, isExecutor: z.boolean() })),
});
export type WfHistoryTask = z.infer<typeof wfHistoryTask>;

/** `/actTask/historicFlow/{procInstId}`: timeline, tasks, node states and the BPMN XML. */
export const wfHistoricFlow = z.looseObject({
  procInstId: z.string(),
  procDefId: z.string(),
  processName: z.string(),
  title: text,
  applyer: z.string(),
  state: z.string(),
  status: z.number().nullable(),
  result: z.number().nullable(),
  startTime: text,
  endTime: text,
  xml: z.string(),
  doneNodes: z.array(z.string()),
  currentNodes: z.array(z.string()),
  doneFlows: z.array(z.string()),
  list: z.array(wfHistoryAction),
  tasks: z.array(wfHistoryTask),
  signs: z
    .array(z.looseObject({ key: z.string(), name: text, username: text, realname: text, signTime: text, value: text }))
    .optional(),
  parentId: text.optional(),
  subProcesses: z
    .array(
      z.looseObject({
        procInstId: z.string(),
        procDefId: z.string(),
        processName: z.string(),
        callNode: text.optional(),
        state: z.string(),
        startTime: text,
        endTime: text,
      }),
    )
    .optional(),
});
export type WfHistoricFlow = z.infer<typeof wfHistoricFlow>;

/** A row of my applications (`/actBusiness/listData`). */
export const wfApplicationRow = z.looseObject({
  id: z.string(),
  title: text,
  tableName: z.string(),
  tableId: z.string(),
  procDefId: text,
  procInstId: text,
  status: z.number(),
  result: z.number(),
  applyTime: text,
  createTime: text,
  processName: z.string(),
  routeName: z.string(),
  formLabel: z.string().optional(),
  currTaskName: z.string(),
  /** the status in words: 审批中：节点（审批人）, 已通过, 驳回：理由…, 已撤回, 草稿 */
  statusText: z.string().optional(),
  canWithdraw: z.boolean(),
  status_dictText: z.string().optional(),
  result_dictText: z.string().optional(),
});
export type WfApplicationRow = z.infer<typeof wfApplicationRow>;

/** `/actBusiness/add`: the saved draft. */
export const wfDraftResult = z.looseObject({
  id: z.string(),
  tableId: z.string(),
  title: z.string(),
  tableName: z.string(),
  procDefId: text,
});
export type WfDraftResult = z.infer<typeof wfDraftResult>;

/** `/actBusiness/getForm`: the form's fields (loose) with the business link. */
export const wfApplicationForm = z.looseObject({
  businessId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  routeName: z.string(),
  procDefId: text,
  procInstId: text,
  status: z.number(),
  result: z.number(),
  title: text,
  applyTime: text,
});
export type WfApplicationForm = z.infer<typeof wfApplicationForm>;

/** `/actBusiness/apply`: the started instance. */
export const wfApplyResult = z.looseObject({ procInstId: z.string() });

/** A process definition row (admin list, start menu, versions; the detail adds the XML). */
export const wfDefinitionRow = z.looseObject({
  id: z.string(),
  processKey: z.string(),
  version: z.number(),
  latest: z.number(),
  name: z.string(),
  description: text,
  categoryId: text,
  status: z.number(),
  businessTable: text,
  routeName: text,
  roles: text,
  createTime: text.optional(),
  isSuspended: z.boolean(),
  status_dictText: z.string().optional(),
  formLabel: text.optional(),
  xml: z.string().optional(),
});
export type WfDefinitionRow = z.infer<typeof wfDefinitionRow>;

/** `/activiti_process/deploy`: the deployed definition and what the admin should look at. */
export const wfDeployResult = wfDefinitionRow.extend({ warnings: z.array(z.string()) });

/** A registered form type (`/activiti_process/formTypes`). */
export const wfFormType = z.looseObject({
  tableName: z.string(),
  routeName: z.string(),
  label: z.string(),
  endLabel: z.string(),
  passPath: z.string(),
  commentRequired: z.boolean(),
  fullScreen: z.boolean(),
});
export type WfFormType = z.infer<typeof wfFormType>;

/** An approver rule of a user task. */
export const wfNodeRule = z.looseObject({ type: z.number(), relateId: text });
export type WfNodeRule = z.infer<typeof wfNodeRule>;

/** A decision field of a node: its value becomes a process variable. */
export const wfDecisionField = z.looseObject({
  /** form key: the formProperty id */
  name: z.string(),
  label: z.string(),
  /** radio, text, number, date */
  type: z.string(),
  options: z.array(z.looseObject({ value: z.string(), label: z.string() })),
  required: z.boolean(),
  /** Activiti form type: string, long, double, boolean, enum, date */
  formType: z.string().optional(),
  /** false: shown read-only; a value given for it is refused */
  writable: z.boolean().optional(),
  readable: z.boolean().optional(),
  /** type date: the Java date pattern of the value */
  datePattern: z.string().nullable().optional(),
  /** the current value as form text (task form) */
  value: z.string().nullable().optional(),
});
export type WfDecisionField = z.infer<typeof wfDecisionField>;

/** A node of a definition; user tasks carry their rules and policies. */
export const wfDefinitionNode = z.looseObject({
  id: z.string(),
  title: z.string(),
  type: z.number(),
  rules: z.array(wfNodeRule).optional(),
  emptyPolicy: z.string().optional(),
  repeatPolicy: z.string().optional(),
  chooseMark: z.number().optional(),
  commentRequired: z.number().optional(),
  /** 1: the applicant may be among this node's approvers (e.g. a resubmit step); by default never */
  allowInitiator: z.number().optional(),
  multiMode: z.string().optional(),
  passRatio: z.number().optional(),
  decisionFields: z.array(z.unknown()).optional(),
  bpmnAssignment: z
    .looseObject({ assignee: text, candidateUsers: z.array(z.string()), candidateGroups: z.array(z.string()) })
    .nullable()
    .optional(),
});
export type WfDefinitionNode = z.infer<typeof wfDefinitionNode>;

/** A batch call answers per item. */
export const wfBatchItem = z.looseObject({ id: z.string(), success: z.boolean(), message: z.string().optional() });
export type WfBatchItem = z.infer<typeof wfBatchItem>;

/** A row of the CC inbox (`/actTask/ccList`). */
export const wfCcRow = z.looseObject({
  id: z.string(),
  procInstId: z.string(),
  fromUsername: text,
  fromRealname: text,
  comment: text,
  readFlag: z.number(),
  createTime: z.string(),
  readTime: text,
  title: text,
  applyer: text,
  state: z.string(),
  processName: z.string(),
  businessId: text,
  tableName: text,
  tableId: text,
  status: z.number().nullable(),
  result: z.number().nullable(),
});
export type WfCcRow = z.infer<typeof wfCcRow>;

/** The CC inbox page with the unread count. */
export const wfCcPage = pageOf(wfCcRow).extend({ unread: z.number() });
export type WfCcPage = z.infer<typeof wfCcPage>;

/** An open task of a running instance with its approvers. */
export const wfInstanceTask = z.looseObject({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  createTime: text,
  users: z.array(z.looseObject({ username: z.string(), realname: z.string() })),
});

/** A row of the running-instance admin screen (`/activiti_process/instances`). */
export const wfInstanceRow = z.looseObject({
  procInstId: z.string(),
  procDefId: z.string(),
  title: text,
  applyerUsername: z.string(),
  applyer: text,
  state: z.string(),
  state_dictText: z.string(),
  startTime: text,
  endTime: text,
  endReason: text,
  processName: z.string(),
  version: z.number(),
  businessId: z.string(),
  tableName: z.string(),
  sysOrgCode: text,
  tasks: z.array(wfInstanceTask),
});
export type WfInstanceRow = z.infer<typeof wfInstanceRow>;

/** `{count}` answers (CC sent, marked read). */
export const wfCountResult = z.looseObject({ count: z.number() });
/** `/actBusiness/urge`: the approvers urged. */
export const wfUrgeResult = z.looseObject({ users: z.array(z.string()) });
/** `/activiti/chooseMark/add`: the saved mark. */
export const wfIdResult = z.looseObject({ id: z.string() });

