import { contractForm } from '@go/contract/forms/index';
import { bpmn, type FormSeed } from './form-seed.js';

/** 合同审批: department head → (≥ 100,000) legal → (≥ 1,000,000) group general manager (A01) → end. */
export const formSeed: FormSeed = {
  form: contractForm,
  menu: { sortNo: 22, icon: 'audit' },
  process: {
    xml: bpmn(
      'contract',
      '合同审批',
      [
        ['start', 'start', '开始', 60, 142],
        ['deptApprove', 'user', '部门负责人审批', 150, 120],
        ['legalGateway', 'xor', '金额判断', 315, 135],
        ['legalApprove', 'user', '法务审核', 420, 30],
        ['groupGateway', 'xor', '集团审批判断', 585, 45],
        ['groupApprove', 'user', '集团总经理审批', 690, 120],
        ['end', 'end', '结束', 872, 142],
      ],
      [
        ['flow1', 'start', 'deptApprove'],
        ['flow2', 'deptApprove', 'legalGateway'],
        ['flowLegal', 'legalGateway', 'legalApprove', '${amount >= 100000}', '10万元及以上'],
        ['flowSmall', 'legalGateway', 'end', undefined, '其他'],
        ['flow3', 'legalApprove', 'groupGateway'],
        ['flowGroup', 'groupGateway', 'groupApprove', '${amount >= 1000000}', '100万元及以上'],
        ['flowLegalOnly', 'groupGateway', 'end', undefined, '其他'],
        ['flow4', 'groupApprove', 'end'],
      ],
      { legalGateway: 'flowSmall', groupGateway: 'flowLegalOnly' },
    ),
    category: '行政',
    description: '合同审批：10万元及以上需法务审核，100万元及以上需集团总经理审批',
    nodes: {
      deptApprove: { rules: [{ type: 4 }] },
      legalApprove: { rules: [{ type: 1, relateId: 'wangfang' }] },
      groupApprove: { rules: [{ type: 1, relateId: 'zhangwei' }] },
    },
  },
  async demo({ file, pass }) {
    const c1 = await file('dongjian', { contractNo: 'HT-A03-2026-0118', counterparty: '华信科技有限公司', amount: 300000, startDate: '2027-01-01', endDate: '2027-12-31', paymentTerms: '签订后预付30%，验收后支付60%，质保期满支付10%' });
    await pass('machao', c1.inst, '同意，请法务审核');
    const c2 = await file('linxiao', { contractNo: 'HT-A05-2026-0032', counterparty: '置信建材有限公司', amount: 48000, startDate: '2026-12-01', endDate: '2027-05-31', paymentTerms: '按月结算，次月10日前付款' });
    await pass(undefined, c2.inst);
    await file('xuming', { contractNo: 'HT-A02-2026-0207', counterparty: '星河传媒有限公司', amount: 1500000, startDate: '2027-01-01', endDate: '2028-12-31', paymentTerms: '按季度支付推广费用' });
    await file('hejing', { contractNo: 'HT-A04-2026-0009', counterparty: '顺达运输有限公司', amount: 220000, startDate: '2027-01-01', endDate: '2027-12-31', paymentTerms: '按月结算' }, false);
  },
};
