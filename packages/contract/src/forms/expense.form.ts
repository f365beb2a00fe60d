import { defineForm } from './declaration.js';

/** 费用 expense reimbursement: line items whose sum is the amount the gateway reads. */
export const expenseForm = defineForm({
  key: 'fm_expense',
  slug: 'expense',
  routeName: 'forms/ExpenseForm',
  label: '费用',
  name: '费用报销',
  endLabel: '完成费用报销',
  fields: [
    { key: 'expenseType', label: '费用类型', type: 'select', dict: 'expense_type', max: 32, list: true, search: true, width: 100 },
    { key: 'amount', label: '金额（元）', type: 'money', input: false, compute: { sum: 'amount' }, list: true, sort: true, width: 120 },
    { key: 'reason', label: '报销事由', type: 'textarea', required: '请输入报销事由', list: true, span: 2, width: 200 },
    { key: 'attachments', label: '附件', type: 'files', span: 2 },
  ],
  items: {
    key: 'items',
    label: '费用明细',
    minMessage: '请至少填写一条费用明细',
    fields: [
      { key: 'name', label: '费用项目', type: 'text', required: '请输入费用项目', max: 100 },
      { key: 'amount', label: '金额', type: 'money', required: '请输入金额' },
      { key: 'remark', label: '备注', type: 'text', max: 500 },
    ],
  },
  // No key figures: the title stays the one expense had before declarations, `董建的费用报销`.
});
