import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const XSS_TITLE = '<script>alert(1)</script>安全<img src=x onerror=alert(2)>标题';
const XSS_CONTENT =
  '<p onclick="alert(3)">正文<a href="javascript:alert(4)">链接</a><a href="https://example.com" target="_blank">好链接</a></p><script>alert(5)</script><img src="x" onerror="alert(6)"><iframe src="https://evil"></iframe>';

describe.each(dbKinds)('[ANNT] announcements and news on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let staffId: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    staff = await t.login('chenjing');
    other = await t.login('yangfan');
    staffId = (await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'chenjing').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists announcements with dictionary texts; 401 without token, 403 without permission', async () => {
    expect((await t.call(null, 'GET', '/sys/annountCement/list')).status).toBe(401);
    const denied = await t.call(staff, 'GET', '/sys/annountCement/list');
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(510);
    const r = await t.call(admin, 'GET', '/sys/annountCement/list?pageNo=1&pageSize=10');
    expect(r.body.success).toBe(true);
    expect(r.body.result.total).toBeGreaterThan(0);
    const published = r.body.result.records.find((x: { sendStatus: string }) => x.sendStatus === '1');
    expect(published.sendStatus_dictText).toBe('已发布');
    expect(['一般', '重要', '紧急']).toContain(published.priority_dictText);
  });

  it('rejects bad input with 400 and changes nothing', async () => {
    const before = (await t.call(admin, 'GET', '/sys/annountCement/list')).body.result.total;
    expect((await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '' })).status).toBe(400);
    expect((await t.call(admin, 'POST', '/sys/annountCement/add', { titile: 'x', priority: 'Z' })).status).toBe(400);
    expect((await t.call(admin, 'POST', '/sys/annountCement/add', { titile: 'x', msgType: 'USER', userIds: 'nobody' })).status).toBe(400);
    for (const openPage of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example']) {
      expect((await t.call(admin, 'POST', '/sys/annountCement/add', { titile: 'x', openType: 'url', openPage })).status).toBe(400);
    }
    expect((await t.call(staff, 'POST', '/sys/annountCement/add', { titile: 'x' })).status).toBe(403);
    expect((await t.call(admin, 'GET', '/sys/annountCement/list')).body.result.total).toBe(before);
  });

  it('stores XSS strings harmlessly: plain-text title, sanitised content', async () => {
    const r = await t.call(admin, 'POST', '/sys/annountCement/add', { titile: XSS_TITLE, msgContent: XSS_CONTENT, priority: 'H' });
    expect(r.body.message).toBe('添加成功！');
    const row = await t.app.ctx.db.selectFrom('sysAnnouncement').selectAll().where('titile', 'like', '%安全%').executeTakeFirstOrThrow();
    expect(row.titile).toBe('安全标题');
    expect(row.msgContent).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(row.msgContent).toContain('正文');
    expect(row.msgContent).toContain('href="https://example.com"');
    expect(row.sendStatus).toBe('0');
  });

  it('publishes, shows in listByUser, marks read, revokes', async () => {
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '全员发布测试', msgContent: '<p>hi</p>', priority: 'M' });
    const row = await t.app.ctx.db.selectFrom('sysAnnouncement').selectAll().where('titile', '=', '全员发布测试').executeTakeFirstOrThrow();
    const denied = await t.call(staff, 'GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
    expect(denied.status).toBe(403);
    const rel = await t.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
    expect(rel.body).toMatchObject({ success: true, message: '该系统通知发布成功' });

    const list = await t.call(staff, 'GET', '/sys/annountCement/listByUser?pageSize=10');
    expect(Object.keys(list.body.result).sort()).toEqual(['anntMsgList', 'anntMsgTotal', 'sysMsgList', 'sysMsgTotal']);
    const mine = list.body.result.anntMsgList.find((x: { id: string }) => x.id === row.id);
    expect(mine).toMatchObject({ titile: '全员发布测试', priority: 'M', sender: 'admin' });
    expect(mine.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const total = list.body.result.anntMsgTotal;

    const detail = await t.call(staff, 'GET', `/sys/annountCement/queryById?id=${row.id}`);
    expect(detail.body.result.senderRealname).toBe('管理员');

    expect((await t.call(staff, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {})).status).toBe(400);
    const read = await t.call(staff, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: row.id });
    expect(read.body.success).toBe(true);
    const after = await t.call(staff, 'GET', '/sys/annountCement/listByUser?pageSize=10');
    expect(after.body.result.anntMsgTotal).toBe(total - 1);
    expect(after.body.result.anntMsgList.find((x: { id: string }) => x.id === row.id)).toBeUndefined();

    const rev = await t.call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${row.id}`);
    expect(rev.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    const mySends = await t.call(staff, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=50');
    expect(mySends.body.result.records.find((x: { anntId: string }) => x.anntId === row.id)).toBeUndefined();
  });

  it('addresses USER messages to the chosen users only', async () => {
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '只给陈静', msgCategory: '2', msgType: 'USER', userIds: `${staffId},` });
    const row = await t.app.ctx.db.selectFrom('sysAnnouncement').selectAll().where('titile', '=', '只给陈静').executeTakeFirstOrThrow();
    expect(row.userIds).toBe(`${staffId},`);
    await t.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
    const mine = await t.call(staff, 'GET', '/sys/annountCement/listByUser');
    expect(mine.body.result.sysMsgList.map((x: { id: string }) => x.id)).toContain(row.id);
    const theirs = await t.call(other, 'GET', '/sys/annountCement/listByUser');
    expect(theirs.body.result.sysMsgList.map((x: { id: string }) => x.id)).not.toContain(row.id);
    const peek = await t.call(other, 'GET', `/sys/annountCement/queryById?id=${row.id}`);
    expect(peek.body.success).toBe(false);
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '按用户名指定', msgType: 'USER', userIds: 'chenjing,nobody' });
    const byName = await t.app.ctx.db.selectFrom('sysAnnouncement').selectAll().where('titile', '=', '按用户名指定').executeTakeFirstOrThrow();
    expect(byName.userIds).toBe(`${staffId},`);
  });

  it('readAll clears the unread lists; getMyAnnouncementSend pages with filters', async () => {
    expect((await t.call(null, 'PUT', '/sys/sysAnnouncementSend/readAll')).status).toBe(401);
    const r = await t.call(other, 'PUT', '/sys/sysAnnouncementSend/readAll');
    expect(r.body.success).toBe(true);
    const list = await t.call(other, 'GET', '/sys/annountCement/listByUser');
    expect(list.body.result.anntMsgTotal).toBe(0);
    expect(list.body.result.sysMsgTotal).toBe(0);
    const my = await t.call(other, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1&pageSize=5');
    expect(my.body.result.records.length).toBeGreaterThan(0);
    expect(my.body.result.records[0]).toHaveProperty('titile');
    expect(my.body.result.records.every((x: { readFlag: string }) => x.readFlag === '1')).toBe(true);
  });

  it('edits, deletes and batch-deletes announcements', async () => {
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '待编辑' });
    const row = await t.app.ctx.db.selectFrom('sysAnnouncement').selectAll().where('titile', '=', '待编辑').executeTakeFirstOrThrow();
    expect((await t.call(staff, 'PUT', '/sys/annountCement/edit', { id: row.id, titile: 'x' })).status).toBe(403);
    const e = await t.call(admin, 'PUT', '/sys/annountCement/edit', { id: row.id, titile: '已编辑<b>!</b>', priority: 'L' });
    expect(e.body.message).toBe('修改成功!');
    const q = await t.call(admin, 'GET', `/sys/annountCement/queryById?id=${row.id}`);
    expect(q.body.result.titile).toBe('已编辑!');
    expect((await t.call(admin, 'DELETE', '/sys/annountCement/delete')).status).toBe(400);
    expect((await t.call(admin, 'DELETE', `/sys/annountCement/delete?id=${row.id}`)).body.message).toBe('删除成功!');
    expect((await t.call(admin, 'GET', `/sys/annountCement/queryById?id=${row.id}`)).body.success).toBe(false);
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '批量A' });
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '批量B' });
    const ids = (await t.app.ctx.db.selectFrom('sysAnnouncement').select('id').where('titile', 'in', ['批量A', '批量B']).execute()).map((x) => x.id);
    const b = await t.call(admin, 'DELETE', `/sys/annountCement/deleteBatch?ids=${ids.join(',')}`);
    expect(b.body.message).toBe('删除成功!');
  });

  it('news: POST list for the ticker, CRUD with permissions, sanitised', async () => {
    expect((await t.call(null, 'POST', '/announcementNews/list', {})).status).toBe(401);
    const r = await t.call(staff, 'POST', '/announcementNews/list', { column: 'createTime', field: 'id,noticeTitle', order: 'desc', pageNo: 1, pageSize: 10 });
    expect(r.body.code).toBe(200);
    expect(r.body.result.records).toHaveLength(10);
    expect(r.body.result.records[0]).toHaveProperty('noticeType_dictText');
    const times = r.body.result.records.map((x: { createTime: string }) => x.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.call(staff, 'POST', '/announcementNews/add', { noticeTitle: 'x' })).status).toBe(403);
    expect((await t.call(admin, 'POST', '/announcementNews/add', {})).status).toBe(400);
    const add = await t.call(admin, 'POST', '/announcementNews/add', { noticeTitle: '<i>新闻</i>标题', noticeType: '1', noticeContent: '<p>ok</p><script>x()</script>' });
    expect(add.body.success).toBe(true);
    const row = await t.app.ctx.db.selectFrom('announcementNews').selectAll().where('noticeTitle', '=', '新闻标题').executeTakeFirstOrThrow();
    expect(row.noticeContent).toBe('<p>ok</p>');
    const hr = await t.login('lina');
    expect((await t.call(hr, 'PUT', '/announcementNews/edit', { id: row.id, noticeTitle: '改了' })).body.success).toBe(true);
    expect((await t.call(hr, 'GET', `/announcementNews/queryById?id=${row.id}`)).body.result.noticeTitle).toBe('改了');
    expect((await t.call(admin, 'DELETE', `/announcementNews/delete?id=${row.id}`)).body.success).toBe(true);
  });

  it('seeds the menus: 办公 entries for every role, admin screens and monitoring for admin', async () => {
    type Node = { path: string; component: string; children?: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const staffMenu = flat((await t.call(staff, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.menu);
    expect(staffMenu.find((n) => n.path === '/notice')?.component).toBe('announcement/NoticeList');
    expect(staffMenu.find((n) => n.path === '/isps/userAnnouncement')?.component).toBe('announcement/UserAnnouncement');
    expect(staffMenu.find((n) => n.path === '/isystem/annountCement')).toBeUndefined();
    const adminMenu = flat((await t.call(admin, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.menu);
    for (const [path, component] of [
      ['/isystem/annountCement', 'announcement/AnnouncementList'],
      ['/isystem/quartzJob', 'jobs/QuartzJobList'],
      ['/isystem/messageTemplate', 'message/TemplateList'],
      ['/monitor/server', 'monitor/ServerInfo'],
      ['/monitor/httpTrace', 'monitor/HttpTrace'],
      ['/monitor/redis', 'monitor/RedisInfo'],
    ]) {
      expect(adminMenu.find((n) => n.path === path)?.component).toBe(component);
    }
  });
});
