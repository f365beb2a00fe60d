import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { officeModule } from '../../src/modules/office/office.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { openSocket, settle } from '../realtime/ws-client.js';

/** An instant given as GMT+8 wall-clock time. */
const gmt8 = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h - 8, mi, s);

describe.each(dbKinds)('[OFFICE] missions and kanban on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let yangfan: string;
  let zhaolei: string;
  let chenjing: string;
  let sunli: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, yangfan, zhaolei, chenjing, sunli] = await Promise.all(['admin', 'yangfan', 'zhaolei', 'chenjing', 'sunli'].map((u) => t.login(u)));
  });
  afterEach(() => {
    officeModule(t.app.ctx).missions.clock = () => Date.now();
  });
  afterAll(async () => {
    await t?.close();
  });
  const setClock = (ms: number) => {
    officeModule(t.app.ctx).missions.clock = () => ms;
  };
  const bell = async (token: string) =>
    ((await t.call(token, 'GET', '/sys/annountCement/listByUser?pageSize=100')).body.result.sysMsgList as { titile: string }[]).map((m) => m.titile);
  const find = async (token: string, id: string, query = '') =>
    ((await t.call(token, 'GET', `/office/mission/list?pageSize=200${query}`)).body.result.records as { id: string; status: string; status_dictText: string }[]).find(
      (r) => r.id === id,
    );

  it('guards: 401, 403 without the permission, 400 on bad input; owner must be in the company', async () => {
    expect((await t.call(null, 'GET', '/office/mission/list')).status).toBe(401);
    expect((await t.call(chenjing, 'POST', '/office/kanban/boardAdd', { name: 'x' })).status).toBe(403);
    const bad = await t.call(admin, 'POST', '/office/mission/add', { title: '', owner: 'yangfan', dueDate: '2026-13-45' });
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('请输入任务名称');
    const foreign = await t.call(sunli, 'POST', '/office/mission/add', { title: '跨公司', owner: 'yangfan' });
    expect(foreign.body.message).toBe('负责人或参与人不存在或不在本公司');
  });

  let monthEnd = '';
  let yearEnd = '';
  it('overdue is decided on the GMT+8 calendar: correct across a month end, a year end and the 8-hour window', async () => {
    const a = await t.call(admin, 'POST', '/office/mission/add', { title: '月末结账', owner: 'yangfan', participants: ['zhaolei'], dueDate: '2026-11-30', priority: '2', status: '1' });
    expect(a.body.success).toBe(true);
    monthEnd = a.body.result;
    const b = await t.call(admin, 'POST', '/office/mission/add', { title: '年终总结', owner: 'zhaolei', dueDate: '2026-12-31' });
    yearEnd = b.body.result;
    // New missions notify their owner and participants.
    expect(await bell(yangfan)).toContain('新任务：月末结账');
    expect(await bell(zhaolei)).toContain('新任务：月末结账');

    // 2026-11-30 23:59:59 GMT+8 (15:59:59 UTC): still due today.
    setClock(gmt8(2026, 11, 30, 23, 59, 59));
    expect(await find(admin, monthEnd)).toMatchObject({ status: '1', status_dictText: '进行中' });
    expect(await find(admin, monthEnd, '&status=3')).toBeUndefined();
    expect(await find(admin, monthEnd, '&status=1')).toBeDefined();
    // 2026-12-01 00:00:00 GMT+8 = 2026-11-30 16:00 UTC: the UTC date is still the 30th, yet it is overdue.
    setClock(gmt8(2026, 12, 1, 0, 0, 0));
    expect(new Date(gmt8(2026, 12, 1)).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(await find(admin, monthEnd)).toMatchObject({ status: '3', status_dictText: '已逾期' });
    expect(await find(admin, monthEnd, '&status=3')).toBeDefined();
    expect(await find(admin, monthEnd, '&status=1')).toBeUndefined();
    expect(await find(admin, yearEnd)).toMatchObject({ status: '0' });
    // The year end works the same way.
    setClock(gmt8(2026, 12, 31, 23, 59, 59));
    expect(await find(admin, yearEnd)).toMatchObject({ status: '0' });
    setClock(gmt8(2027, 1, 1, 0, 0, 0));
    expect(await find(admin, yearEnd)).toMatchObject({ status: '3' });
    // Finished missions are never overdue.
    await t.call(yangfan, 'POST', '/office/mission/status', { id: monthEnd, status: '2' });
    expect(await find(admin, monthEnd)).toMatchObject({ status: '2', status_dictText: '已完成' });
    await t.call(yangfan, 'POST', '/office/mission/status', { id: monthEnd, status: '1' });
  });

  it('the reminder job tells owner and participants once before the due day and once when overdue', async () => {
    const handlers = await t.call(admin, 'GET', '/sys/quartzJob/handlers');
    expect(handlers.body.result.map((h: { name: string }) => h.name)).toContain('office.job.MissionReminderJob');
    const missions = officeModule(t.app.ctx).missions;
    // 2026-11-29 09:00 GMT+8: due tomorrow.
    await missions.remind(gmt8(2026, 11, 29, 9));
    expect(await bell(yangfan)).toContain('任务即将到期：月末结账');
    expect(await bell(zhaolei)).toContain('任务即将到期：月末结账');
    expect(await bell(yangfan)).not.toContain('任务已逾期：月末结账');
    expect(await missions.remind(gmt8(2026, 11, 29, 10))).toEqual({ dueSoon: 0, overdue: 0 });
    // 2026-11-30 23:00 GMT+8 (15:00 UTC): the due day itself, not overdue yet.
    await missions.remind(gmt8(2026, 11, 30, 23));
    expect(await bell(yangfan)).not.toContain('任务已逾期：月末结账');
    // 2026-12-01 00:30 GMT+8 (still 11-30 in UTC): overdue.
    await missions.remind(gmt8(2026, 12, 1, 0, 30));
    expect(await bell(yangfan)).toContain('任务已逾期：月末结账');
    expect(await missions.remind(gmt8(2026, 12, 1, 8, 30))).toMatchObject({ overdue: 0 });
  });

  it('checklist items drive the progress; comments reach owner and participants; other companies cannot see it', async () => {
    const i1 = await t.call(yangfan, 'POST', '/office/mission/item', { missionId: monthEnd, kind: 'check', title: '核对凭证' });
    await t.call(yangfan, 'POST', '/office/mission/item', { missionId: monthEnd, kind: 'task', title: '出具报表' });
    await t.call(yangfan, 'POST', '/office/mission/itemToggle', { id: i1.body.result.id, done: true });
    const d = await t.call(admin, 'GET', `/office/mission/queryById?id=${monthEnd}`);
    expect(d.body.result).toMatchObject({ progress: 50, itemsTotal: 2, itemsDone: 1 });
    expect(d.body.result.items.map((i: { title: string; done: number }) => [i.title, i.done])).toEqual([
      ['核对凭证', 1],
      ['出具报表', 0],
    ]);
    expect((await t.call(chenjing, 'POST', '/office/mission/item', { missionId: monthEnd, kind: 'check', title: 'x' })).body.message).toBe(
      '只有负责人、参与人或创建人可以修改任务',
    );
    await t.call(admin, 'POST', '/office/mission/comment', { bizId: monthEnd, content: '月底前务必完成' });
    expect(await bell(yangfan)).toContain('任务评论：月末结账');
    expect((await t.call(sunli, 'GET', `/office/mission/queryById?id=${monthEnd}`)).body.message).toBe('任务不存在');
    expect(await find(sunli, monthEnd)).toBeUndefined();
  });

  it('kanban: a move sets the status and is published; of two concurrent moves of one card exactly one wins', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boards = await t.call(admin, 'GET', '/office/kanban/boards');
    const board = boards.body.result.find((b: { name: string }) => b.name === '信息化项目');
    const view = await t.call(yangfan, 'GET', `/office/kanban/board?id=${board.id}`);
    expect(view.body.result.columns.map((c: { title: string }) => c.title)).toEqual(['未开始', '进行中', '已完成', '已取消']);
    const card = view.body.result.columns[1].cards.find((c: { title: string }) => c.title === '周报模块上线');
    expect(card).toMatchObject({ owner: 'yangfan', status: expect.stringMatching(/^[13]$/) });

    // Someone else has the board open: their table socket hears the move.
    const viewer = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const socket = await openSocket(`ws://127.0.0.1:${port}/jeecg-boot/vxeSocket/${viewer.id}/kanban-page?token=${admin}`);

    // Two people drag the same card at the same moment from the same version.
    const [a, b] = await Promise.all([
      t.call(yangfan, 'POST', '/office/kanban/move', { id: card.id, toColumn: '2', toIndex: 0, version: card.version }),
      t.call(zhaolei, 'POST', '/office/kanban/move', { id: card.id, toColumn: '0', toIndex: 0, version: card.version }),
    ]);
    const results = [a.body, b.body];
    const winners = results.filter((r) => r.success);
    const losers = results.filter((r) => !r.success);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0].message).toBe('该卡片已被他人移动，已刷新为最新位置');
    expect(losers[0].result.column).toBe(winners[0].result.column);
    expect(losers[0].result.card.version).toBe(card.version + 1);
    const pushed = JSON.parse(await socket.next((m) => m.includes(`kanban:${board.id}`)));
    expect(pushed).toMatchObject({ type: 'update_vxe_table', data: { socketKey: `kanban:${board.id}`, id: card.id, column: winners[0].result.column, version: card.version + 1 } });
    // Only ids travel on the shared socket, never titles.
    expect(JSON.stringify(pushed)).not.toContain('周报模块上线');
    await settle();
    expect(socket.messages.filter((m) => m.includes(`kanban:${board.id}`))).toHaveLength(1);
    socket.close();
    const after = await t.call(admin, 'GET', `/office/mission/queryById?id=${card.id}`);
    expect(after.body.result.storedStatus).toBe(winners[0].result.column);
    expect(after.body.result.version).toBe(card.version + 1);
    // A stale version is refused; the current one moves it.
    const stale = await t.call(yangfan, 'POST', '/office/kanban/move', { id: card.id, toColumn: '1', version: card.version });
    expect(stale.body.success).toBe(false);
    const fresh = await t.call(yangfan, 'POST', '/office/kanban/move', { id: card.id, toColumn: '1', toIndex: 0, version: card.version + 1 });
    expect(fresh.body).toMatchObject({ success: true, result: { column: '1' } });
    const board2 = await t.call(admin, 'GET', `/office/kanban/board?id=${board.id}`);
    expect(board2.body.result.columns[1].cards[0].id).toBe(card.id);
    // Someone outside the mission cannot move it; an unknown column is refused.
    expect((await t.call(chenjing, 'POST', '/office/kanban/move', { id: card.id, toColumn: '2', version: card.version + 2 })).body.message).toBe(
      '只有负责人、参与人或创建人可以修改任务',
    );
    expect((await t.call(yangfan, 'POST', '/office/kanban/move', { id: card.id, toColumn: 'zz', version: card.version + 2 })).body.message).toBe('看板列不存在');
  });
});
