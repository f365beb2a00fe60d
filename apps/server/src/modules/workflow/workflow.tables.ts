import type { Audit } from '../../platform/db/schema.js';

/** A deployed version of a BPMN process with its metadata (`id` is the procDefId, `key:version:n`). */
export interface WfDefinition extends Audit {
  id: string;
  processKey: string;
  version: number;
  /** 1 for the newest version of the key */
  latest: number;
  name: string;
  description: string | null;
  categoryId: string | null;
  xml: string;
  /** 1 active, 0 suspended */
  status: number;
  /** the form type's wire tableName */
  businessTable: string | null;
  /** the form type's front-end route name */
  routeName: string | null;
  /** comma-separated role codes allowed to start; empty = everyone */
  roles: string | null;
}

/** Per user-task settings of a definition. */
export interface WfNode {
  id: string;
  procDefId: string;
  nodeId: string;
  name: string | null;
  /** wire node type: 0 start, 1 user task, 2 end, 3 exclusive, 4 parallel */
  type: number;
  sortOrder: number;
  /** what happens when the rules find nobody: admin | skip | cancel | error */
  emptyPolicy: string;
  /** when a candidate already approved earlier in the instance: again | auto */
  repeatPolicy: string;
  /** 1: the previous actor must choose the approvers of this node */
  chooseMark: number;
  /** 1: a comment is required to pass this node */
  commentRequired: number;
  /** countersign 会签: '' none (or-sign 或签 / the BPMN marker), 'parallel', 'sequential' */
  multiMode: string;
  /** countersign pass ratio in percent (100: everyone; the first veto rejects) */
  passRatio: number;
  /** JSON DecisionField[]: decisions the approver supplies, stored as variables */
  decisionFields: string | null;
  /** 1: the applicant may be among this node's people (opt-out of the initiator rule, e.g. 重新提交) */
  allowInitiator: number;
}

/** Candidate rule of a user task (types in definition.service.ts RULE_TYPES). */
export interface WfNodeRule {
  id: string;
  procDefId: string;
  nodeId: string;
  type: number;
  relateId: string | null;
}

/** The link between a form row and its process: status/result codes as workflow-semantics §3. */
export interface WfBusiness extends Audit {
  id: string;
  procDefId: string | null;
  procInstId: string | null;
  /** applicant's username */
  userId: string;
  title: string | null;
  tableName: string;
  tableId: string;
  /** 0 draft, 1 in progress, 2 finished, 3 cancelled */
  status: number;
  /** 0 not submitted, 1 in progress, 2 passed, 3 rejected, 4 cancelled, 5 deleted */
  result: number;
  applyTime: string | null;
  sysOrgCode: string | null;
  delFlag: number;
}

export interface WfInstance {
  id: string;
  procDefId: string;
  businessId: string;
  starter: string;
  starterName: string | null;
  title: string | null;
  /** running | passed | rejected | canceled */
  state: string;
  /** optimistic lock: every command bumps it with `WHERE version = ?` */
  version: number;
  priority: number;
  startTime: string | null;
  endTime: string | null;
  endReason: string | null;
  /** call activity: the calling instance, the top instance of the tree, the call node and its waiting token */
  parentId?: string | null;
  rootId?: string | null;
  parentNodeId?: string | null;
  parentTokenId?: string | null;
}

/** A timer of a running instance: a boundary timer event or a task's due date (epoch ms). */
export interface WfJob {
  id: string;
  instId: string;
  /** timer | due */
  type: string;
  nodeId: string;
  elementId: string | null;
  taskId: string | null;
  dueTime: number;
  lockedBy: string | null;
  lockUntil: number | null;
  attempts: number;
  lastError: string | null;
  createTime: string;
}

/** A position in the flow: `active` at a user task, `join` waiting at a parallel join. */
export interface WfToken {
  id: string;
  instId: string;
  nodeId: string;
  state: string;
  viaFlow: string | null;
  createTime: string | null;
}

export interface WfTask {
  id: string;
  instId: string;
  procDefId: string;
  tokenId: string | null;
  nodeId: string;
  name: string | null;
  /** set by delegation; otherwise null and the candidates may act */
  assignee: string | null;
  /** the delegator */
  owner: string | null;
  priority: number;
  /** 0 open, 1 done, 2 cancelled */
  status: number;
  createTime: string | null;
  endTime: string | null;
  /** pass | back | return | returned | canceled | auto | skip | rejected */
  outcome: string | null;
  executor: string | null;
  comment: string | null;
}

export interface WfTaskCandidate {
  id: string;
  taskId: string;
  instId: string;
  username: string;
  /** 1 while the task is open (keeps the to-do index small) */
  open: number;
}

/** Append-only action log. */
export interface WfAction {
  id: string;
  instId: string;
  taskId: string | null;
  nodeId: string | null;
  nodeName: string | null;
  action: string;
  username: string | null;
  realname: string | null;
  comment: string | null;
  detail: string | null;
  createTime: string;
}

export interface WfVariable {
  id: string;
  instId: string;
  name: string;
  value: string | null;
}

/** The approval chain on the form: who signed a node, when, with which opinion. */
export interface WfNodeSign {
  id: string;
  instId: string;
  nodeId: string;
  nodeName: string | null;
  username: string | null;
  realname: string | null;
  signTime: string | null;
  value: string | null;
}

export interface WfChooseMark extends Audit {
  id: string;
  chooseMarkName: string | null;
  formDataJson: string | null;
  processName: string | null;
  applyer: string | null;
  procInstId: string | null;
  currTaskName: string | null;
  priority: number | null;
  status: string | null;
  tableId: string | null;
  routeName: string | null;
}

/** A carbon copy (抄送) of an application to one user. */
export interface WfCc {
  id: string;
  instId: string;
  taskId: string | null;
  nodeId: string | null;
  nodeName: string | null;
  username: string;
  fromUsername: string | null;
  fromRealname: string | null;
  comment: string | null;
  /** 0 unread, 1 read */
  readFlag: number;
  createTime: string;
  readTime: string | null;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    wfDefinition: WfDefinition;
    wfNode: WfNode;
    wfNodeRule: WfNodeRule;
    wfBusiness: WfBusiness;
    wfInstance: WfInstance;
    wfToken: WfToken;
    wfTask: WfTask;
    wfTaskCandidate: WfTaskCandidate;
    wfAction: WfAction;
    wfVariable: WfVariable;
    wfNodeSign: WfNodeSign;
    wfChooseMark: WfChooseMark;
    wfCc: WfCc;
    wfJob: WfJob;
  }
}
