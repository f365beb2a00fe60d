import { nonRoutineForm } from '@go/contract/forms/index';
import { bpmn, type FormSeed } from './form-seed.js';

/** 人事非常规审批: department head → HR → (salary) general manager → end. */
export const formSeed: FormSeed = {
  form: nonRoutineForm,
  menu: { sortNo: 23, icon: 'idcard' },
  dicts: [
    {
      code: 'non_routine_category',
      name: '人事非常规类别',
      items: [
        ['salary', '薪酬调整'],
        ['attendance', '考勤异常'],
        ['special', '特殊用工'],
        ['reward', '奖惩处理'],
        ['other', '其他'],
      ],
    },
  ],
  process: {
    xml: bpmn(
      'nonRoutine',
      '人事非常规审批',
      [
        ['start', 'start', '开始', 60, 142],
        ['deptApprove', 'user', '部门负责人审批', 150, 120],
        ['hrApprove', 'user', '人事审核', 310, 120],
        ['categoryGateway', 'xor', '类别判断', 475, 135],
        ['gmApprove', 'user', '总经理审批', 580, 30],
        ['end', 'end', '结束', 772, 142],
      ],
      [
        ['flow1', 'start', 'deptApprove'],
        ['flow2', 'deptApprove', 'hrApprove'],
        ['flow3', 'hrApprove', 'categoryGateway'],
        ['flowSalary', 'categoryGateway', 'gmApprove', "${category == 'salary'}", '薪酬调整'],
        ['flowOther', 'categoryGateway', 'end', undefined, '其他'],
        ['flow4', 'gmApprove', 'end'],
      ],
      { categoryGateway: 'flowOther' },
    ),
    category: '人事',
    description: '人事非常规事项，薪酬调整需总经理审批',
    nodes: {
      deptApprove: { rules: [{ type: 4 }] },
      hrApprove: { rules: [{ type: 0, relateId: 'hr' }] },
      gmApprove: { rules: [{ type: 1, relateId: 'zhangwei' }] },
    },
  },
  async demo({ file, pass, back }) {
    await file('zhulin', { subject: '销售部试用期员工提前转正调薪', category: 'salary', employee: 'dongjian', description: '董建试用期业绩突出，申请提前转正并调整薪资。' });
    const n2 = await file('hubin', { subject: '十月考勤异常补录', category: 'attendance', employee: 'hubin', description: '10月15日外出采购未打卡，申请补录考勤。' });
    await pass(undefined, n2.inst);
    // Claimed at group level: the group HR marks it A01.
    await pass('lina', n2.inst, '集团人事已核实', { claimOrgCodeValue: 'A01', isClaim: true });
    const n3 = await file('tanglei', { subject: '临时借调风控专员', category: 'special', employee: 'tanglei', description: '项目需要，申请临时借调一个月。' });
    await back(n3.inst, '请先与用人部门协商');
  },
};
