import { tripForm } from '@go/contract/forms/index';
import { bpmn, type FormSeed } from './form-seed.js';

/** 出差申请: (more than 5 days) department head → HR/administration → end. */
export const formSeed: FormSeed = {
  form: tripForm,
  menu: { sortNo: 21, icon: 'schedule' },
  process: {
    xml: bpmn(
      'trip',
      '出差申请',
      [
        ['start', 'start', '开始', 60, 142],
        ['daysGateway', 'xor', '天数判断', 140, 135],
        ['deptApprove', 'user', '部门负责人审批', 240, 30],
        ['adminApprove', 'user', '行政审核', 420, 120],
        ['end', 'end', '结束', 592, 142],
      ],
      [
        ['flow1', 'start', 'daysGateway'],
        ['flowLong', 'daysGateway', 'deptApprove', '${days > 5}', '超过5天'],
        ['flowShort', 'daysGateway', 'adminApprove', undefined, '5天及以内'],
        ['flow2', 'deptApprove', 'adminApprove'],
        ['flow3', 'adminApprove', 'end'],
      ],
      { daysGateway: 'flowShort' },
    ),
    category: '行政',
    description: '员工出差申请，超过5天需部门负责人审批',
    nodes: { deptApprove: { rules: [{ type: 4 }] }, adminApprove: { rules: [{ type: 0, relateId: 'hr' }] } },
  },
  async demo({ file, pass, cancel }) {
    await file('zhulin', { destination: '广州', startDate: '2026-12-02', endDate: '2026-12-04', transport: 'train', budget: 2600, reason: '拜访华南区重点客户' });
    await file('yangfan', { destination: '深圳、东莞', startDate: '2026-12-07', endDate: '2026-12-14', transport: 'plane', budget: 9800, companions: 'zhaolei', reason: '华南数据中心机房迁移实施' });
    const t3 = await file('wuting', { destination: '杭州', startDate: '2026-11-10', endDate: '2026-11-12', transport: 'train', budget: 1800, reason: '参加前端技术大会' });
    await pass('lina', t3.inst, '已备案');
    const t4 = await file('hubin', { destination: '义乌', startDate: '2026-12-08', endDate: '2026-12-09', transport: 'car', budget: 900, reason: '供应商现场考察' });
    await cancel('hubin', t4.id, '行程取消');
  },
};
