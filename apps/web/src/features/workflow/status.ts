import type { HistoricFlow, Task } from './api';

/**
 * A human status of an application from its history: 审批中：「节点」（审批人）, 已通过, 驳回：理由…,
 * 已撤回 — never node ids.
 */
export function flowStatusText(flow: Pick<HistoricFlow, 'state' | 'status' | 'result' | 'list' | 'tasks'>): string {
  const open = flow.tasks.filter((t) => t.status === 0);
  if (flow.state === 'running' || (open.length && flow.status === 1)) {
    const steps = open.map((t) => {
      const who = t.assignees.map((a) => a.realname || a.username).join('、');
      return `${t.name ?? t.key}${who ? `（${who}）` : ''}`;
    });
    return steps.length ? `审批中：${steps.join('、')}` : '审批中';
  }
  if (flow.state === 'passed' || flow.result === 2) return '已通过';
  if (flow.state === 'rejected' || flow.result === 3) {
    const back = [...flow.list].reverse().find((a) => a.type === 'back');
    return `驳回：${back?.comment?.trim() || '未填写理由'}`;
  }
  if (flow.state === 'canceled' || flow.status === 3) return '已撤回';
  return '草稿';
}

/** The reason of the last rejection (shown when the applicant edits and resubmits). */
export function lastRejection(flow: Pick<HistoricFlow, 'list'> | null | undefined): { who: string; node: string; reason: string; time: string } | null {
  if (!flow) return null;
  const back = [...flow.list].reverse().find((a) => a.type === 'back' || a.type === 'return');
  if (!back) return null;
  return { who: back.realname ?? '', node: back.name ?? '', reason: back.comment?.trim() || '未填写理由', time: back.createTime };
}

/**
 * The form's free-text approval status (actStatus, e.g. `审批中-deptApprove-部门负责人审批`) made human:
 * node ids dropped (`审批中：部门负责人审批`), 驳回 with its reason when known.
 */
export function humanActStatus(text: string | null | undefined, rejectReason?: string | null): string {
  const s = (text ?? '').trim();
  if (!s) return '';
  if (s.startsWith('审批中-')) {
    const parts = s
      .slice('审批中-'.length)
      .split('、')
      .map((p) => {
        const i = p.indexOf('-');
        return i >= 0 ? p.slice(i + 1) : p;
      })
      .filter(Boolean);
    return parts.length ? `审批中：${parts.join('、')}` : '审批中';
  }
  if (s === '审批通过') return '已通过';
  if (s === '驳回') return rejectReason ? `驳回：${rejectReason}` : '已驳回';
  if (s === '启动') return '已提交';
  return s;
}

/** The form type's key figures of a task (amount, reason …) as one line. */
export function summaryText(summary: Task['summary']): string {
  if (!summary) return '';
  if (typeof summary === 'string') return summary;
  return summary
    .filter((x) => x && x.value !== null && x.value !== undefined && x.value !== '')
    .map((x) => (x.label ? `${x.label}：${x.value}` : String(x.value)))
    .join(' · ');
}
