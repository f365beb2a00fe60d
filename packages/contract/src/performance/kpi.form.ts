import { defineForm } from '../forms/declaration.js';
import { QUARTER_TITLES } from './scoring.js';

/**
 * 季度KPI考评: a quarterly KPI evaluation through the workflow (self-assessment, then the department head
 * and HR score; a comment on every approval, `/actTask/jxpass`). When it passes, the final score lands in
 * the quarterly sheet (and, for the third quarter, in the yearly sheet's months after July). Its end
 * pseudo-assignee is 完成季度KPI考评.
 */
export const kpiForm = defineForm({
  key: 'fm_kpi_part',
  slug: 'kpi',
  routeName: 'performance/KpiForm',
  label: '季度KPI',
  name: '季度KPI考评',
  endLabel: '完成季度KPI考评',
  passPath: 'jxpass',
  commentRequired: true,
  layout: 'full',
  perms: { list: 'forms:kpi:list', all: 'forms:kpi:all' },
  fields: [
    { key: 'yearPart', label: '考核年度', type: 'integer', required: '请选择考核年度', invalidMessage: '请选择考核年度', min: 2019, max: 2119, rangeMessage: '考核年度须在2019至2119之间', list: true, search: true, width: 90 },
    { key: 'quarter', label: '季度', type: 'select', required: '请选择季度', options: QUARTER_TITLES.map((t, i) => ({ value: String(i + 1), label: t })), list: true, search: true, width: 100 },
    { key: 'kpiGoal', label: 'KPI目标', type: 'textarea', required: '请输入KPI目标', max: 2000, span: 2 },
    // optional: a form filed by a KPI round arrives without them (the member reports in the review)
    { key: 'kpiResult', label: '完成情况', type: 'textarea', max: 5000, span: 2 },
    { key: 'selfScore', label: '自评分', type: 'number', min: 0, max: 100, rangeMessage: '自评分须在0到100之间', list: true, sort: true, width: 80 },
    { key: 'score', label: '考评得分', type: 'number', input: false, list: true, width: 90 },
    { key: 'finalScore', label: '最终得分', type: 'number', input: false, list: true, sort: true, width: 90 },
    { key: 'evalTime', label: '考评时间', type: 'datetime', input: false },
    { key: 'startedBy', label: '发起人', type: 'text', max: 100, input: false, list: true, width: 90 },
  ],
  title: (v, ctx) => `${ctx.applicantName}${String(v.yearPart ?? '')}年${ctx.text('quarter')}KPI考评`,
});
