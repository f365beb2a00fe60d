import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namePinyin } from '../../src/modules/system/user/person-search.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { bpmn, deploy, Flow, u } from '../workflow/wf-helpers.js';

const LINEAR = bpmn(
  't_people',
  [['start', 'start'], ['a', 'user', '部门审批'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'end']],
);

type Row = { username: string; realname: string; phone: string | null; birthday: string | null; orgCode: string };

describe('[SYSTEM] person pinyin', () => {
  it('full pinyin and initials, surname readings, letters kept', () => {
    expect(namePinyin('朱琳')).toEqual({ full: 'zhulin', initials: 'zl' });
    expect(namePinyin('单雄信')).toEqual({ full: 'shanxiongxin', initials: 'sxx' });
    expect(namePinyin('曾强')).toEqual({ full: 'zengqiang', initials: 'zq' });
    expect(namePinyin('Admin管理员')).toEqual({ full: 'adminguanliyuan', initials: 'aglY'.toLowerCase() });
    expect(namePinyin('  ')).toEqual({ full: '', initials: '' });
  });
});

describe.each(dbKinds)('[SYSTEM] person search (/sys/user/searchPeople) on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let def: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    def = await deploy(t, await f.token('admin'), LINEAR, { a: u('machao') });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (username: string, q: Record<string, string>) => {
    const r = await f.call(username, 'GET', `/sys/user/searchPeople?${new URLSearchParams(q)}`);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result as { records: Row[]; total: number };
  };
  const names = (p: { records: Row[] }) => p.records.map((r) => r.username);

  it('finds by real name, account, full pinyin and initials, ignoring case', async () => {
    for (const keyword of ['朱琳', '朱', 'zhulin', 'ZhuLin', 'zhu lin', 'zl', 'zhul']) {
      expect(names(await search('machao', { keyword })), keyword).toContain('zhulin');
    }
    // an exact hit comes first
    expect(names(await search('machao', { keyword: 'zl' }))[0]).toBe('zhulin');
    expect(names(await search('machao', { keyword: 'xyz不存在' }))).toEqual([]);
    // a LIKE wildcard is a literal character
    expect((await search('machao', { keyword: '%' })).total).toBe(0);
  });

  it('masks phone as the HR lists and the birthday to the year; never a password', async () => {
    const p = await search('machao', { keyword: '朱琳' });
    const row = p.records.find((r) => r.username === 'zhulin')!;
    expect(row.phone).toBe('138****0014');
    expect(row.birthday).toBe('1996-**-**');
    expect(JSON.stringify(p)).not.toContain('13811110014');
    expect(JSON.stringify(p)).not.toContain('1996-09-09');
    expect(JSON.stringify(p)).not.toMatch(/password|salt/);
    // the older picker endpoint masks them too
    const old = await f.call('machao', 'GET', '/sys/user/queryUserComponentData?pageSize=100');
    const z = (old.body.result.records as Row[]).find((r) => r.username === 'zhulin')!;
    expect(z.phone).toBe('138****0014');
    expect(z.birthday).toBe('1996-**-**');
  });

  it('reaches the own company; a participant of an instance also reaches the group company (A01), no other', async () => {
    // 刘洋 (A01) and 黄敏 (A02) are outside an A03 user's own company
    expect(names(await search('machao', { keyword: '刘洋' }))).toEqual([]);
    expect(names(await search('machao', { keyword: 'huangmin' }))).toEqual([]);
    const all = await search('machao', { pageSize: '50' });
    expect(all.records.every((r) => r.orgCode.startsWith('A03'))).toBe(true);

    const { procInstId } = await f.start('zhulin', 100, def);
    expect(names(await search('machao', { keyword: '刘洋', procInstId }))).toEqual(['liuyang']);
    expect(names(await search('machao', { keyword: 'ly', procInstId }))).toContain('liuyang');
    expect(names(await search('machao', { keyword: 'huangmin', procInstId }))).toEqual([]);
    // an instance the caller has no part in widens nothing
    expect(names(await search('hubin', { keyword: '刘洋', procInstId }))).toEqual([]);
    // forceA01 narrows to the group company
    const a01 = await search('machao', { forceA01: '1', pageSize: '50' });
    expect(a01.records.length).toBeGreaterThan(0);
    expect(a01.records.every((r) => r.orgCode.startsWith('A01'))).toBe(true);
    // the group level reaches every company
    expect(names(await search('admin', { keyword: '黄敏' }))).toEqual(['huangmin']);
  });

  it('the workflow actions refuse people outside the reach, and accept the group company', async () => {
    const { procInstId } = await f.start('zhulin', 100, def);
    const taskId = await f.taskId(procInstId, 'a');
    const far = await f.call('machao', 'POST', '/actTask/addSign', { id: taskId, userIds: ['huangmin'], position: 'parallel' });
    expect(far.body.success).toBe(false);
    expect(far.body.message).toBe('所选人员不在可选范围内：黄敏');
    const transfer = await f.call('machao', 'POST', '/actTask/transfer', { id: taskId, userId: 'guoqiang' });
    expect(transfer.body.message).toBe('所选人员不在可选范围内：郭强');
    const cc = await f.call('machao', 'POST', '/actTask/cc', { procInstId, userIds: ['huangmin'] });
    expect(cc.body.message).toBe('所选人员不在可选范围内：黄敏');
    expect(await f.open(procInstId)).toEqual(['a:machao']);
    const near = await f.call('machao', 'POST', '/actTask/addSign', { id: taskId, userIds: ['liuyang'], position: 'parallel' });
    expect(near.body.success, near.body.message).toBe(true);
    expect(await f.open(procInstId)).toEqual(['a:liuyang', 'a:machao']);
  });

  it('only active accounts; a renamed person is found by the new pinyin', async () => {
    const admin = await f.token('admin');
    const dj = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'dongjian').executeTakeFirstOrThrow();
    expect(names(await search('machao', { keyword: 'dongjian' }))).toEqual(['dongjian']);
    const frozen = await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: dj.id, status: 2 });
    expect(frozen.body.success, frozen.body.message).toBe(true);
    expect(names(await search('machao', { keyword: 'dongjian' }))).toEqual([]);
    expect(names(await search('machao', { keyword: '董建' }))).toEqual([]);
    await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: dj.id, status: 1 });
    // any write path (here a direct update) is picked up at the next search
    await t.app.ctx.db.updateTable('sysUser').set({ realname: '单晓' }).where('id', '=', dj.id).execute();
    expect(names(await search('machao', { keyword: 'shanxiao' }))).toEqual(['dongjian']);
    expect(names(await search('machao', { keyword: 'sx' }))).toContain('dongjian');
    expect(names(await search('machao', { keyword: 'dongjian' }))).toEqual(['dongjian']);
    expect(names(await search('machao', { keyword: '董建' }))).toEqual([]);
  });

  it('refuses anonymous callers and oversized input', async () => {
    expect((await t.call(null, 'GET', '/sys/user/searchPeople?keyword=zl')).status).toBe(401);
    const long = await f.call('machao', 'GET', `/sys/user/searchPeople?keyword=${'a'.repeat(51)}`);
    expect(long.body.success).toBe(false);
    const size = await f.call('machao', 'GET', '/sys/user/searchPeople?pageSize=500');
    expect(size.body.success).toBe(false);
  });
});
