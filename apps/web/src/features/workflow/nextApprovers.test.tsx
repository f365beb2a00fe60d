import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NextNode } from './api';
import { NextStepSummary } from './components/NextStepSummary';
import { approvalDoneText, endsProcess, nextStepLines, preselectedApprovers } from './nextApprovers';

const user = (username: string, realname: string) => ({
  id: username,
  username,
  realname,
  mainOrgCode: 'A01A03',
});
const three = [user('wangfang', '王芳'), user('lina', '李娜'), user('qianhui', '钱慧')];
const task = (extra: Partial<NextNode> = {}, users = three): NextNode => ({
  id: 'n',
  type: 1,
  title: '行政审核',
  users,
  chooseMark: 0,
  usersMark: users.length ? 1 : 0,
  z_type: 'fm_expense',
  ...extra,
});
const text = (node: NextNode, chosen?: string[]) => nextStepLines(node, chosen).map((l) => l.text);

describe('next step wording by sign mode', () => {
  it('or-sign: one person by name, several as 任一人审批', () => {
    expect(text(task({ signMode: 'or', passRatio: 100 }))).toEqual(['任一人审批：王芳、李娜、钱慧']);
    expect(text(task({ signMode: 'or' }, [user('wangfang', '王芳')]))).toEqual(['王芳']);
    // an answer without signMode (older server) reads as or-sign
    expect(text(task())).toEqual(['任一人审批：王芳、李娜、钱慧']);
  });

  it('countersign: 会签（全部审批） / 依次审批, a ratio below 100 named, a completion condition named', () => {
    expect(text(task({ signMode: 'parallel', passRatio: 100 }))).toEqual([
      '会签（全部审批）：王芳、李娜、钱慧',
    ]);
    expect(text(task({ signMode: 'sequential', passRatio: 100 }))).toEqual(['依次审批：王芳、李娜、钱慧']);
    expect(text(task({ signMode: 'parallel', passRatio: 60 }))).toEqual([
      '会签（通过比例60%）：王芳、李娜、钱慧',
    ]);
    expect(text(task({ signMode: 'sequential', passRatio: 50 }))).toEqual([
      '依次审批（通过比例50%）：王芳、李娜、钱慧',
    ]);
    expect(text(task({ signMode: 'parallel', passRatio: 100, completionCondition: true }))).toEqual([
      '会签（按完成条件）：王芳、李娜、钱慧',
    ]);
    // a countersign of one person still says it is a countersign; the ratio belongs to countersigns only
    expect(text(task({ signMode: 'parallel', passRatio: 100 }, [user('wangfang', '王芳')]))).toEqual([
      '会签（全部审批）：王芳',
    ]);
    expect(text(task({ signMode: 'or', passRatio: 60 }))).toEqual(['任一人审批：王芳、李娜、钱慧']);
  });

  it('the chosen people narrow the line; a parallel gateway names each branch by its own mode', () => {
    expect(text(task({ signMode: 'parallel', passRatio: 100 }), ['lina', 'qianhui'])).toEqual([
      '会签（全部审批）：李娜、钱慧',
    ]);
    const fork = task({
      type: 4,
      title: '并行',
      users: [],
      branches: [
        { id: 'a', title: '财务', users: three.slice(0, 2), signMode: 'sequential', passRatio: 100 },
        { id: 'b', title: '法务', users: three.slice(1), signMode: 'or', passRatio: 100 },
      ],
    });
    expect(nextStepLines(fork).map((l) => [l.title, l.mode, l.text])).toEqual([
      ['财务', 'sequential', '依次审批：王芳、李娜'],
      ['法务', 'any', '任一人审批：李娜、钱慧'],
    ]);
  });

  it('NextStepSummary shows the wording and marks mode and ratio', () => {
    render(<NextStepSummary node={task({ signMode: 'parallel', passRatio: 60 })} />);
    const line = screen.getByTestId('next-step-line');
    expect(line.textContent).toBe('行政审核会签（通过比例60%）：王芳、李娜、钱慧');
    expect(line.getAttribute('data-mode')).toBe('all');
    expect(line.getAttribute('data-ratio')).toBe('60');
  });
});

describe('what the approve dialogs (desktop and phone) share', () => {
  it('a pass pre-selects every candidate of a single user task, nobody otherwise', () => {
    expect(preselectedApprovers(task())).toEqual(['wangfang', 'lina', 'qianhui']);
    expect(preselectedApprovers(task({ type: 4 }))).toEqual([]);
    expect(preselectedApprovers(null)).toEqual([]);
  });

  it('the process ends after the pass at an end node, not at a user task', () => {
    expect(endsProcess(task({ type: 2 }, []))).toBe(true);
    expect(endsProcess(task())).toBe(false);
    expect(endsProcess(null)).toBe(false);
  });

  it('the done text names who was told', () => {
    const base = { toEnd: false, names: [], backTaskKey: '-1', backList: [] };
    expect(approvalDoneText({ ...base, type: 0, names: ['王芳', '李娜'] })).toBe('审批已通过，已通知下一审批人：王芳、李娜');
    expect(approvalDoneText({ ...base, type: 0 })).toBe('审批已通过，已通知下一审批人');
    expect(approvalDoneText({ ...base, type: 0, toEnd: true })).toBe('审批已通过，流程结束，已通知申请人');
    expect(approvalDoneText({ ...base, type: 1 })).toBe('已驳回，已通知申请人');
    expect(approvalDoneText({ ...base, type: 1, backTaskKey: 'lead', backList: [{ key: 'lead', name: '部门审批' }] })).toBe('已退回至「部门审批」，已通知审批人');
    expect(approvalDoneText({ ...base, type: 2 })).toBe('已委托，已通知被委托人');
  });
});
