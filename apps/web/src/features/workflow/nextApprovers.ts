import { ORG_GROUP_CODE } from '@go/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BackNode, NextNode, NextUser } from './api';
import { wfApi } from './api';
import { choosableUsers, claimOrgCode, endLabels, type ApprovalType } from './approval';

/**
 * Who the next step goes to — one module for the submit dialog, the approve dialog (desktop) and the phone's
 * apply and task pages, so all of them name the same people the server will assign.
 *
 * - Submitting (`apply`): when the first node does not ask the applicant to choose, the server gives the task to
 *   every person of the node (all of a role's members, every company), so those are asked for (group level, no
 *   company filter). When it asks to choose, the applicant's company's people are offered (group level when the
 *   company has none), and the chosen ones get it.
 * - Passing (`pass`): the company's people of the next node are offered, all pre-selected (group level when the
 *   company has none); the pass sends the selection, so the dialog shows exactly who gets the task.
 */
export type NextStepQuery =
  | { kind: 'apply'; procDefId?: string | null; tableId: string }
  | { kind: 'pass'; procDefId: string; currActId: string; procInstId: string };

export async function loadNextStep(
  q: NextStepQuery,
  orgCode: string | null | undefined,
): Promise<{ node: NextNode | null; error: string | null }> {
  const claim = claimOrgCode(orgCode);
  const ask = (claimOrgCodeValue: string) =>
    q.kind === 'apply'
      ? wfApi.nextNode({ procDefId: q.procDefId ?? undefined, tableId: q.tableId, claimOrgCodeValue })
      : wfApi.nextNode({
          procDefId: q.procDefId,
          currActId: q.currActId,
          procInstId: q.procInstId,
          claimOrgCodeValue,
        });
  let res = await ask(q.kind === 'apply' ? ORG_GROUP_CODE : claim);
  if (!res.success) return { node: null, error: res.message };
  if (
    q.kind === 'apply' &&
    res.result?.type === 1 &&
    res.result.chooseMark === 1 &&
    claim !== ORG_GROUP_CODE
  ) {
    const mine = await ask(claim);
    if (mine.success && choosableUsers(mine.result).length > 0) res = mine;
  }
  if (
    q.kind === 'pass' &&
    res.result?.type === 1 &&
    choosableUsers(res.result).length === 0 &&
    claim !== ORG_GROUP_CODE
  ) {
    // a node nobody of the company can handle is handled at group level (A01)
    res = await ask(ORG_GROUP_CODE);
    if (!res.success) return { node: null, error: res.message };
  }
  return { node: res.result ?? null, error: null };
}

/** Who a pass pre-selects for the next node (stock behaviour): every candidate of a single user task, else nobody. */
export function preselectedApprovers(node: NextNode | null | undefined): string[] {
  return node && node.type === 1 ? choosableUsers(node).map((u) => u.username) : [];
}

/** Whether passing ends the process: the next node is the end, or every path of a gateway reaches an end label. */
export function endsProcess(node: NextNode | null | undefined): boolean {
  const labels = endLabels(node);
  return node?.type === 2 || (node?.type === 3 && node.users.length > 0 && labels.length === node.users.length);
}

/**
 * The people offered when returning to an earlier node: who approved it before, then its configured approvers
 * (company of `claim`); those who approved it before are designated again, else the configured ones.
 */
export async function loadReturnApprovers(
  task: { procDefId: string; procInstId: string; processName?: string },
  nodeId: string,
  claim: string,
): Promise<{ users: NextUser[]; preselected: string[] }> {
  const [before, configured] = await Promise.all([
    wfApi.backNodeUsers({ nodeId, procInstId: task.procInstId, processName: task.processName }),
    wfApi.node(nodeId, { procDefId: task.procDefId, procInstId: task.procInstId, claimOrgCodeValue: claim }),
  ]);
  const prior = before.success && Array.isArray(before.result) ? before.result : [];
  const rules = configured.success && configured.result ? (configured.result.users ?? []) : [];
  return {
    users: [...prior, ...rules.filter((u) => !prior.some((p) => p.username === u.username))],
    preselected: (prior.length ? prior : rules).map((u) => u.username),
  };
}

