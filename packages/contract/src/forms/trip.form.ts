import { defineForm, formatMoney } from './declaration.js';

export const TRANSPORTS = [
  { value: 'train', label: '火车/高铁' },
  { value: 'plane', label: '飞机' },
  { value: 'car', label: '汽车' },
  { value: 'ship', label: '轮船' },
  { value: 'other', label: '其他' },
];

/** 出差 business trip: days are computed from the dates; more than 5 days adds the department head. */
export const tripForm = defineForm({
  key: 'fm_trip',
  slug: 'trip',
  routeName: 'forms/TripForm',
  label: '出差',
  name: '出差申请',
  endLabel: '完成出差审批',
  fields: [
    { key: 'destination', label: '目的地', type: 'text', required: true, max: 200, placeholder: '多个目的地以顿号分隔', list: true, search: true, span: 2, width: 180 },
    { key: 'startDate', label: '开始日期', type: 'date', required: true, list: true, sort: true, width: 120 },
    { key: 'endDate', label: '结束日期', type: 'date', required: true, gte: { field: 'startDate', message: '结束日期不能早于开始日期' }, list: true, width: 120 },
    { key: 'days', label: '出差天数', type: 'integer', input: false, compute: { days: ['startDate', 'endDate'] }, list: true, sort: true, width: 90 },
    { key: 'transport', label: '交通方式', type: 'select', required: true, options: TRANSPORTS, list: true, search: true, width: 110 },
    { key: 'budget', label: '预算（元）', type: 'money', required: true, list: true, sort: true, width: 120 },
    { key: 'companions', label: '同行人', type: 'users', span: 2 },
    { key: 'reason', label: '出差事由', type: 'textarea', required: true, max: 1000, span: 2 },
  ],
  summary: (v) => `${String(v.destination ?? '')} ${v.days ?? '?'}天 ${formatMoney(v.budget)}`,
  gateway: { longTrip: (v) => Number(v.days) > 5 },
});
