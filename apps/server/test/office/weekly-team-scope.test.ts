import { addDays, currentWeekStart } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/**
 * 未提交名单 and 提醒 reach the caller's own department(s) and below; a company administrator reaches their
 * company, an administrator of A01 every company.
 */
describe.each(dbKinds)('[OFFICE] weekly team scope on %s', (kind) => {
  let t: TestApp;
  const week = addDays(currentWeekStart(), 14);
  const tok = new Map<string, string>();
  const as = async (u: string) => {
    if (!tok.has(u)) tok.set(u, await t.login(u));
    return tok.get(u)!;
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    // 孙丽 (head of A03A01) is also an administrator of company A03
    const db = t.app.ctx.db;
    const sunli = await db.selectFrom('sysUser').select('id').where('username', '=', 'sunli').executeTakeFirstOrThrow();
    const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    await db.insertInto('sysUserRole').values({ id: 'wk-scope-sunli-admin', userId: sunli.id, roleId: role.id }).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const team = async (who: string, orgCode?: string) => {
    const r = await t.call(await as(who), 'GET', `/office/weekly/unsubmitted?weekStart=${week}${orgCode ? `&orgCode=${orgCode}` : ''}`);
    return { status: r.status, body: r.body, names: r.body.success ? (r.body.result.records as { username: string; orgCode: string }[]).map((x) => x.username) : [], codes: r.body.success ? (r.body.result.records as { orgCode: string }[]).map((x) => x.orgCode) : [] };
  };
  const reminders = async (who: string) =>
    ((await t.call(await as(who), 'GET', '/sys/annountCement/listByUser?pageSize=100')).body.result.sysMsgList as { titile: string }[]).filter((m) => m.titile.startsWith('周报提醒：')).length;

  it('a department head reads and reminds their own department only, not other departments or companies', async () => {
    const own = await team('liuyang');
    expect(own.names).toContain('chenjing');
    expect(own.codes.every((c) => c.startsWith('A01A03'))).toBe(true);
    for (const other of ['A03', 'A03A02', 'A01A01', 'A01']) {
      const r = await team('liuyang', other);
      expect(r.status, other).toBe(403);
    }
    expect((await team('machao', 'A03A01')).status).toBe(403);
    expect((await team('machao', 'A03A02')).names).toContain('zhulin');

    const before = await reminders('zhulin');
    const r = await t.call(await as('liuyang'), 'POST', '/office/weekly/remind', { weekStart: week, orgCode: 'A03A02' });
    expect(r.status).toBe(403);
    const r2 = await t.call(await as('zhoujie'), 'POST', '/office/weekly/remind', { weekStart: week, orgCode: 'A03' });
    expect(r2.status).toBe(403);
    expect(await reminders('zhulin')).toBe(before);
  });

  it('a head of several departments reads all of them (and only them)', async () => {
    // 王芳 heads 人力资源部 of A01 (A01A02) and A03A01
    const all = await team('wangfang');
    expect(all.codes.some((c) => c.startsWith('A01A02'))).toBe(true);
    expect(all.codes.some((c) => c.startsWith('A03A01'))).toBe(true);
    expect(all.codes.every((c) => c.startsWith('A01A02') || c.startsWith('A03A01'))).toBe(true);
    expect((await team('wangfang', 'A03A01')).status).toBe(200);
    expect((await team('wangfang', 'A03A02')).status).toBe(403);
  });

  it('a company administrator reaches their company only; the A01 administrator every company', async () => {
    const company = await team('sunli');
    expect(company.names).toEqual(expect.arrayContaining(['zhulin', 'hubin']));
    expect(company.codes.every((c) => c.startsWith('A03'))).toBe(true);
    expect((await team('sunli', 'A03A02')).names).toContain('zhulin');
    expect((await team('sunli', 'A02')).status).toBe(403);
    const r = await t.call(await as('sunli'), 'POST', '/office/weekly/remind', { weekStart: week, usernames: ['wuting'], orgCode: 'A02' });
    expect(r.status).toBe(403);

    expect((await team('admin', 'A03A02')).names).toContain('zhulin');
    const before = await reminders('zhulin');
    const ok = await t.call(await as('admin'), 'POST', '/office/weekly/remind', { weekStart: week, usernames: ['zhulin'], orgCode: 'A03' });
    expect(ok.body).toMatchObject({ success: true, result: 1 });
    expect(await reminders('zhulin')).toBe(before + 1);
  });
});
