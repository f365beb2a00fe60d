import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[SECURITY] sendWXMessage on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { limits: { ...(await import('../../src/config.js')).loadLimits({}), noticePerMinute: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const notices = async (username: string) =>
    t.app.ctx.db.selectFrom('sysAnnouncementSend as s').innerJoin('sysUser as u', 'u.id', 's.userId').select('s.id').where('u.username', '=', username).execute();

  it('finding 6: a staff user cannot send notices; a permitted sender only to users in scope, rate limited', async () => {
    const staff = await t.login('wuting');
    const before = (await notices('zhangwei')).length;
    const forged = await t.call(staff, 'POST', '/sys/thirdApp/sendWXMessage', { userName: 'zhangwei', processName: '紧急：请点击链接重新登录' });
    expect(forged.status).toBe(403);
    expect((await notices('zhangwei')).length).toBe(before);

    // An A02 manager holding the permission may not reach another company's user.
    const db = t.app.ctx.db;
    const hr = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    const zhoujie = await db.selectFrom('sysUser').select('id').where('username', '=', 'zhoujie').executeTakeFirstOrThrow();
    await db.insertInto('sysUserRole').values({ id: `t-${Date.now()}`, userId: zhoujie.id, roleId: hr.id }).execute();
    t.app.ctx.permissions.invalidate();
    const manager = await t.login('zhoujie');
    const outside = await t.call(manager, 'POST', '/sys/thirdApp/sendWXMessage', { userName: 'wuting', csUserName: 'zhangwei' });
    expect(outside.body.success).toBe(false);
    expect(outside.body.message).toContain('zhangwei');
    expect((await notices('zhangwei')).length).toBe(before);

    const results = [];
    for (let i = 0; i < 5; i++) results.push((await t.call(manager, 'POST', '/sys/thirdApp/sendWXMessage', { userName: 'wuting', processName: '费用报销' })).body);
    expect(results.slice(0, 3).every((r) => r.success)).toBe(true);
    expect(results[3]).toMatchObject({ success: false, message: '发送过于频繁，请稍后再试' });
  });
});
