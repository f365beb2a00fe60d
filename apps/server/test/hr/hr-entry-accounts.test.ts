import { makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, newSalt } from '../../src/platform/auth/password.js';
import { newId } from '../../src/platform/db/ids.js';
import { now } from '../../src/platform/db/time.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

let n = 0;
function person(orgCode = 'A03A02') {
  n++;
  return {
    realname: `入职${n}`,
    idCard: makeNationalId('320102', `1991-0${(n % 9) + 1}-1${n % 9}`, 300 + n * 2),
    mobile: `1470002${String(1000 + n).padStart(4, '0')}`,
    orgCode,
  };
}

/**
 * 办理入职 links a system account only when it is safe: a new account, or an existing one of the file's
 * company, in the operator's scope, without an HR file, not an administrator and not frozen. Entry never
 * unfreezes nor moves an account to another company; dimission freezes only an account of the file's company.
 */
describe.each(dbKinds)('[HR] entry and the system account on %s', (kind) => {
  let t: TestApp;
  let lina: string; // A01 HR
  let qianhui: string; // A03 HR
  beforeAll(async () => {
    t = await createTestApp(kind);
    [lina, qianhui] = await Promise.all(['lina', 'qianhui'].map((u) => t.login(u)));
    await t.app.ctx.db.updateTable('wfDefinition').set({ status: 0 }).where('businessTable', 'in', ['fm_hy_new', 'fm_hy_transfer', 'fm_hy_dimission']).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const move = async (token: string, name: string, body: Record<string, unknown>) => (await t.call(token, 'POST', `/manager/hyUser/${name}`, body)).body;

  /** A file hired into `orgCode` (state new), ready for entry. */
  async function newHire(token: string, orgCode = 'A03A02') {
    const add = await t.call(token, 'POST', '/manager/hyUser/add', person(orgCode));
    expect(add.body.success, add.body.message).toBe(true);
    const id = add.body.result.id as string;
    expect((await move(token, 'toInterview', { id })).success).toBe(true);
    expect((await move(token, 'hire', { id, orgCode, post: 'zy', entryDate: '2026-12-01', probationMonths: 3 })).success).toBe(true);
    return id;
  }

  /** A system account created by an administrator (not through HR). */
  async function account(username: string, orgCode: string, opts: { status?: number; role?: string } = {}) {
    const db = t.app.ctx.db;
    const d = await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('orgCode', '=', orgCode).executeTakeFirstOrThrow();
    const id = newId();
    const salt = newSalt();
    await db
      .insertInto('sysUser')
      .values({
        id,
        username,
        realname: username,
        password: await hashPassword('Passw0rd!', salt),
        salt,
        avatar: null,
        birthday: null,
        sex: null,
        email: null,
        phone: null,
        orgCode: d.orgCode,
        status: opts.status ?? 1,
        delFlag: 0,
        workNo: null,
        post: null,
        telephone: null,
        userIdentity: 1,
        departIds: d.id,
        relTenantIds: '1',
        createBy: 'admin',
        createTime: now(),
      })
      .execute();
    await db.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId: d.id }).execute();
    if (opts.role) {
      const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', opts.role).executeTakeFirstOrThrow();
      await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: role.id }).execute();
    }
    return id;
  }

  const sysUser = (username: string) =>
    t.app.ctx.db.selectFrom('sysUser').select(['id', 'orgCode', 'status', 'departIds']).where('username', '=', username).executeTakeFirstOrThrow();
  const fileOf = (id: string) => t.app.ctx.db.selectFrom('hyUser').select(['status', 'userId', 'username']).where('id', '=', id).executeTakeFirstOrThrow();

  it('an administrator of A01 is not moved into A03 by A03 HR, nor by A01 HR', async () => {
    await account('boss_a01', 'A01A01', { role: 'admin' });
    const before = await sysUser('boss_a01');
    const id = await newHire(qianhui);
    const r = await move(qianhui, 'entry', { id, entryDate: '2026-12-01', username: 'boss_a01' });
    expect(r).toMatchObject({ success: false, message: '该账号不在您的管理范围内，不能关联' });
    expect(await sysUser('boss_a01')).toEqual(before);
    expect(await fileOf(id)).toMatchObject({ status: 'new', userId: null });
    // the superuser is refused too, and an administrator even by group HR in the administrator's own company
    expect(await move(qianhui, 'entry', { id, entryDate: '2026-12-01', username: 'admin' })).toMatchObject({ success: false });
    const a01File = await newHire(lina, 'A01A01');
    expect(await move(lina, 'entry', { id: a01File, entryDate: '2026-12-01', username: 'boss_a01' })).toMatchObject({
      success: false,
      message: '该账号是系统管理员账号，不能关联人事档案',
    });
    expect(await move(lina, 'entry', { id: a01File, entryDate: '2026-12-01', username: 'admin' })).toMatchObject({
      success: false,
      message: '该账号是系统管理员账号，不能关联人事档案',
    });
    expect(await sysUser('boss_a01')).toEqual(before);
  });

  it('an account of another company is never linked (no move across companies), even by A01 HR', async () => {
    await account('a05_worker', 'A05A02');
    const id = await newHire(lina, 'A03A02');
    const r = await move(lina, 'entry', { id, entryDate: '2026-12-01', username: 'a05_worker' });
    expect(r).toMatchObject({ success: false, message: '该账号与档案不在同一公司，不能关联' });
    expect((await sysUser('a05_worker')).orgCode).toBe('A05A02');
  });

  it('a frozen account is never unfrozen by entry and cannot sign in', async () => {
    await account('a05_frozen', 'A05A02', { status: 2 });
    const a03 = await newHire(qianhui);
    expect((await move(qianhui, 'entry', { id: a03, entryDate: '2026-12-01', username: 'a05_frozen' })).success).toBe(false);
    const a05 = await newHire(lina, 'A05A02');
    expect(await move(lina, 'entry', { id: a05, entryDate: '2026-12-01', username: 'a05_frozen' })).toMatchObject({
      success: false,
      message: '该账号已冻结，不能关联人事档案',
    });
    expect(await sysUser('a05_frozen')).toMatchObject({ status: 2, orgCode: 'A05A02' });
    expect((await t.call(null, 'POST', '/sys/login', { username: 'a05_frozen', password: 'Passw0rd!' })).body.message).toBe('该用户已冻结');
  });

  it('an account that already has a file is refused', async () => {
    // qianhui's own account is linked to her file
    const id = await newHire(qianhui);
    expect(await move(qianhui, 'entry', { id, entryDate: '2026-12-01', username: 'sunyue' })).toMatchObject({ success: false, message: '该账号已关联其他档案' });
  });

  it('links an active account of the own company without a file (department follows within the company); creates new accounts', async () => {
    const uid = await account('a03_plain', 'A03A01');
    const id = await newHire(qianhui, 'A03A02');
    const r = await move(qianhui, 'entry', { id, entryDate: '2026-12-01', username: 'a03_plain' });
    expect(r).toMatchObject({ success: true, message: '入职成功，已关联系统账号 a03_plain' });
    expect(await sysUser('a03_plain')).toMatchObject({ status: 1, orgCode: 'A03A02' });
    expect(await fileOf(id)).toMatchObject({ status: 'probation', userId: uid, username: 'a03_plain' });
    const fresh = await newHire(qianhui);
    expect((await move(qianhui, 'entry', { id: fresh, entryDate: '2026-12-01', username: `a03_new${n}` })).message).toMatch(/^入职成功，已创建系统账号 a03_new\d+，初始密码 \S+$/);
  });

  it('rehire: entry keeps the account frozen by the dimission (an administrator unfreezes it)', async () => {
    const id = await newHire(qianhui);
    const username = `a03_rehire${n}`;
    expect((await move(qianhui, 'entry', { id, entryDate: '2025-01-02', username })).success).toBe(true);
    expect((await move(qianhui, 'dimission', { id, dimissionType: '1', date: '2025-12-31', reason: '个人发展' })).success).toBe(true);
    expect((await sysUser(username)).status).toBe(2);
    expect((await move(qianhui, 'hire', { id, orgCode: 'A03A02', post: 'zy', entryDate: '2026-12-01' })).success).toBe(true);
    const again = await move(qianhui, 'entry', { id, entryDate: '2026-12-01' });
    expect(again).toMatchObject({ success: true, message: `入职成功，系统账号 ${username} 已冻结，请联系系统管理员解冻` });
    expect((await sysUser(username)).status).toBe(2);
  });

  it('dimission freezes only an account of the file’s company (a link to an administrator of A01 is left alone)', async () => {
    const bossId = await account('boss2_a01', 'A01A01', { role: 'admin' });
    const id = await newHire(qianhui);
    expect((await move(qianhui, 'entry', { id, entryDate: '2026-01-05' })).success).toBe(true);
    // a link made before entry checked the account (or by an administrator's own edits)
    await t.app.ctx.db.updateTable('hyUser').set({ userId: bossId, username: 'boss2_a01' }).where('id', '=', id).execute();
    expect((await move(qianhui, 'dimission', { id, dimissionType: '1', date: '2026-09-30', reason: '个人发展' })).success).toBe(true);
    expect((await fileOf(id)).status).toBe('dimission');
    expect(await sysUser('boss2_a01')).toMatchObject({ status: 1, orgCode: 'A01A01' });
    expect((await t.call(null, 'POST', '/sys/login', { username: 'boss2_a01', password: 'Passw0rd!' })).body.success).toBe(true);
  });
});
