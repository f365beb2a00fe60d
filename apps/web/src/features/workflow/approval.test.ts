import { describe, expect, it } from 'vitest';
import type { NextNode, Task } from './api';
import {
  buildPayload,
  ccResultText,
  extraDoneText,
  validateExtra,
  choosableUsers,
  claimOrgCode,
  endLabels,
  needsApprover,
  priorityView,
  suspendedView,
  validateApproval,
} from './approval';

const user = (username: string, realname = username) => ({
  id: username,
  username,
  realname,
  mainOrgCode: 'A01A03',
});
const node = (type: number, users = [user('liuyang', '刘洋'), user('chenjing', '陈静')]): NextNode => ({
  id: 'n',
  type,
  title: '财务审核',
  users,
  chooseMark: 0,
  usersMark: users.length ? 1 : 0,
  z_type: 'fm_expense',
});
const endNode: NextNode = {
  id: 'end',
  type: 2,
  title: '结束',
  users: [{ id: '', username: '', realname: '完成费用报销', mainOrgCode: '' }],
};

const task: Task = {
  id: 't1',
  procInstId: 'p1',
  procDefId: 'expense:1',
  key: 'deptApprove',
  name: '部门负责人审批',
  processName: '费用报销',
  applyer: '董建',
  priority: 1,
  isSuspended: false,
  createTime: '2026-11-21 10:00:00',
  tableId: 'f1',
  routeName: 'forms/ExpenseForm',
  tableName: 'fm_expense',
  assignees: [],
};

describe('to-do display', () => {
  it('shows priority 0/1/2 as 普通 green, 重要 orange, 紧急 red and nothing else', () => {
    expect(priorityView(0)).toEqual({ text: '普通', color: 'green' });
    expect(priorityView('1')).toEqual({ text: '重要', color: 'orange' });
    expect(priorityView(2)).toEqual({ text: '紧急', color: 'red' });
    expect(priorityView(3)).toBeNull();
    expect(priorityView(null)).toBeNull();
    expect(priorityView('')).toBeNull();
    expect(priorityView('x')).toBeNull();
  });
  it('shows isSuspended false as 激活 and true as 挂起', () => {
    expect(suspendedView(false).text).toBe('激活');
    expect(suspendedView(true).text).toBe('挂起');
  });
});

describe('next handlers', () => {
  it('filters by the company, group level A01', () => {
    expect(claimOrgCode('A03A02')).toBe('A03');
    expect(claimOrgCode('A01A03')).toBe('A01');
    expect(claimOrgCode(null)).toBe('A01');
  });
  it('asks for an approver only at a user task with candidates', () => {
    expect(needsApprover(node(1))).toBe(true);
    expect(needsApprover(node(1, []))).toBe(false);
    expect(needsApprover(node(3))).toBe(false);
    expect(needsApprover(node(4))).toBe(false);
    expect(needsApprover(endNode)).toBe(false);
  });
  it('shows end-of-process pseudo-assignees as labels, never as choices', () => {
    expect(endLabels(endNode)).toEqual(['完成费用报销']);
    expect(choosableUsers(endNode)).toEqual([]);
    expect(choosableUsers(node(4))).toEqual([]);
  });
});

describe('approval rules (docs/workflow.md)', () => {
  const base = { comment: '', commentRequired: false, assignees: [] as string[] };
  it('requires a comment when enabled', () => {
    expect(validateApproval({ ...base, type: 0, commentRequired: true, nextNode: endNode })).toBe(
      '请输入审批意见',
    );
    expect(
      validateApproval({ ...base, type: 0, commentRequired: true, comment: '  ', nextNode: endNode }),
    ).toBe('请输入审批意见');
    expect(
      validateApproval({ ...base, type: 0, commentRequired: true, comment: '同意', nextNode: endNode }),
    ).toBeNull();
  });
  it('pass needs an approver when the list is non-empty and the step is not final', () => {
    expect(validateApproval({ ...base, type: 0, nextNode: node(1) })).toBe('请至少选择一个审批人');
    expect(validateApproval({ ...base, type: 0, nextNode: node(1), assignees: ['liuyang'] })).toBeNull();
    expect(validateApproval({ ...base, type: 0, nextNode: node(1, []) })).toBeNull();
    expect(validateApproval({ ...base, type: 0, nextNode: node(3) })).toBeNull();
    expect(validateApproval({ ...base, type: 0, nextNode: node(4) })).toBeNull();
    expect(validateApproval({ ...base, type: 0, nextNode: endNode })).toBeNull();
  });
  it('reject needs a reason; to the initiator nothing more, to a node at least one approver', () => {
    expect(validateApproval({ ...base, type: 1, backTaskKey: '-1' })).toBe('请填写驳回理由');
    expect(validateApproval({ ...base, type: 1, backTaskKey: '-1', comment: '  ' })).toBe('请填写驳回理由');
    expect(validateApproval({ ...base, type: 1, backTaskKey: '-1', comment: '发票不全' })).toBeNull();
    expect(validateApproval({ ...base, type: 1, backTaskKey: 'deptApprove', comment: '补充说明' })).toBe('请至少选择一个审批人');
    expect(
      validateApproval({ ...base, type: 1, backTaskKey: 'deptApprove', assignees: ['machao'], comment: '补充说明' }),
    ).toBeNull();
  });
  it('delegate needs a user', () => {
    expect(validateApproval({ ...base, type: 2 })).toBe('请选择一委托人');
    expect(validateApproval({ ...base, type: 2, userId: 'zhangwei' })).toBeNull();
  });
});

