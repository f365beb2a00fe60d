/**
 * The workflow engine's vocabulary, shared by every room of the engine: who acts (`Actor`), the texts the
 * clients show (`WF_TEXT`), the state a command works on (`Loaded`), countersign progress (`MiState`), the
 * inputs of the commands, the variable names a request may not set, and how an error reaches a batch item's
 * result. No behaviour lives here beyond small pure helpers.
 */
import type { Compilable } from 'kysely';
import { parseDateTime } from '../../platform/db/time.js';
import { AppError } from '../../platform/http/errors.js';
import type { Flow, FlowNode, ProcessModel } from './bpmn.js';
import type { WorkflowEvent } from './events.js';
import type { FormType } from './form-registry.js';
import type { WfBusiness, WfDefinition, WfInstance, WfToken } from './workflow.tables.js';

/** Who is acting. */
export interface Actor {
  username: string;
  realname: string;
}

/** Texts the clients show; one place so tests and screens agree. */
export const WF_TEXT = {
  TASK_DONE: '该任务已被处理',
  TASK_NOT_FOUND: '任务不存在或已被处理',
  NOT_CANDIDATE: '您不是该任务的审批人，无权处理',
  SUSPENDED: '流程已挂起，无法处理该任务',
  SUSPENDED_START: '流程已挂起，无法发起申请',
  COMMENT_REQUIRED: '请输入审批意见',
  NEED_APPROVER: '请至少选择一个审批人',
  NEED_DELEGATE: '请选择一委托人',
  DELEGATE_SELF: '不能委托给自己',
  DELEGATE_UNKNOWN: '委托人不存在或已停用',
  BAD_BACK_NODE: '不能退回到该节点',
  ALREADY_RUNNING: '该申请已在审批中，请勿重复提交',
  NOT_YOURS: '只能处理自己的申请',
  CANNOT_WITHDRAW: '已有审批人处理，不能撤回',
  NOT_RUNNING: '流程未在审批中',
  NO_START_ROLE: '您没有发起该流程的权限',
  NO_FORM: '该流程未配置表单，请联系开发人员',
  NO_TODO_IN_INSTANCE: '您在该流程中没有待办任务',
  UNKNOWN_USER: '审批人不存在或已停用',
  /** the applicant never approves their own application (unless the node opted out) */
  SELF_APPROVAL: '不能审批自己的申请',
  DELEGATE_INITIATOR: '不能委托给申请人本人',
  TRANSFER_INITIATOR: '不能转办给申请人本人',
  ADDSIGN_INITIATOR: '不能加签申请人本人',
  REASSIGN_INITIATOR: '不能分配给申请人本人',
} as const;

/** Fault injection for the crash-consistency tests: called after each batch item commits. */
export const workflowFaults: { afterBatchItem?: (index: number) => void } = {};

export class VersionConflict extends Error {}

export const DEF_META = ['id', 'processKey', 'version', 'latest', 'name', 'status', 'businessTable', 'routeName', 'roles', 'categoryId'] as const;
export type DefMeta = Pick<WfDefinition, (typeof DEF_META)[number]>;

export interface Loaded {
  inst: WfInstance;
  def: DefMeta;
  model: ProcessModel;
  business: WfBusiness;
  form: FormType | undefined;
  /** what conditions and expressions see: the form snapshot overlaid with the process variables */
  vars: Record<string, unknown>;
  /** the form data snapshot (+ tableId, initiator) — variable row `form` */
  formVars: Record<string, unknown>;
  /** variables given on apply/pass (decision fields) — variable row `vars` */
  procVars: Record<string, unknown>;
  procVarsDirty?: boolean;
  /** the process variables as last stored (the old values of the change trail); none: a new instance */
  storedVars?: Record<string, unknown>;
  /** events of this command, delivered after commit */
  events: WorkflowEvent[];
  /** flows taken but not yet followed (inclusive joins wait for them) */
  inflight: Flow[];
  /** plain end events reached in this command */
  endsReached: FlowNode[];
  /** a terminate end, or an end marked rejected, was reached: the instance ends with this outcome */
  terminal?: { node: FlowNode; outcome: 'passed' | 'rejected' };
  /** a child instance started by a call activity inside the parent's command: the parent's state */
  callCtx?: { parent: Loaded; pending: PendingTask[]; steps: { n: number } };
  /** ending because its parent ends: do not resume or end the parent */
  cascading?: boolean;
  /** a pass's walk: tokens of the user tasks it reaches are written with their task (see `flushDeferred`) */
  deferTokens?: boolean;
  tokenRows?: Map<string, WfToken>;
  /** a pass's own writes (closing its task, the signature, the history row), written with the next task */
  deferred?: { guard: Compilable | null; writes: Compilable[] };
}

