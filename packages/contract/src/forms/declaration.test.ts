import { describe, expect, it } from 'vitest';
import { checkField, computeValues, daysBetween, formatMoney, formSchema, formTitle, type FieldDecl } from './declaration.js';
import { expenseForm } from './expense.form.js';
import { fundsForm } from './funds.form.js';
import { tripForm } from './trip.form.js';

const f = (x: Partial<FieldDecl>): FieldDecl => ({ key: 'x', label: '字段', type: 'text', ...x });

describe('form declarations', () => {
  it('checks each value with its rule and says why in Chinese', () => {
    expect(checkField(f({ required: true }), ' ').error).toBe('请输入字段');
    expect(checkField(f({ type: 'select', required: true }), undefined).error).toBe('请选择字段');
    expect(checkField(f({ type: 'files', required: true }), []).error).toBe('请上传字段');
    expect(checkField(f({ rule: 'bankCard' }), '0123456789').error).toBe('请输入正确的银行卡号');
    expect(checkField(f({ rule: 'bankCard' }), '6225880123456789')).toEqual({ value: '6225880123456789' });
    expect(checkField(f({ rule: 'mobile' }), '12345678901').error).toBe('请输入正确手机号');
    expect(checkField(f({ type: 'money' }), '1.005').error).toBe('字段最多两位小数');
    expect(checkField(f({ type: 'money' }), 0).error).toBe('字段必须大于0');
    expect(checkField(f({ type: 'money' }), '12.50')).toEqual({ value: 12.5 });
    expect(checkField(f({ type: 'integer', min: 1, max: 4, rangeMessage: '请选择季度' }), 5).error).toBe('请选择季度');
    expect(checkField(f({ type: 'date' }), '2026-02-29').error).toBe('字段格式不正确');
    expect(checkField(f({ max: 3 }), 'abcd').error).toBe('字段最大长度3位字符');
    expect(checkField(f({ type: 'users' }), ['a', ' b ']).value).toBe('a,b');
    expect(checkField(f({ type: 'select', options: [{ value: 'a', label: 'A' }] }), 'b').error).toBe('请选择字段');
  });

  it('derives the body schema: items, cross-field rules, computed values, titles', () => {
    const bad = formSchema(tripForm).safeParse({ destination: '广州', startDate: '2026-12-10', endDate: '2026-12-09', transport: 'train', budget: 1, reason: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['结束日期不能早于开始日期']);
    const ok = formSchema(tripForm).parse({ destination: '广州', startDate: '2026-12-01', endDate: '2026-12-05', transport: 'train', budget: '800', reason: 'x', extra: 'dropped' });
    expect(ok.extra).toBeUndefined();
    expect(computeValues(tripForm, ok)).toEqual({ days: 5 });
    const noItems = formSchema(expenseForm).safeParse({ reason: '差旅', items: [] });
    expect(noItems.error?.issues.map((i) => i.message)).toEqual(['请至少填写一条费用明细']);
    const e = formSchema(expenseForm).parse({ reason: '差旅', expenseType: 'travel', items: [{ name: '高铁', amount: '480.5' }, { name: '住宿', amount: 800 }] });
    const v = { ...e, ...computeValues(expenseForm, e) };
    expect(v.amount).toBe(1280.5);
    // Expense keeps the title it had before declarations (`姓名的费用报销`, as its editor says).
    expect(formTitle(expenseForm, v, { applicantName: '董建', text: () => '差旅费' })).toBe('董建的费用报销');
    expect(formTitle(fundsForm, { payee: '华信科技', amount: 80000 }, { applicantName: '董建', text: () => '' })).toBe('董建的资金申请 · 华信科技 ¥80,000.00');
  });

  it('counts days inclusively and formats money with grouping', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(4);
    expect(daysBetween('2026-12-30', '2026-12-29')).toBeNull();
    expect(formatMoney(80000)).toBe('¥80,000.00');
    expect(formatMoney('')).toBe('');
  });
});
