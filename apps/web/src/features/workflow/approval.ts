import { ORG_GROUP_CODE } from '@go/contract';
import type { ApprovalPayload, NextNode, NextUser, Task } from './api';
import { PRIORITY_VIEW, WF_TEXTS } from './texts';

/** Approve (0), reject (1), delegate (2) — docs/workflow.md task actions. */
export type ApprovalType = 0 | 1 | 2;

/** Priority cell: 0 普通 green, 1 重要 orange, 2 紧急 red, anything else nothing. */
export function priorityView(p: unknown): { text: string; color: string } | null {
  if (p === null || p === undefined || p === '') return null;
  const n = Number(p);
  return Number.isInteger(n) ? (PRIORITY_VIEW[n] ?? null) : null;
}

/** Status cell (display only): isSuspended false → 激活, true → 挂起. */
export function suspendedView(isSuspended: unknown): { text: string; color: string } {
  return isSuspended === true || isSuspended === 'true' || isSuspended === 1
    ? { text: '挂起', color: 'orange' }
    : { text: '激活', color: 'green' };
}

/** The company filter of next-handler lists: the user's company, A01 (group level) for the group. */
export function claimOrgCode(orgCode: string | null | undefined): string {
  const company = (orgCode ?? '').slice(0, 3);
  return company || ORG_GROUP_CODE;
}

/** Pseudo-assignees of the end of the process (type 2): shown as labels, never chosen. */
export function isPseudo(u: NextUser): boolean {
  return !u.username;
}

/** Real users of a next node that an approver can choose. */
export function choosableUsers(node: NextNode | null | undefined): NextUser[] {
  if (!node || node.type === 2 || node.type === 4) return [];
  return (node.users ?? []).filter((u) => !isPseudo(u));
}

/** End-of-process labels ("finish expense reimbursement" …) of a next node. */
export function endLabels(node: NextNode | null | undefined): string[] {
  if (!node) return [];
  return (node.users ?? []).filter(isPseudo).map((u) => u.realname);
}

/**
 * Whether the pass needs at least one chosen approver (docs/workflow.md): the next node is a user task with a
 * non-empty candidate list. Gateways (3, 4) need no assignee; the end (2) is final.
 */
export function needsApprover(node: NextNode | null | undefined): boolean {
  return !!node && node.type === 1 && choosableUsers(node).length > 0;
}

export interface ApprovalInput {
  type: ApprovalType;
  comment: string;
  /** the form type (or node) requires a comment; the performance form always does */
  commentRequired: boolean;
  assignees: string[];
  nextNode?: NextNode | null;
  backTaskKey?: string;
  userId?: string;
}

/** The first message (docs/workflow.md) the dialog must show, or null when the action may be sent. */
export function validateApproval(input: ApprovalInput): string | null {
  if (input.commentRequired && !input.comment.trim()) return WF_TEXTS.commentRequired;
  if (input.type === 0) {
    if (needsApprover(input.nextNode) && input.assignees.length === 0) return WF_TEXTS.needApprover;
    return null;
  }
  if (input.type === 1) {
    // A rejection always tells the applicant why (issue: rejection requires a reason).
    if (!input.comment.trim()) return WF_TEXTS.rejectReasonRequired;
    if (!input.backTaskKey) return WF_TEXTS.needBackNode;
    if (input.backTaskKey !== '-1' && input.assignees.length === 0) return WF_TEXTS.needApprover;
    return null;
  }
  if (!input.userId) return WF_TEXTS.needDelegate;
  return null;
}

