import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

interface TreeNode {
  orgCode: string;
  completionRate: number;
  progressRate: number;
  light: string;
  count: number;
  children: TreeNode[];
}
const findNode = (nodes: TreeNode[], code: string): TreeNode | undefined => {
  for (const n of nodes) {
    if (n.orgCode === code) return n;
    const c = findNode(n.children, code);
    if (c) return c;
  }
  return undefined;
};

describe.each(dbKinds)('[OFFICE] strategic indicators on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let yangfan: string;
  let chenjing: string;
  let sunli: string;
  const year = 2030;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, yangfan, chenjing, sunli] = await Promise.all(['admin', 'yangfan', 'chenjing', 'sunli'].map((u) => t.login(u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('guards and validation: 401, 403 for staff, 400 on bad input, monthly targets must add up', async () => {
    expect((await t.call(null, 'GET', `/office/indicator/list?year=${year}`)).status).toBe(401);
    const base = { year, orgCode: 'A01A04', name: '系统可用率', unit: '%', target: 1200, weight: 60, owner: 'yangfan' };
    expect((await t.call(chenjing, 'POST', '/office/indicator/add', base)).status).toBe(403);
    const zero = await t.call(admin, 'POST', '/office/indicator/add', { ...base, target: 0 });
    expect(zero.status).toBe(400);
    expect(zero.raw).toContain('目标值必须大于0');
    const sum = await t.call(admin, 'POST', '/office/indicator/add', { ...base, months: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 99] });
    expect(sum.body.message).toBe('月度目标之和必须等于年度目标');
    expect((await t.call(sunli, 'POST', '/office/indicator/add', { ...base, orgCode: 'A01A04', owner: 'sunli' })).body.message).toBe('所属公司或部门不存在或不在本公司');
  });

  it('rolls up completion and progress against hand-computed figures, department → company → group', async () => {
    const add = async (body: Record<string, unknown>) => {
      const r = await t.call(admin, 'POST', '/office/indicator/add', { year, ...body });
      expect(r.body.success, r.body.message).toBe(true);
      return r.body.result as string;
    };
    // X: 1200 split evenly (100 a month), weight 60, owner yangfan.
    ids.x = await add({ orgCode: 'A01A04', name: '系统可用率', unit: '%', target: 1200, weight: 60, owner: 'yangfan' });
    // Y: 24 with its own monthly targets, weight 40, in the sub-department.
    ids.y = await add({ orgCode: 'A01A04A01', name: '项目交付数', unit: '个', target: 24, weight: 40, owner: 'zhaolei', months: [1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3] });
    // Z: another company, nothing reported yet.
    ids.z = await add({ orgCode: 'A03', name: '营业收入', unit: '万元', target: 100, weight: 50, owner: 'sunli' });

    for (const [m, v] of [
      [1, 90],
      [2, 110],
      [3, 80],
    ] as const) {
      const r = await t.call(yangfan, 'POST', '/office/indicator/actual', { id: ids.x, month: m, actual: v });
      expect(r.body.success).toBe(true);
    }
    const zhaolei = await t.login('zhaolei');
    for (const [m, v] of [
      [1, 1],
      [2, 1],
      [3, 2],
    ] as const) {
      await t.call(zhaolei, 'POST', '/office/indicator/actual', { id: ids.y, month: m, actual: v });
    }
    // Only the owner (or a manager) reports actuals.
    expect((await t.call(chenjing, 'POST', '/office/indicator/actual', { id: ids.x, month: 4, actual: 1 })).body.message).toBe('只有责任人可以填报实际值');

    const list = await t.call(admin, 'GET', `/office/indicator/list?year=${year}`);
    const by = Object.fromEntries(list.body.result.map((r: { id: string }) => [r.id, r]));
    // X: 280 of 1200 = 23.33 %; plan to March 300, 280/300 = 93.33 % → yellow.
    expect(by[ids.x]).toMatchObject({ actualTotal: 280, completionRate: 23.33, lastMonth: 3, targetToDate: 300, progressRate: 93.33, light: 'yellow', light_dictText: '预警' });
    expect(by[ids.x].quarters[0]).toEqual({ quarter: 1, target: 300, actual: 280 });
    expect(by[ids.x].quarters[1]).toEqual({ quarter: 2, target: 300, actual: null });
    // Y: 4 of 24 = 16.67 %; plan to March 3, 4/3 = 133.33 % → green.
    expect(by[ids.y]).toMatchObject({ actualTotal: 4, completionRate: 16.67, targetToDate: 3, progressRate: 133.33, light: 'green' });
    expect(by[ids.y].quarters.map((q: { target: number }) => q.target)).toEqual([3, 6, 6, 9]);
    // Z: nothing reported → grey.
    expect(by[ids.z]).toMatchObject({ actualTotal: 0, completionRate: 0, light: 'grey', light_dictText: '未填报' });

    const tree = (await t.call(admin, 'GET', `/office/indicator/tree?year=${year}`)).body.result as TreeNode[];
    expect(tree.map((n) => n.orgCode)).toEqual(['A01']);
    // Sub-department: Y alone.
    expect(findNode(tree, 'A01A04A01')).toMatchObject({ count: 1, completionRate: 16.67, progressRate: 133.33, light: 'green' });
    // Department with its sub-department: (60×23.33 + 40×16.67) / 100 = 20.67; (60×93.33 + 40×133.33) / 100 = 109.33.
    expect(findNode(tree, 'A01A04')).toMatchObject({ count: 2, completionRate: 20.67, progressRate: 109.33, light: 'green' });
    // Company A03: Z alone, grey.
    expect(findNode(tree, 'A03')).toMatchObject({ count: 1, completionRate: 0, progressRate: 0, light: 'grey' });
    // Group: (60×23.33 + 40×16.67 + 50×0) / 150 = 13.78; progress counts the reported ones only: 109.33.
    expect(tree[0]).toMatchObject({ count: 3, completionRate: 13.78, progressRate: 109.33, light: 'green' });
    expect(tree[0].children.map((c) => c.orgCode)).toEqual(['A01A04', 'A03']);
  });

  it('re-decomposes the monthly targets and keeps the figures consistent; a company user sees only their company', async () => {
    const bad = await t.call(admin, 'POST', '/office/indicator/targets', { id: ids.x, months: Array(12).fill(50) });
    expect(bad.body.message).toBe('月度目标之和必须等于年度目标');
    // Front-load the plan: 150 a month in Q1, the rest spread over the other nine months (1200 - 450 = 750).
    const months = [150, 150, 150, 750 / 9, 750 / 9, 750 / 9, 750 / 9, 750 / 9, 750 / 9, 750 / 9, 750 / 9, 750 / 9];
    expect((await t.call(admin, 'POST', '/office/indicator/targets', { id: ids.x, months })).body.success).toBe(true);
    const x = (await t.call(admin, 'GET', `/office/indicator/queryById?id=${ids.x}`)).body.result;
    // 280 of a 450 plan to date = 62.22 % → red.
    expect(x).toMatchObject({ targetToDate: 450, progressRate: 62.22, light: 'red', completionRate: 23.33 });
    // Clearing an actual takes it out of the totals.
    await t.call(yangfan, 'POST', '/office/indicator/actual', { id: ids.x, month: 3, actual: null });
    const x2 = (await t.call(admin, 'GET', `/office/indicator/queryById?id=${ids.x}`)).body.result;
    expect(x2).toMatchObject({ actualTotal: 200, lastMonth: 2, targetToDate: 300, progressRate: 66.67 });

    const theirs = (await t.call(sunli, 'GET', `/office/indicator/tree?year=${year}`)).body.result as TreeNode[];
    expect(theirs.map((n) => n.orgCode)).toEqual(['A03']);
    const list = (await t.call(sunli, 'GET', `/office/indicator/list?year=${year}`)).body.result as { id: string }[];
    expect(list.map((r) => r.id)).toEqual([ids.z]);
    expect((await t.call(sunli, 'GET', `/office/indicator/queryById?id=${ids.x}`)).body.message).toBe('指标不存在');
  });
});
