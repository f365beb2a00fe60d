import { describe, expect, it } from 'vitest';
import type { HistoricFlow } from './api';
import { flowStatusText, humanActStatus, lastRejection, summaryText } from './status';

const action = (type: string, extra: Partial<HistoricFlow['list'][number]> = {}) => ({
  id: type,
  key: null,
  name: null,
  type,
  typeText: type,
  username: null,
  realname: null,
  comment: null,
  createTime: '2026-11-24 10:00:00',
  ...extra,
});
const task = (name: string, people: string[], status = 0) => ({
  id: name,
  key: name,
  name,
  status,
  outcome: null,
  deleteReason: null,
  executor: null,
  executorName: null,
  comment: null,
  createTime: null,
  endTime: null,
  duration: null,
  assignees: people.map((p) => ({ username: p, realname: p, isExecutor: false })),
});

describe('status in words', () => {
  it('names the waiting nodes and their approvers, never ids', () => {
    expect(flowStatusText({ state: 'running', status: 1, result: 1, list: [], tasks: [task('财务审核', ['刘洋', '陈静'])] })).toBe(
      '审批中：财务审核（刘洋、陈静）',
    );
    expect(flowStatusText({ state: 'passed', status: 2, result: 2, list: [], tasks: [] })).toBe('已通过');
    expect(
      flowStatusText({ state: 'rejected', status: 2, result: 3, list: [action('back', { comment: '发票不全' })], tasks: [] }),
    ).toBe('驳回：发票不全');
    expect(flowStatusText({ state: 'canceled', status: 3, result: 0, list: [], tasks: [] })).toBe('已撤回');
  });

  it('makes the stored approval status human', () => {
    expect(humanActStatus('审批中-deptApprove-部门负责人审批')).toBe('审批中：部门负责人审批');
    expect(humanActStatus('审批中-p1-部门负责人评分、p2-HR评分')).toBe('审批中：部门负责人评分、HR评分');
    expect(humanActStatus('审批中：财务审核（刘洋）')).toBe('审批中：财务审核（刘洋）');
    expect(humanActStatus('驳回', '金额不符')).toBe('驳回：金额不符');
    expect(humanActStatus('审批通过')).toBe('已通过');
  });

  it('finds the last rejection for a resubmission', () => {
    const r = lastRejection({ list: [action('apply'), action('back', { realname: '马超', name: '部门负责人审批', comment: '补充行程' })] });
    expect(r).toMatchObject({ who: '马超', node: '部门负责人审批', reason: '补充行程' });
    expect(lastRejection({ list: [action('apply')] })).toBeNull();
  });

  it('shows the form type key figures as one line', () => {
    expect(summaryText([{ label: '金额', value: '¥860.00' }, { label: '事由', value: '客户拜访' }, { value: null }])).toBe(
      '金额：¥860.00 · 事由：客户拜访',
    );
    expect(summaryText('¥860.00 客户拜访')).toBe('¥860.00 客户拜访');
    expect(summaryText(undefined)).toBe('');
  });
});
