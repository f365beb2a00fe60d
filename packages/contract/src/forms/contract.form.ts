import { defineForm, formatMoney } from './declaration.js';

/** 合同 contract: a unique number; 100,000 and more goes to legal, 1,000,000 and more also to the group (A01). */
export const contractForm = defineForm({
  key: 'fm_contract',
  slug: 'contract',
  routeName: 'forms/ContractForm',
  label: '合同',
  name: '合同审批',
  endLabel: '完成合同审批',
  layout: 'wide',
  fields: [
    { key: 'contractNo', label: '合同编号', type: 'text', required: true, max: 50, unique: '合同编号已存在', list: true, search: true, width: 150 },
    { key: 'counterparty', label: '合同相对方', type: 'text', required: true, max: 100, list: true, search: true, width: 180 },
    { key: 'amount', label: '合同金额（元）', type: 'money', required: true, list: true, sort: true, width: 140 },
    { key: 'startDate', label: '开始日期', type: 'date', required: true, list: true, sort: true, width: 120 },
    { key: 'endDate', label: '结束日期', type: 'date', required: true, gte: { field: 'startDate', message: '结束日期不能早于开始日期' }, list: true, width: 120 },
    { key: 'paymentTerms', label: '付款条款', type: 'textarea', required: true, max: 2000, span: 2 },
    { key: 'attachments', label: '合同附件', type: 'files', span: 2 },
  ],
  summary: (v) => `${String(v.counterparty ?? '')} ${formatMoney(v.amount)}`,
  gateway: {
    needLegal: (v) => Number(v.amount) >= 100000,
    needGroup: (v) => Number(v.amount) >= 1000000,
  },
});
