import { afterAll, beforeAll, describe, it } from 'vitest';
import { fillDate, formJourney } from './journey';

const NO = `HT-E2E-${Date.now().toString(36)}`;

/** 合同审批 of 300,000 by dongjian (A03): 马超 → the amount gateway → 法务审核 (王芳) → end. */
describe('[FORMS]: contract of 300,000 through legal', () => {
  formJourney(
    {
      slug: 'contract',
      employee: 'dongjian',
      firstStep: '部门负责人审批',
      viewText: NO,
      approvers: [
        { username: 'machao', sees: '法务审核' },
        { username: 'wangfang', sees: '完成合同审批' },
      ],
      endLabel: '完成合同审批',
      async fill(page, field) {
        await field('contractNo').fill(NO);
        await field('counterparty').fill('华信科技有限公司');
        await field('amount').fill('300000');
        await fillDate(field('startDate'), '2027-01-01');
        await fillDate(field('endDate'), '2027-12-31');
        await field('paymentTerms').fill('签订后预付30%，验收后支付60%，质保期满支付10%');
      },
    },
    it,
    { beforeAll, afterAll },
  );
});
