import { defineForm } from './declaration.js';

export const QUARTER_TEXT = ['', '第一季度', '第二季度', '第三季度', '第四季度'];

/** 绩效 performance evaluation: approved with `/actTask/jxpass`, a comment always; the score is kept on the form. */
export const performanceForm = defineForm({
  key: 'fm_performance',
  slug: 'performance',
  routeName: 'forms/PerformanceForm',
  label: '绩效',
  name: '绩效考评',
  endLabel: '完成绩效考评',
  passPath: 'jxpass',
  commentRequired: true,
  approvalScore: true,
  layout: 'full',
  fields: [
    { key: 'yearPart', label: '考核年度', type: 'integer', required: '请选择考核年度', invalidMessage: '请选择考核年度', min: 2019, max: 2119, rangeMessage: '考核年度须在2019至2119之间', list: true, search: true, width: 90 },
    { key: 'quarter', label: '季度', type: 'integer', required: '请选择季度', invalidMessage: '请选择季度', min: 1, max: 4, rangeMessage: '请选择季度', list: true, width: 100 },
    { key: 'selfScore', label: '自评分', type: 'number', required: '请输入自评分', min: 0, max: 100, rangeMessage: '自评分须在0到100之间', list: true, sort: true, width: 80 },
    { key: 'summary', label: '工作总结', type: 'textarea', required: '请输入工作总结', max: 5000, span: 2 },
    { key: 'score', label: '考评得分', type: 'number', input: false, list: true, width: 90 },
    { key: 'finalScore', label: '最终得分', type: 'number', input: false, list: true, sort: true, width: 90 },
    { key: 'evalTime', label: '考评时间', type: 'datetime', input: false },
  ],
  title: (v, ctx) => `${ctx.applicantName}${String(v.yearPart ?? '')}年${QUARTER_TEXT[Number(v.quarter)] ?? ''}绩效考评`,
});
