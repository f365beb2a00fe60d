import { fundsForm } from '@go/contract/forms/index';
import { bpmn, type FormSeed } from './form-seed.js';

const account = (payee: string, bank: string, no: string, amount: number, purpose: string, dueDate: string) => ({ payee, bank, account: no, amount, purpose, payMethod: 'transfer', dueDate });

/** 资金申请: department head → (amount ≥ 50,000) group finance (A01A03) → end. */
export const formSeed: FormSeed = {
  form: fundsForm,
  menu: { sortNo: 20, icon: 'bank' },
  process: {
    xml: bpmn(
      'funds',
      '资金申请',
      [
        ['start', 'start', '开始', 60, 142],
        ['deptApprove', 'user', '部门负责人审批', 150, 120],
        ['amountGateway', 'xor', '金额判断', 315, 135],
        ['groupFinance', 'user', '集团财务审批', 420, 30],
        ['end', 'end', '结束', 612, 142],
      ],
      [
        ['flow1', 'start', 'deptApprove'],
        ['flow2', 'deptApprove', 'amountGateway'],
        ['flowLarge', 'amountGateway', 'groupFinance', '${amount >= 50000}', '5万元及以上'],
        ['flowSmall', 'amountGateway', 'end', undefined, '其他'],
        ['flow3', 'groupFinance', 'end'],
      ],
      { amountGateway: 'flowSmall' },
    ),
    category: '财务',
    description: '付款与资金申请，5万元及以上需集团财务审批',
    nodes: { deptApprove: { rules: [{ type: 4 }] }, groupFinance: { rules: [{ type: 2, relateId: 'A01A03' }] } },
  },
  async demo({ file, pass, back }) {
    await file('hejing', account('顺达运输有限公司', '中国建设银行杭州分行', '6217001234567890123', 18500, '支付十月运输外包费用', '2026-12-10'), false);
    const f1 = await file('dongjian', account('华信科技有限公司', '招商银行上海分行', '6225880123456789', 80000, '支付年度CRM系统采购尾款', '2026-12-05'));
    await pass('machao', f1.inst, '同意，请集团财务复核');
    await file('wuting', account('北京云算科技有限公司', '中国工商银行北京海淀支行', '6222020200112233445', 12000, '采购测试服务器租用服务', '2026-12-15'));
    const f3 = await file('xiaoran', account('置信建材有限公司', '中国农业银行成都分行', '6228480402564890018', 5600, '工程样板间材料款', '2026-11-30'));
    await pass(undefined, f3.inst);
    const f4 = await file('tanglei', account('安盾信息安全有限公司', '中国银行深圳分行', '6013820000123456789', 9800, '安全审计服务预付款', '2026-12-20'));
    await back(f4.inst, '预算未批复，请先走预算流程');
  },
};
