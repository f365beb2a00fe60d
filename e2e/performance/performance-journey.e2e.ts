import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * The seeded 绩效考评 process: 部门负责人评分 (head of the applicant's department) and HR评分 (role hr) in
 * parallel, then 总经理确认 (zhangwei) → end. zhulin (A03 销售部) self-assesses for the third quarter of a
 * year no demo data uses; machao (her head) and lina (HR) score with comments; zhangwei confirms. The
 * final score lands in the quarterly sheet, in the yearly sheet's months after July, and in the ranking.
 */
const YEAR = '2030';
const TITLE = `E2E绩效考评-${Date.now().toString(36)}`;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await save(page, name);
}

/** Picks an option of the antd Select inside the form item labelled `label`. */
async function choose(scope: Page, label: string, option: string, typed?: string): Promise<void> {
  const item = scope.locator('.ant-modal .ant-form-item', { hasText: label }).first();
  await item.locator('.ant-select').click();
  if (typed) await item.locator('.ant-select input').fill(typed);
  await scope.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

async function scoreAndPass(page: Page, comment: string, score: string, endLabel?: string): Promise<void> {
  await page.goto(`/activiti/todoManage?name=${encodeURIComponent(TITLE)}`);
  await page.getByTestId('todo-page').waitFor();
  await page.getByTestId('todo-open').first().waitFor();
  expect(await page.getByTestId('todo-open').count()).toBe(1);
  await page.getByTestId('todo-pass').click();
  await page.getByTestId('approval-form').waitFor();
  if (endLabel) await page.getByTestId('end-label').getByText(endLabel).waitFor();
  // a comment is always required on the performance form
  await page.getByTestId('approval-submit').click();
  await page.getByText('请输入审批意见').first().waitFor();
  await page.getByTestId('approval-comment').fill(comment);
  await page.locator('.ant-form-item', { hasText: '考评得分' }).locator('input').fill(score);
  await screenshot(page, `performance-approve-${score}`);
  await page.getByTestId('approval-submit').click();
  await page.locator('.ant-message .ant-message-success').first().waitFor();
  await page.getByTestId('approval-form').waitFor({ state: 'detached' });
}

describe('[PERFORMANCE]: self-assessment, scoring with comments, sheets and ranking', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const open = async (username: string) => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the employee self-assesses for the third quarter and submits', async () => {
    const page = await open('zhulin');
    await page.goto('/activiti/forms/performance');
    await page.getByTestId('start-apply').click();
    await page.getByPlaceholder('不填则按姓名、年度和季度生成').fill(TITLE);
    await choose(page, '考核年度', `${YEAR}年`, YEAR);
    await choose(page, '季度', '第三季度');
    await page.locator('.ant-modal .ant-form-item', { hasText: '自评分' }).locator('input').fill('90');
    await page.locator('.ant-modal .ant-form-item', { hasText: '工作总结' }).locator('textarea').fill('第三季度完成销售目标的112%，新开拓客户8家。');
    await screenshot(page, 'performance-01-self-assessment');
    await page.getByTestId('performance-submit').click();
    await page.getByTestId('apply-submit').click();
    await page.locator('.ant-message').getByText('操作成功').first().waitFor();
  });

  it('the manager and HR score with comments; the general manager confirms to the end', async () => {
    await scoreAndPass(await open('machao'), '业绩突出，客户拓展积极', '88');
    await scoreAndPass(await open('lina'), '考勤良好，团队协作佳', '87');
    await scoreAndPass(await open('zhangwei'), '同意，确认得分', '86.5', '完成绩效考评');
  });

  it('the score shows in the quarterly and yearly sheets and the ranking', async () => {
    const page = await open('lina');
    await page.goto(`/performance/userYearPart?yearPart=${YEAR}`);
    const part = page.getByTestId('user-year-part').locator('tr', { hasText: '朱琳' });
    await part.getByTestId('thirdQuarter-linked').getByText('86.5').waitFor();
    await screenshot(page, 'performance-02-quarterly-sheet');

    await page.goto(`/performance/userYearPerf?yearPart=${YEAR}`);
    const perf = page.getByTestId('user-year-perf').locator('tr', { hasText: '朱琳' });
    await perf.waitFor();
    const cells = await perf.locator('td').allInnerTexts();
    // 七月 empty; 八月 to 十二月 86.5; average 86.5
    expect(cells.filter((c) => c === '86.5').length).toBe(6);
    await screenshot(page, 'performance-03-yearly-sheet');

    await page.goto(`/rankingUserAvg/list?yearPart=${YEAR}`);
    const row = page.getByTestId('ranking-user-avg').locator('tr', { hasText: '朱琳' });
    await row.getByText('第1名').waitFor();
    await expect(row.innerText()).resolves.toContain('86.5');
    expect(await page.locator('.ant-pagination-options .ant-select').innerText()).toContain('30');
    await screenshot(page, 'performance-04-ranking');

    await page.goto(`/rankingUserAvg/list?yearPart=${YEAR}&quarter=3`);
    await page.getByTestId('ranking-user-avg').locator('tr', { hasText: '朱琳' }).getByText('第1名').waitFor();
    await page.getByTestId('ranking-user-avg').getByRole('columnheader', { name: '第三季度得分' }).waitFor();
  });

  it('HR sees the seeded demo ranking with shared ranks and the questionnaire designer', async () => {
    const page = await open('lina');
    await page.goto('/rankingUserAvg/list');
    await page.getByTestId('ranking-user-avg').locator('tbody tr.ant-table-row').nth(5).waitFor();
    await screenshot(page, 'performance-05-ranking-demo');
    await page.goto('/performance/questionnaire');
    await page.getByTestId('questionnaire-list').getByText('360度综合评价').waitFor();
    await page.getByTestId('questionnaire-list').locator('tr', { hasText: '360度综合评价' }).getByText('编辑').click();
    await page.locator('.ant-modal').getByText('第5题').waitFor();
    await screenshot(page, 'performance-06-questionnaire-designer');
    await page.locator('.ant-modal-close').click();
  });

  it('a rater answers a 360° questionnaire from the inbox; HR sees the weighted, anonymous result', async () => {
    const token = await apiLogin('lina');
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
        method,
        headers: { 'content-type': 'application/json', 'X-Access-Token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { success: boolean; message: string; result: { id: string; records: { id: string; title: string }[] } };
    };
    const list = await api('GET', '/performance/questionnaire/list');
    const q = list.result.records.find((r) => r.title === '360度综合评价')!;
    const sent = await api('POST', '/performance/survey/send', { questionnaireId: q.id, targetUserId: 'yangfan', title: `${TITLE}-360`, raters: [{ username: 'zhaolei', relation: 'peer' }] });
    expect(sent.success, sent.message).toBe(true);

    const rater = await open('zhaolei');
    await rater.goto('/performance/mySurveys');
    const row = rater.getByTestId('my-surveys').locator('tr', { hasText: `${TITLE}-360` });
    await row.getByText('评价', { exact: true }).click();
    const modal = rater.locator('.ant-modal', { hasText: '被评价人' });
    await modal.getByText('工作态度').waitFor();
    const item = (label: string) => modal.locator('.ant-form-item', { hasText: label });
    await item('工作态度').getByText('优秀', { exact: true }).click();
    await item('突出的能力').getByText('沟通协作', { exact: true }).click();
    await item('突出的能力').getByText('专业技能', { exact: true }).click();
    await item('团队合作').getByText('4', { exact: true }).click();
    await item('综合绩效').getByText('9', { exact: true }).click();
    await item('改进建议').locator('textarea').fill('多分享技术经验');
    await screenshot(rater, 'performance-07-answer-questionnaire');
    await rater.getByTestId('survey-submit').click();
    await rater.locator('.ant-message').getByText('提交成功').first().waitFor();
    await row.getByText('已评价').waitFor();

    const hr = await open('lina');
    await hr.goto('/performance/surveys');
    await hr.getByTestId('survey-list').locator('tr', { hasText: `${TITLE}-360` }).getByText('查看结果').click();
    // (2·100 + 1·80 + 3·80 + 4·90) / 10 = 88
    await hr.getByTestId('survey-total').getByText('88').waitFor();
    const result = hr.locator('.ant-modal', { hasText: '问卷评价结果' });
    expect(await result.innerText()).not.toContain('赵磊');
    await screenshot(hr, 'performance-08-survey-result');
  });
});
