import { afterAll, beforeAll, describe, it } from 'vitest';
import { fillDate, formJourney, pickOption } from './journey';

/** 资金申请 of 80,000 by dongjian (A03): 马超 (department head) → the amount gateway → 集团财务审批 (刘洋) → end. */
describe('[FORMS]: funds from filing to passed through the group finance approval', () => {
  formJourney(
    {
      slug: 'funds',
      employee: 'dongjian',
      firstStep: '部门负责人审批',
      viewText: '华信科技有限公司',
      approvers: [
        { username: 'machao', sees: '集团财务审批' },
        { username: 'liuyang', sees: '完成资金审批' },
      ],
      endLabel: '完成资金审批',
      async fill(page, field) {
        await field('payee').fill('华信科技有限公司');
        await field('bank').fill('招商银行上海分行');
        await field('account').fill('0123');
        await field('amount').click();
        await page.getByText('请输入正确的银行卡号').waitFor();
        await field('account').fill('6225880123456789');
        await field('amount').fill('80000');
        await pickOption(page, 'field-payMethod', '银行转账');
        await fillDate(field('dueDate'), '2026-12-20');
        await field('purpose').fill('支付年度CRM系统采购尾款');
      },
    },
    it,
    { beforeAll, afterAll },
  );
});
