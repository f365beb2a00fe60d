import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDate, formJourney, pickOption } from './journey';

/** 出差申请 of 8 days by zhulin (A03): over 5 days adds 马超 (department head), then 行政审核 (the company's HR, 钱慧: 马超 approves for company A03, so the next step's users are A03's). */
describe('[FORMS]: trip over five days through the department head and HR', () => {
  formJourney(
    {
      slug: 'trip',
      employee: 'zhulin',
      firstStep: '部门负责人审批',
      viewText: '深圳、东莞',
      approvers: [
        { username: 'machao', sees: '行政审核' },
        { username: 'qianhui', sees: '完成出差审批' },
      ],
      endLabel: '完成出差审批',
      async fill(page, field) {
        await field('destination').fill('深圳、东莞');
        await fillDate(field('startDate'), '2026-12-07');
        await fillDate(field('endDate'), '2026-12-05');
        await page.getByText('结束日期不能早于开始日期').waitFor();
        await fillDate(field('endDate'), '2026-12-14');
        await expect.poll(() => page.getByTestId('field-days').innerText()).toBe('8天');
        await pickOption(page, 'field-transport', '飞机');
        await field('budget').fill('9800');
        await field('reason').fill('华南数据中心机房迁移实施');
      },
    },
    it,
    { beforeAll, afterAll },
  );
});
