import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../src/platform/crypto/sign.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
const stamp = (ms: number) => new Date(ms + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);

describe.each(dbKinds)('[SECURITY] user picker and table dictionaries stay in scope on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await t.login('wuting');
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedGet(token: string, path: string) {
    const [p, qs] = path.split('?');
    const query = Object.fromEntries(new URLSearchParams(qs ?? ''));
    const sign = computeSign({ url: `/jeecg-boot${p}`, method: 'GET', query, body: undefined }, SECRET);
    return t.call(token, 'GET', path, undefined, { 'x-sign': sign, 'x-timestamp': stamp(Date.now()) });
  }

  it('finding 1: isAll / allDepart never widen the user picker beyond the own company', async () => {
    for (const flags of ['', 'isAll=true', 'allDepart=1', 'isAll=1&allDepart=true']) {
      const r = await t.call(staff, 'GET', `/sys/user/queryUserComponentData?pageSize=200&${flags}`);
      expect(r.body.success).toBe(true);
      const codes = (r.body.result.records as { orgCode: string }[]).map((u) => u.orgCode);
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.every((c) => c.startsWith('A02'))).toBe(true);
      expect(r.raw).not.toContain('13811110001'); // zhangwei of A01
    }
    // forceA01 narrows; for a company user that leaves nobody.
    const forced = await t.call(staff, 'GET', '/sys/user/queryUserComponentData?forceA01=1&isAll=true');
    expect(forced.body.result.records).toEqual([]);
    // Group level still sees every company.
    const all = await t.call(admin, 'GET', '/sys/user/queryUserComponentData?pageSize=200&isAll=true');
    const companies = new Set((all.body.result.records as { orgCode: string }[]).map((u) => u.orgCode.slice(0, 3)));
    expect(companies.size).toBeGreaterThan(3);
  });

  it('finding 1: a username differing only by case is refused on add (and checkOnlyUser says so)', async () => {
    const hr = await t.login('admin');
    const depart = await t.app.ctx.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A02A02').executeTakeFirstOrThrow();
    const r = await t.call(hr, 'POST', '/sys/user/add', {
      username: 'WuTing',
      realname: '冒名',
      password: 'Abc@12345',
      confirmpassword: 'Abc@12345',
      selecteddeparts: depart.id,
    });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('用户账号已存在');
    const check = await t.call(hr, 'GET', '/sys/user/checkOnlyUser?username=WUTING');
    expect(check.body.success).toBe(false);
    const n = await t.app.ctx.db.selectFrom('sysUser').select('id').where('realname', '=', '冒名').execute();
    expect(n).toEqual([]);
  });

  it('finding 2: table dictionaries are company-scoped and never expose personal columns', async () => {
    // Phones, e-mails and birthdays are not dictionary-readable at all, for anyone.
    for (const token of [staff, admin]) {
      for (const code of ['sys_user,phone,username', 'sys_user,username,phone', 'sys_user,email,username', 'sys_user,birthday,id']) {
        const a = await signedGet(token, `/sys/dict/loadDictItem/${encodeURIComponent(code)}?key=zhangwei,sunli,wuting`);
        expect(a.body.success).toBe(false);
        const b = await signedGet(token, `/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=138`);
        expect(b.body.success).toBe(false);
        const c = await signedGet(token, `/sys/dict/getDictItems/${encodeURIComponent(code)}`);
        expect(c.body.success).toBe(false);
      }
      const w = await signedGet(token, `/sys/dict/loadDict/${encodeURIComponent("sys_user,realname,username,phone='13811110001'")}`);
      expect(w.body.success).toBe(false);
    }
    // Texts of another company's rows are unknown to an A02 user.
    const texts = await signedGet(staff, `/sys/dict/loadDictItem/${encodeURIComponent('sys_user,realname,username')}?key=zhangwei,wuting,sunli`);
    expect(texts.body.result).toEqual(['吴婷']);
    const items = await signedGet(staff, `/sys/dict/getDictItems/${encodeURIComponent('sys_user,realname,username')}`);
    const values = (items.body.result as { value: string }[]).map((i) => i.value);
    expect(values).toContain('wuting');
    expect(values).not.toContain('zhangwei');
    const tree = await signedGet(staff, `/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=org_code&pidField=parent_id`);
    expect((tree.body.result as { key: string }[]).every((n) => n.key.startsWith('A02'))).toBe(true);
    // Group level still resolves everyone's names.
    const all = await signedGet(admin, `/sys/dict/loadDictItem/${encodeURIComponent('sys_user,realname,username')}?key=zhangwei,wuting`);
    expect(all.body.result).toEqual(['张伟', '吴婷']);
  });
});