/** What an approval action did, in words, naming who was told (shown after 操作成功). */
export function approvalDoneText(input: {
  type: ApprovalType;
  toEnd: boolean;
  /** real names of the next approvers the pass sends */
  names: string[];
  backTaskKey: string;
  backList: BackNode[];
}): string {
  const { type, toEnd, names, backTaskKey, backList } = input;
  if (type === 0) {
    if (toEnd) return '审批已通过，流程结束，已通知申请人';
    return names.length ? `审批已通过，已通知下一审批人：${names.join('、')}` : '审批已通过，已通知下一审批人';
  }
  if (type === 1) {
    if (backTaskKey === '-1') return '已驳回，已通知申请人';
    const node = backList.find((b) => b.key === backTaskKey);
    return `已退回至「${node?.name ?? backTaskKey}」，已通知审批人`;
  }
  return '已委托，已通知被委托人';
}

/** How the next step is signed: one person, any one of several, all of them (会签) or one after another. */
export type SignMode = 'one' | 'any' | 'all' | 'sequential';

/** The server's answer for a user task (`getNextNode` / `getNode`): `signMode`, `passRatio`, `completionCondition`. */
export interface SignInfo {
  signMode?: unknown;
  passRatio?: unknown;
  completionCondition?: unknown;
}

export interface NextStepLine {
  /** node or branch title */
  title: string;
  mode: SignMode;
  /** a countersign's pass ratio (percent) when below 100 */
  ratio?: number;
  names: string[];
  /** `任一人审批：王芳、李娜、钱慧`, `王芳`, `会签（全部审批）：…`, `依次审批：…`, `按节点设定分配审批人` */
  text: string;
}

/**
 * The server says `or` / `parallel` / `sequential` (`all` is read as `parallel`); or-sign is one person or any
 * one of several.
 */
function modeOf(users: NextUser[], signMode: unknown): SignMode {
  if (signMode === 'parallel' || signMode === 'all') return 'all';
  if (signMode === 'sequential') return 'sequential';
  return users.length > 1 ? 'any' : 'one';
}

/**
 * The words before the names: 任一人审批; a countersign 会签（全部审批） / 依次审批, with its pass ratio when
 * below 100 (会签（通过比例60%）, 依次审批（通过比例60%）) or 按完成条件 when the node's completion condition decides.
 */
export function signPrefix(mode: Exclude<SignMode, 'one'>, ratio?: number, byCondition?: boolean): string {
  if (mode === 'any') return '任一人审批';
  const base = mode === 'all' ? '会签' : '依次审批';
  if (byCondition) return `${base}（按完成条件）`;
  if (ratio !== undefined && ratio < 100) return `${base}（通过比例${ratio}%）`;
  return mode === 'all' ? '会签（全部审批）' : '依次审批';
}

export function lineOf(title: string, users: NextUser[], sign: SignInfo = {}): NextStepLine {
  const names = users.map((u) => u.realname || u.username);
  const mode = modeOf(users, sign.signMode);
  const countersign = mode === 'all' || mode === 'sequential';
  const raw = Number(sign.passRatio);
  const ratio = countersign && Number.isFinite(raw) && raw >= 1 && raw < 100 ? Math.round(raw) : undefined;
  const byCondition = countersign && sign.completionCondition === true;
  const line: NextStepLine = { title, mode, names, text: '' };
  if (ratio !== undefined && !byCondition) line.ratio = ratio;
  if (!names.length) {
    line.text = countersign
      ? `${signPrefix(mode, line.ratio, byCondition)}：按节点设定分配审批人`
      : '按节点设定分配审批人';
    return line;
  }
  line.text = mode === 'one' ? names[0] : `${signPrefix(mode, line.ratio, byCondition)}：${names.join('、')}`;
  return line;
}

/**
 * The lines a dialog shows for the next step: one per user task (a parallel gateway lists each branch), the end
 * as its label. `chosen` narrows a user task to the picked usernames (what the pass will send).
 */
export function nextStepLines(node: NextNode | null | undefined, chosen?: string[]): NextStepLine[] {
  if (!node) return [];
  if (node.type === 4) {
    return (node.branches ?? []).map((b) => lineOf(b.title, b.users, b));
  }
  const ends = endLabels(node);
  if (node.type === 2 || (ends.length && ends.length === node.users.length))
    return [{ title: node.title || '结束', mode: 'one', names: ends, text: ends.join('、') || '流程结束' }];
  const users = choosableUsers(node);
  const picked = chosen ? users.filter((u) => chosen.includes(u.username)) : users;
  return [lineOf(node.title, picked, node)];
}

