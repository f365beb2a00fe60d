import { defineForm } from './declaration.js';

/** 非常规 HR non-routine approval: marked group level (A01) when an A01 approver claims it. */
export const nonRoutineForm = defineForm({
  key: 'fm_non_routine',
  slug: 'nonRoutine',
  routeName: 'forms/NonRoutineForm',
  label: '非常规',
  name: '人事非常规申请',
  endLabel: '完成人事非常规审批',
  groupClaim: true,
  fields: [
    { key: 'subject', label: '主题', type: 'text', required: true, max: 100, list: true, search: true, span: 2, width: 200 },
    { key: 'category', label: '类别', type: 'select', required: true, dict: 'non_routine_category', list: true, search: true, width: 110 },
    { key: 'employee', label: '涉及员工', type: 'user', required: true, list: true, search: true, width: 110 },
    { key: 'description', label: '情况说明', type: 'textarea', required: true, max: 2000, span: 2 },
    { key: 'attachments', label: '附件', type: 'files', span: 2 },
  ],
  summary: (v, ctx) => `${ctx.text('category')} ${String(v.subject ?? '')}`,
  gateway: { salary: (v) => v.category === 'salary' },
});
