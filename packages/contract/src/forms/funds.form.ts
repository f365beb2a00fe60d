import { defineForm, formatMoney } from './declaration.js';

export const PAY_METHODS = [
  { value: 'transfer', label: '银行转账' },
  { value: 'draft', label: '银行承兑汇票' },
  { value: 'check', label: '支票' },
  { value: 'cash', label: '现金' },
];

/** 资金 funds: a payment request; 50,000 and more adds the group-level (A01) finance approval. */
export const fundsForm = defineForm({
  key: 'fm_funds',
  slug: 'funds',
  routeName: 'forms/FundsForm',
  label: '资金',
  name: '资金申请',
  endLabel: '完成资金审批',
  layout: 'wide',
  fields: [
    { key: 'payee', label: '收款单位', type: 'text', required: true, max: 100, list: true, search: true, width: 180 },
    { key: 'bank', label: '开户银行', type: 'text', required: true, max: 100, list: true, width: 160 },
    { key: 'account', label: '银行账号', type: 'text', required: true, rule: 'bankCard', placeholder: '10至20位数字', list: true, width: 190 },
    { key: 'amount', label: '金额（元）', type: 'money', required: true, list: true, sort: true, width: 130 },
    { key: 'payMethod', label: '付款方式', type: 'select', required: true, options: PAY_METHODS, list: true, search: true, width: 110 },
    { key: 'dueDate', label: '要求付款日期', type: 'date', required: true, list: true, sort: true, width: 120 },
    { key: 'purpose', label: '资金用途', type: 'textarea', required: true, max: 1000, span: 2 },
  ],
  summary: (v) => `${String(v.payee ?? '')} ${formatMoney(v.amount)}`,
  gateway: { groupLevel: (v) => Number(v.amount) >= 50000 },
});
