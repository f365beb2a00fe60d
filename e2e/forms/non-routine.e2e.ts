import { afterAll, beforeAll, describe, it } from 'vitest';
import { formJourney, pickOption, pickUser } from './journey';

/**
 * 人事非常规申请 (salary) by zhulin (A03): 马超 → 人事审核 (钱慧, the A03 HR 马超's company-level choice offers)
 * → the category gateway → 总经理审批 (张伟) → end 完成人事非常规审批. (Group-level marking: apps/server/test/forms.)
 */
describe('[FORMS]: HR non-routine salary change through the company HR and the general manager', () => {
  formJourney(
    {
      slug: 'nonRoutine',
      employee: 'zhulin',
      firstStep: '部门负责人审批',
      viewText: '试用期提前转正调薪',
      approvers: [
        { username: 'machao', sees: '人事审核' },
        { username: 'qianhui', sees: '总经理审批' },
        { username: 'zhangwei', sees: '完成人事非常规审批' },
      ],
      endLabel: '完成人事非常规审批',
      async fill(page, field) {
        await field('subject').fill('试用期提前转正调薪');
        await pickOption(page, 'field-category', '薪酬调整');
        await pickUser(page, 'employee', 'dongjian', '董建');
        await field('description').fill('董建试用期业绩突出，申请提前转正并调整薪资。');
      },
    },
    it,
    { beforeAll, afterAll },
  );
});