describe('approval payload (docs/workflow.md)', () => {
  it('carries the task, the chosen handlers and the fixed notification flags', () => {
    const n = node(1);
    const p = buildPayload(task, {
      type: 0,
      comment: ' 同意 ',
      commentRequired: false,
      assignees: ['liuyang'],
      nextNode: n,
      users: n.users,
      orgCode: 'A03A02',
      realname: '马超',
    });
    expect(p).toMatchObject({
      id: 't1',
      procInstId: 'p1',
      procDefId: 'expense:1',
      currActId: 'deptApprove',
      type: 0,
      comment: '同意',
      assignees: 'liuyang',
      nextRealName: '刘洋',
      isChange: true,
      claimOrgCodeValue: 'A03',
      isClaim: false,
      sendMessage: true,
      sendSms: false,
      sendEmail: false,
      z_realname: '马超',
      z_type: 'fm_expense',
      priority: 1,
      isSuspended: false,
      backTaskKey: '',
      userId: '',
    });
    expect(JSON.parse(p.managerJson)).toEqual([{ username: 'liuyang', realname: '刘洋' }]);
  });
  it('reject keeps backTaskKey (-1 initiator) and delegate sends userId only', () => {
    expect(
      buildPayload(task, { type: 1, comment: '', commentRequired: false, assignees: [], backTaskKey: '-1' })
        .backTaskKey,
    ).toBe('-1');
    const d = buildPayload(task, {
      type: 2,
      comment: '',
      commentRequired: false,
      assignees: ['x'],
      userId: 'zhangwei',
      orgCode: 'A01A05',
    });
    expect(d.userId).toBe('zhangwei');
    expect(d.assignees).toBe('');
    expect(d.isClaim).toBe(true);
  });
});

describe('transfer, add signer and CC', () => {
  it('each needs its people: transfer exactly one, add signer at least one with a way, CC at least one', () => {
    expect(validateExtra('transfer', { users: [] })).toBe('请选择转办人');
    expect(validateExtra('transfer', { users: ['a', 'b'] })).toBe('请选择转办人');
    expect(validateExtra('transfer', { users: ['sunli'] })).toBeNull();
    expect(validateExtra('addSign', { users: [], position: 'after' })).toBe('请选择加签人');
    expect(validateExtra('addSign', { users: ['sunli'] })).toBe('请选择加签方式');
    expect(validateExtra('addSign', { users: ['sunli'], position: 'before' })).toBeNull();
    expect(validateExtra('cc', { users: [] })).toBe('请选择抄送人');
    expect(validateExtra('cc', { users: ['chenjing'] })).toBeNull();
  });

  it('says what happened with the names', () => {
    expect(extraDoneText('transfer', ['孙丽'])).toBe('已转办给孙丽，已通知孙丽');
    expect(extraDoneText('addSign', ['孙丽', '朱琳'], 'before')).toBe('已前加签：孙丽、朱琳，待其审批通过后任务回到您');
    expect(extraDoneText('addSign', ['孙丽'], 'after')).toBe('已后加签：孙丽，您审批通过后将依次交由其审批');
    expect(extraDoneText('addSign', ['孙丽'], 'parallel')).toBe('已并行加签：孙丽，全部通过后流程继续');
    expect(ccResultText(['陈静'], 1, '已抄送1人')).toEqual({ ok: true, text: '已抄送给陈静，对方可在「抄送我的」中查看' });
    expect(ccResultText(['陈静', '刘洋'], 1, '已抄送1人')).toEqual({ ok: true, text: '已抄送1人（其余人员此前已抄送过）' });
    expect(ccResultText(['陈静'], 0, '所选人员均已抄送过')).toEqual({ ok: false, text: '所选人员均已抄送过' });
  });
});