/** The actor of what the engine does by itself (timers). */
export const SYSTEM: Actor = { username: 'system', realname: '系统' };

/** Countersign progress of a node (variable row `mi:<nodeId>`). */
export interface MiState {
  total: number;
  completed: number;
  approved: number;
  rejected: number;
  sequential: boolean;
  items: (string | number | boolean | null)[];
  /** one instance per candidate user (items are usernames) */
  perUser: boolean;
  /** pass ratio in percent (100: all must pass; the first veto rejects) */
  ratio: number;
  condition: string | null;
  elementVariable: string | null;
}

export interface PendingTask {
  nodeId: string;
  tokenId: string;
}

export interface PassInput {
  id: string;
  comment?: string;
  /** comma-separated usernames for the next node; blank = the node's configured users */
  assignees?: string;
  priority?: number;
  /** extra payload given to the form type (e.g. the performance score) */
  payload?: Record<string, unknown>;
  /** jxpass: the performance endpoint, which always requires a comment */
  jx?: boolean;
  /** decision variables, merged into the instance before the next gateway (a completion through the engine API) */
  variables?: Record<string, unknown>;
  /** the task's form submitted (values keyed by formProperty id): required, writable and defaults apply */
  formProperties?: Record<string, unknown>;
}

export interface BackToTaskInput {
  id: string;
  backTaskKey: string;
  assignees?: string;
  priority?: number;
  comment?: string;
}

export interface ApplyInput {
  /** wf_business id */
  id: string;
  /** process variables, merged before the first gateway */
  variables?: Record<string, unknown>;
  /** the start form submitted (values keyed by formProperty id): required, writable and defaults apply */
  formProperties?: Record<string, unknown>;
  procDefId?: string;
  assignees?: string;
  priority?: number;
}

export type BatchItem = {
  id: string;
  success: boolean;
  message: string;
};

/**
 * The operation-log row of one batch item, written inside the item's own transaction: an item that
 * committed always has its row, even when the batch dies before the request's log is written.
 */
export interface ItemLog {
  content: string;
  url: string;
}

export const splitUsers = (s: string | undefined | null): string[] =>
  [...new Set(String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean))];

export const MAX_STEPS = 500;

/** The applicant may urge an instance once in this many minutes. */
export const URGE_MINUTES = 10;

export function parseTime(s: string): number {
  const t = parseDateTime(s);
  return Number.isFinite(t) ? t : 0;
}

/** A list value: an array, or comma-separated text; null/empty is an empty list. */
export function toList(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === null || v === undefined || v === '') return [];
  if (typeof v === 'string') return v.split(',').map((x) => x.trim()).filter(Boolean);
  return [v];
}

/** Names the engine sets itself; a request cannot set them. */
export const RESERVED_VARS = new Set(['initiator', 'tableId', 'nrOfInstances', 'nrOfCompletedInstances', 'nrOfActiveInstances', 'nrOfApprovedInstances', 'nrOfRejectedInstances', 'loopCounter', '__proto__', 'constructor', 'prototype']);
export const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * A declared form property id used as its variable name: as in Activiti, any text (`Do you agree?`) — set
 * only through a property that declares it, never readable by an expression.
 */
export const PROPERTY_ID = /^\P{Cc}{1,100}$/u;

export function isSerializationFailure(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '40001' || code === '40P01' || code === 'SQLITE_BUSY';
}

export function errorText(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return '系统繁忙，请稍后再试';
}