/** Whether the approver picks among the next node's people (a user task with a candidate list). */
export function choosesNext(node: NextNode | null | undefined): boolean {
  return !!node && node.type === 1 && choosableUsers(node).length > 0;
}

/**
 * Loads the next step whenever `q` changes (null: nothing to load). A pass pre-selects every candidate (stock
 * behaviour); a submission pre-selects nobody (the applicant chooses only when the node asks).
 */
export function useNextStep(q: NextStepQuery | null, orgCode: string | null | undefined) {
  const [node, setNode] = useState<NextNode | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [assignees, setAssignees] = useState<string[]>([]);
  const key = q ? JSON.stringify(q) : '';
  useEffect(() => {
    setNode(null);
    setError(null);
    setAssignees([]);
    if (!key) return;
    let live = true;
    setLoading(true);
    loadNextStep(JSON.parse(key) as NextStepQuery, orgCode)
      .then((r) => {
        if (!live) return;
        setNode(r.node);
        setError(r.error);
        const pass = (JSON.parse(key) as NextStepQuery).kind === 'pass';
        setAssignees(pass ? preselectedApprovers(r.node) : []);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, orgCode]);
  return { node, loading, error, assignees, setAssignees };
}

/** The task an approval acts on, as far as choosing its route needs it. */
export interface RouteTask {
  key: string;
  procDefId: string;
  procInstId: string;
  processName?: string;
}

/**
 * The route of an approval being filled in, shared by the desktop dialog and the phone task page: for a pass
 * the next node with its approvers (pre-selected as stock does), for a rejection the nodes one may return to
 * and, once one is chosen, its approvers. Starts again whenever `active`, the task, the action, the claim or
 * the company change; a failure is handed to `onError` (the page shows it its own way).
 */
export function useApprovalRoute(opts: {
  active: boolean;
  task: RouteTask | null | undefined;
  type: ApprovalType | null;
  claim: string;
  orgCode: string | null | undefined;
  onError(text: string): void;
}) {
  const { active, task, type, claim, orgCode } = opts;
  const onError = useRef(opts.onError);
  onError.current = opts.onError;
  const [assignees, setAssignees] = useState<string[]>([]);
  const [nextNode, setNextNode] = useState<NextNode | null>(null);
  const [backList, setBackList] = useState<BackNode[]>([]);
  const [backTaskKey, setBackTaskKey] = useState('-1');
  const [backUsers, setBackUsers] = useState<NextUser[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!active || !task || type === null) return;
    setAssignees([]);
    setNextNode(null);
    setBackList([]);
    setBackTaskKey('-1');
    setBackUsers([]);
    if (type !== 0 && type !== 1) return;
    let live = true;
    const run = async () => {
      if (type === 0) {
        const res = await loadNextStep(
          { kind: 'pass', procDefId: task.procDefId, currActId: task.key, procInstId: task.procInstId },
          orgCode,
        );
        if (!live) return;
        if (res.node) {
          setNextNode(res.node);
          setAssignees(preselectedApprovers(res.node));
        } else if (res.error) onError.current(res.error);
      } else {
        const res = await wfApi.backList(task.procInstId);
        if (!live) return;
        if (res.success && Array.isArray(res.result)) setBackList(res.result.filter((b) => b.key !== '-1'));
        else if (!res.success) onError.current(res.message);
      }
    };
    setLoading(true);
    run()
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [active, task, type, claim, orgCode]);

  // Returning to a node: its original approvers are designated again (docs/workflow.md, "`POST /actTask/backToTask`").
  const changeBackTask = async (key: string) => {
    setBackTaskKey(key);
    setAssignees([]);
    setBackUsers([]);
    if (key === '-1' || !task) return;
    setLoading(true);
    try {
      const back = await loadReturnApprovers(task, key, claim);
      setBackUsers(back.users);
      setAssignees(back.preselected);
    } catch {
      /* the client has shown the failure */
    } finally {
      setLoading(false);
    }
  };

  /** Who may be chosen: the next node's candidates on a pass, the return node's people on a rejection. */
  const users = useMemo(() => (type === 0 ? choosableUsers(nextNode) : backUsers), [type, nextNode, backUsers]);
  return { assignees, setAssignees, nextNode, backList, backTaskKey, backUsers, loading, changeBackTask, users };
}