/** Builds the approval payload (docs/workflow.md). */
export function buildPayload(
  task: Task,
  input: ApprovalInput & { orgCode?: string | null; realname?: string; users?: NextUser[]; score?: number },
): ApprovalPayload {
  const chosen = (input.users ?? []).filter((u) => input.assignees.includes(u.username));
  const defaults = (input.users ?? []).map((u) => u.username);
  const isChange =
    input.type === 0 &&
    defaults.length > 0 &&
    (chosen.length !== defaults.length || !defaults.every((u) => input.assignees.includes(u)));
  const claim = claimOrgCode(input.orgCode);
  const payload: ApprovalPayload = {
    isChange,
    procDefId: task.procDefId,
    currActId: task.key,
    procInstId: task.procInstId,
    managerJson: JSON.stringify(chosen.map((u) => ({ username: u.username, realname: u.realname }))),
    claimOrgCodeValue: claim,
    id: task.id,
    userId: input.type === 2 ? (input.userId ?? '') : '',
    comment: input.comment.trim(),
    type: input.type,
    assignees: input.type === 2 ? '' : input.assignees.join(','),
    backTaskKey: input.type === 1 ? (input.backTaskKey ?? '-1') : '',
    sendMessage: true,
    sendSms: false,
    sendEmail: false,
    z_realname: input.realname ?? '',
    nextRealName: chosen.map((u) => u.realname).join(','),
    z_type: input.nextNode?.z_type ?? task.tableName ?? '',
    isClaim: claim === ORG_GROUP_CODE,
    orgCode: input.orgCode ?? '',
    priority: Number.isInteger(Number(task.priority)) ? Number(task.priority) : 0,
    isSuspended: !!task.isSuspended,
  };
  if (input.score !== undefined) payload.score = input.score;
  return payload;
}

/** Actions of the to-do beyond pass/reject/delegate: 转办, 加签, 抄送. */
export type ExtraAction = 'transfer' | 'addSign' | 'cc';
/** Anything a to-do row or the task form can start. */
export type TaskAction = ApprovalType | ExtraAction;

export type AddSignPosition = 'before' | 'after' | 'parallel';

/** The three ways of adding signers, in the order the dialog offers them. */
export const ADD_SIGN_POSITIONS: { value: AddSignPosition; label: string; hint: string }[] = [
  { value: 'before', label: '前加签', hint: '加签人先依次审批，全部通过后任务回到您' },
  { value: 'after', label: '后加签', hint: '您审批通过后，再由加签人依次审批' },
  { value: 'parallel', label: '并行加签', hint: '加签人与您同时审批，全部通过后流程继续' },
];

export const EXTRA_TITLES: Record<ExtraAction, string> = {
  transfer: WF_TEXTS.transferTitle,
  addSign: WF_TEXTS.addSignTitle,
  cc: WF_TEXTS.ccTitle,
};

/** The first problem of an extra action's input, or null when it may be sent. */
export function validateExtra(kind: ExtraAction, input: { users: string[]; position?: AddSignPosition }): string | null {
  if (kind === 'transfer') return input.users.length === 1 ? null : WF_TEXTS.needTransferUser;
  if (kind === 'addSign') {
    if (!input.users.length) return WF_TEXTS.needSignUsers;
    if (!input.position) return WF_TEXTS.needSignPosition;
    return null;
  }
  return input.users.length ? null : WF_TEXTS.needCcUsers;
}

/** What an extra action did, in words (names of the people concerned). */
export function extraDoneText(kind: ExtraAction, names: string[], position?: AddSignPosition): string {
  const who = names.join('、');
  if (kind === 'transfer') return `已转办给${who}，已通知${who}`;
  if (kind === 'addSign') {
    if (position === 'before') return `已前加签：${who}，待其审批通过后任务回到您`;
    if (position === 'after') return `已后加签：${who}，您审批通过后将依次交由其审批`;
    return `已并行加签：${who}，全部通过后流程继续`;
  }
  return `已抄送给${who}，对方可在「抄送我的」中查看`;
}

/**
 * The words after a CC call: every picked person new → their names; some copied before → the server's
 * count (已抄送N人); none new → the server's 所选人员均已抄送过 (a warning).
 */
export function ccResultText(names: string[], count: number, serverMessage: string): { ok: boolean; text: string } {
  if (count <= 0) return { ok: false, text: serverMessage || '所选人员均已抄送过' };
  if (count === names.length) return { ok: true, text: extraDoneText('cc', names) };
  return { ok: true, text: `${serverMessage || `已抄送${count}人`}（其余人员此前已抄送过）` };
}
