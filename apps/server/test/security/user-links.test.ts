import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[SECURITY] user role and department links on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finding 9: 40 concurrent edits leave exactly one edit\'s roles and departments, never a mix or a duplicate', async () => {
    const db = t.app.ctx.db;
    const admin = await t.login('admin');
    const roles = await db.selectFrom('sysRole').select(['id', 'roleCode']).execute();
    const byCode = new Map(roles.map((r) => [r.roleCode, r.id]));
    const departs = await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('orgCode', 'in', ['A02A01', 'A02A02', 'A02A03']).execute();
    const user = await db.selectFrom('sysUser').select('id').where('username', '=', 'xuming').executeTakeFirstOrThrow();
    const choices = [
      [['staff'], ['A02A01']],
      [['hr', 'dept_leader'], ['A02A02', 'A02A03']],
      [['dept_leader'], ['A02A03']],
      [['hr', 'staff'], ['A02A01', 'A02A02']],
    ] as const;
    const depId = (code: string) => departs.find((d) => d.orgCode === code)!.id;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const [r, d] = choices[i % choices.length];
        return t.call(admin, 'PUT', '/sys/user/edit', {
          id: user.id,
          realname: '徐明',
          selectedroles: r.map((c) => byCode.get(c)).join(','),
          selecteddeparts: d.map(depId).join(','),
        });
      }),
    );
    expect(answers.every((a) => a.body.success)).toBe(true);
    const roleRows = (await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', user.id).execute()).map((r) => r.roleId).sort();
    const depRows = (await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', user.id).execute()).map((r) => r.depId).sort();
    const asked = choices.map(([r, d]) => JSON.stringify([r.map((c) => byCode.get(c)!).sort(), d.map(depId).sort()]));
    expect(asked).toContain(JSON.stringify([roleRows, depRows]));
  });

  it('finding 9: the link tables refuse a duplicate pair', async () => {
    const db = t.app.ctx.db;
    const row = await db.selectFrom('sysUserRole').select(['userId', 'roleId']).executeTakeFirstOrThrow();
    await expect(db.insertInto('sysUserRole').values({ id: newId(), userId: row.userId, roleId: row.roleId }).execute()).rejects.toThrow();
    const dep = await db.selectFrom('sysUserDepart').select(['userId', 'depId']).executeTakeFirstOrThrow();
    await expect(db.insertInto('sysUserDepart').values({ id: newId(), userId: dep.userId, depId: dep.depId }).execute()).rejects.toThrow();
  });
});
