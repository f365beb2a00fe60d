import { currentWeekStart } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { withAuditDown, type Change } from './trail.js';


/** The change trail of office records (docs/audit.md): weekly reports, missions, indicators, proposal adoption. */
describe.each(dbKinds)('[AUDIT] office change trail on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let chenjing: string;
  let yangfan: string;
  let liuyang: string;
  let nobody: string; // an account without any role
  const year = 2031;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, chenjing, yangfan, liuyang] = await Promise.all(['admin', 'chenjing', 'yangfan', 'liuyang'].map((u) => t.login(u)));
    const add = await t.call(admin, 'POST', '/sys/user/add', { username: 'audit_norole', realname: '无角色', password: 'Passw0rd!', selectedroles: '', selecteddeparts: '' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    nobody = await t.login('audit_norole', 'Passw0rd!');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  async function changesOf(type: string, id: string, token = admin): Promise<Change[]> {
    const r = await t.call(token, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}&pageSize=200`);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.result.records;
  }
  const refused = async (type: string, id: string, token: string) => (await t.call(token, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}`)).status;

  it('weekly report: add, edit, submit and delete write the trail; the writer, recipients and searchers read it, others are refused; rollback', async () => {
    const week = currentWeekStart();
    const add = await t.call(chenjing, 'POST', '/office/weekly/add', { weekStart: week, doneContent: '<p>审计周报</p>', planContent: '<p>计划一</p>' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const id = add.body.result.id as string;
    expect((await t.call(chenjing, 'PUT', '/office/weekly/edit', { id, weekStart: week, doneContent: '<p>审计周报</p>', planContent: '<p>计划二</p>' })).body.success).toBe(true);
    const c = await changesOf('oa_weekly', id, chenjing);
    expect(c.find((x) => x.action === 'add' && x.field === 'doneContent')).toMatchObject({ newValue: '<p>审计周报</p>', fieldLabel: '本周完成', recordType_dictText: '周报', userId: 'chenjing' });
    expect(c.find((x) => x.action === 'edit')).toMatchObject({ field: 'planContent', oldValue: '<p>计划一</p>', newValue: '<p>计划二</p>', fieldLabel: '下周计划' });
    expect(c.filter((x) => x.action === 'edit' && x.field === 'doneContent')).toHaveLength(0);
    expect(c[0].recordName).toContain('陈静');

    // A colleague who is neither recipient nor searcher, and an account without the list permission: refused.
    expect(await refused('oa_weekly', id, yangfan)).toBe(403);
    expect(await refused('oa_weekly', id, nobody)).toBe(403);
    expect((await t.call(chenjing, 'POST', '/office/weekly/submit', { id, recipients: ['yangfan', 'liuyang'] })).body.success).toBe(true);
    const sub = (await changesOf('oa_weekly', id, yangfan)).filter((x) => x.action === 'edit');
    expect(sub.find((x) => x.field === 'status')).toMatchObject({ oldValue: '0', newValue: '1' });
    expect(sub.find((x) => x.field === 'recipients')).toMatchObject({ oldValue: null, newValue: 'liuyang,yangfan', fieldLabel: '提交给' });

    await withAuditDown(db(), async () => {
      expect((await t.call(chenjing, 'PUT', '/office/weekly/edit', { id, weekStart: week, doneContent: '<p>不应保存</p>' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('oaWeekly').select('doneContent').where('id', '=', id).executeTakeFirstOrThrow()).doneContent).toBe('<p>审计周报</p>');

    // A draft's delete: the removed fields.
    const draft = await t.call(liuyang, 'POST', '/office/weekly/add', { weekStart: week, doneContent: '<p>草稿</p>' });
    const draftId = draft.body.result.id as string;
    expect((await t.call(liuyang, 'DELETE', `/office/weekly/delete?id=${draftId}`)).body.success).toBe(true);
    expect((await changesOf('oa_weekly', draftId)).find((x) => x.action === 'delete' && x.field === 'doneContent')).toMatchObject({ oldValue: '<p>草稿</p>', newValue: null });
  });

  it('mission: add, edit, status, kanban move and delete write the trail; read with the mission list permission; rollback', async () => {
    const add = await t.call(admin, 'POST', '/office/mission/add', { title: '审计任务', owner: 'yangfan', participants: ['chenjing'], dueDate: '2031-01-31', priority: '0' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const id = add.body.result as string;
    expect((await t.call(admin, 'PUT', '/office/mission/edit', { id, title: '审计任务二', owner: 'yangfan', participants: ['chenjing', 'liuyang'], dueDate: '2031-02-28', priority: '2' })).body.success).toBe(true);
    const c = await changesOf('oa_mission', id, chenjing);
    const edit = Object.fromEntries(c.filter((x) => x.action === 'edit').map((x) => [x.field, x]));
    expect(edit.title).toMatchObject({ oldValue: '审计任务', newValue: '审计任务二', fieldLabel: '任务名称', recordName: '审计任务二', recordType_dictText: '任务' });
    expect(edit.participants).toMatchObject({ oldValue: 'chenjing', newValue: 'chenjing,liuyang' });
    expect(edit.dueDate).toMatchObject({ oldValue: '2031-01-31', newValue: '2031-02-28', fieldLabel: '截止日期' });
    expect(edit.priority).toMatchObject({ oldValue: '0', newValue: '2' });
    expect(edit.owner).toBeUndefined();
    expect(c.find((x) => x.action === 'add' && x.field === 'owner')).toMatchObject({ newValue: 'yangfan' });
    expect(await refused('oa_mission', id, nobody)).toBe(403);

    expect((await t.call(yangfan, 'POST', '/office/mission/status', { id, status: '1' })).body.success).toBe(true);
    expect((await changesOf('oa_mission', id)).find((x) => x.field === 'status' && x.action === 'edit')).toMatchObject({ oldValue: '0', newValue: '1', userId: 'yangfan' });

    const item = await t.call(yangfan, 'POST', '/office/mission/item', { missionId: id, kind: 'check', title: '核对清单' });
    expect(item.body.success, JSON.stringify(item.body)).toBe(true);
    const itemId = item.body.result.id as string;
    expect((await t.call(yangfan, 'POST', '/office/mission/itemToggle', { id: itemId, done: true })).body.success).toBe(true);
    const items = (await changesOf('oa_mission', id)).filter((x) => x.field === 'items');
    expect(items.map((x) => [x.oldValue, x.newValue])).toEqual(expect.arrayContaining([[null, '☐ 核对清单'], ['☐ 核对清单', '☑ 核对清单']]));
    expect(items[0].fieldLabel).toBe('子任务与检查项');
    expect((await changesOf('oa_mission', id)).find((x) => x.field === 'progress' && x.newValue === '100')).toMatchObject({ oldValue: '0' });

    await withAuditDown(db(), async () => {
      expect((await t.call(yangfan, 'DELETE', `/office/mission/itemDelete?id=${itemId}`)).body.success).toBe(false);
      expect((await t.call(admin, 'PUT', '/office/mission/edit', { id, title: '不应保存', owner: 'yangfan' })).body.success).toBe(false);
      expect((await t.call(yangfan, 'POST', '/office/mission/status', { id, status: '2' })).body.success).toBe(false);
    });
    const m = await db().selectFrom('oaMission').select(['title', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(m).toEqual({ title: '审计任务二', status: '1' });
    expect(await db().selectFrom('oaMissionItem').select('done').where('id', '=', itemId).executeTakeFirst()).toEqual({ done: 1 });

    expect((await t.call(admin, 'DELETE', `/office/mission/delete?id=${id}`)).body.success).toBe(true);
    expect((await changesOf('oa_mission', id)).find((x) => x.action === 'delete')).toMatchObject({ field: 'delFlag', oldValue: '0', newValue: '1' });
  });

  it('kanban move: the status and column change are recorded with the move', async () => {
    const board = (await t.call(admin, 'GET', '/office/kanban/boards')).body.result[0];
    const add = await t.call(admin, 'POST', '/office/mission/add', { title: '看板审计', owner: 'yangfan', boardId: board.id });
    const id = add.body.result as string;
    const version = (await db().selectFrom('oaMission').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    const done = (board.columns as { key: string; status: string }[]).find((c) => c.status === '2')!.key;
    const mv = await t.call(admin, 'POST', '/office/kanban/move', { id, toColumn: done, version });
    expect(mv.body.success, JSON.stringify(mv.body)).toBe(true);
    const c = (await changesOf('oa_mission', id)).filter((x) => x.action === 'edit');
    expect(c.find((x) => x.field === 'status')).toMatchObject({ oldValue: '0', newValue: '2' });
    expect(c.find((x) => x.field === 'progress')).toMatchObject({ oldValue: '0', newValue: '100', fieldLabel: '进度' });
  });

  it('indicator: add, edit (fields and monthly targets), actuals and delete write the trail; rollback', async () => {
    const add = await t.call(admin, 'POST', '/office/indicator/add', { year, orgCode: 'A01A04', name: '审计指标', unit: '%', target: 1200, weight: 60, owner: 'yangfan' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const id = add.body.result as string;
    expect((await t.call(admin, 'PUT', '/office/indicator/edit', { id, year, orgCode: 'A01A04', name: '审计指标二', unit: '%', target: 2400, weight: 60, owner: 'yangfan' })).body.success).toBe(true);
    expect((await t.call(yangfan, 'POST', '/office/indicator/actual', { id, month: 3, actual: 180 })).body.success).toBe(true);
    const c = await changesOf('oa_indicator', id, chenjing);
    const edit = Object.fromEntries(c.filter((x) => x.action === 'edit').map((x) => [x.field, x]));
    expect(edit.name).toMatchObject({ oldValue: '审计指标', newValue: '审计指标二', fieldLabel: '指标名称', recordType_dictText: '战略指标' });
    expect(edit.target).toMatchObject({ oldValue: '1200', newValue: '2400', fieldLabel: '年度目标' });
    expect(edit.target_1).toMatchObject({ oldValue: '100', newValue: '200', fieldLabel: '1月目标' });
    expect(edit.actual_3).toMatchObject({ oldValue: null, newValue: '180', fieldLabel: '3月实际', userId: 'yangfan' });
    expect(edit.weight).toBeUndefined();
    expect(c.find((x) => x.action === 'add' && x.field === 'target_12')).toMatchObject({ newValue: '100' });
    expect(await refused('oa_indicator', id, nobody)).toBe(403);

    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/office/indicator/edit', { id, year, orgCode: 'A01A04', name: '不应保存', unit: '%', target: 3600, weight: 60, owner: 'yangfan' })).body.success).toBe(false);
      expect((await t.call(yangfan, 'POST', '/office/indicator/actual', { id, month: 3, actual: 1 })).body.success).toBe(false);
    });
    expect(await db().selectFrom('oaIndicator').select(['name', 'target']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ name: '审计指标二', target: 2400 });
    const months = await db().selectFrom('oaIndicatorMonth').select(['month', 'target', 'actual']).where('indicatorId', '=', id).where('month', '=', 3).executeTakeFirstOrThrow();
    expect(months).toEqual({ month: 3, target: 200, actual: 180 });

    expect((await t.call(admin, 'DELETE', `/office/indicator/delete?id=${id}`)).body.success).toBe(true);
    expect((await changesOf('oa_indicator', id)).find((x) => x.action === 'delete')).toMatchObject({ field: 'delFlag', newValue: '1' });
  });

  it('proposal adoption: naming the owner writes the trail (owner, mission), never the proposer; rollback', async () => {
    // a seeded proposal of the group (its adoption reset to not yet assigned)
    const { id } = await db().selectFrom('oaProposal').select(['id']).where('delFlag', '=', 0).where('sysOrgCode', 'like', 'A01%').orderBy('id').executeTakeFirstOrThrow();
    await db().deleteFrom('oaProposalAdoption').where('proposalId', '=', id).execute();
    await db().insertInto('oaProposalAdoption').values({ proposalId: id, adoptTime: '2026-11-01 10:00:00', owner: null, ownerName: null, missionId: null, assignBy: null, assignTime: null }).execute();

    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'POST', '/office/proposal/assign', { id, owner: 'zhaolei' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('oaProposalAdoption').select('owner').where('proposalId', '=', id).executeTakeFirstOrThrow()).owner).toBeNull();

    const as = await t.call(admin, 'POST', '/office/proposal/assign', { id, owner: 'yangfan' });
    expect(as.body.success, JSON.stringify(as.body)).toBe(true);
    const c = await changesOf('oa_proposal', id, liuyang);
    expect(c.find((x) => x.field === 'owner')).toMatchObject({ action: 'edit', oldValue: null, newValue: 'yangfan', fieldLabel: '负责人', recordType_dictText: '合理化建议' });
    expect(c.find((x) => x.field === 'missionId')).toMatchObject({ newValue: as.body.result });
    expect(JSON.stringify(c)).not.toContain('chenjing');
    expect(await refused('oa_proposal', id, nobody)).toBe(403);
  });
});
