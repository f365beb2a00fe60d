import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineForm } from '@go/contract/forms/index';
import { companyOf, type CurrentUser } from '../../src/platform/access/access.js';
import { declaredFormType } from '../../src/modules/forms/declared-form.js';
import { FormListService } from '../../src/modules/forms/form-list.service.js';
import { ensureFormTable } from '../../src/modules/forms/form-table.js';
import { FormRegistry } from '../../src/modules/workflow/form-registry.js';
import { buildWorkflow } from '../../src/modules/workflow/index.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { bpmn } from '../../src/seed/forms.seed.js';

/** A form type nobody ships: declared here and nowhere else. */
const overtime = defineForm({
  key: 'fm_tmp_overtime',
  slug: 'tmpOvertime',
  routeName: 'forms/TmpOvertimeForm',
  label: '加班',
  name: '加班申请',
  endLabel: '完成加班审批',
  fields: [
    { key: 'workDate', label: '加班日期', type: 'date', required: true, list: true },
    { key: 'hours', label: '加班时长', type: 'number', required: true, min: 0.5, max: 24, list: true, sort: true },
    { key: 'note', label: '说明', type: 'textarea', max: 200 },
  ],
  summary: (v) => `${String(v.workDate ?? '')} ${String(v.hours ?? '')}小时`,
  gateway: { long: (v) => Number(v.hours) > 4 },
});

const XML = bpmn(
  'tmpOvertime',
  '加班申请',
  [
    ['start', 'start', '开始', 60, 142],
    ['lead', 'user', '部门负责人审批', 150, 120],
    ['gw', 'xor', '时长判断', 315, 135],
    ['gm', 'user', '总经理审批', 420, 30],
    ['end', 'end', '结束', 612, 142],
  ],
  [
    ['f1', 'start', 'lead'],
    ['f2', 'lead', 'gw'],
    ['fLong', 'gw', 'gm', '${long}'],
    ['fShort', 'gw', 'end'],
    ['f3', 'gm', 'end'],
  ],
  { gw: 'fShort' },
);

describe.each(dbKinds)('[FORMS] a form type from its declaration alone on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const user = async (username: string): Promise<CurrentUser> => {
    const u = await t.app.ctx.db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', username).executeTakeFirstOrThrow();
    return { id: u.id, username: u.username, realname: u.realname ?? u.username, orgCode: u.orgCode ?? '', company: companyOf(u.orgCode), tenantId: 0, sessionId: '' };
  };

  it('creates its table, validates in Chinese, runs apply → pass → end through the gateway its values choose, and lists', async () => {
    const db = t.app.ctx.db;
    await ensureFormTable(db, overtime);
    await ensureFormTable(db, overtime); // idempotent
    const registry = new FormRegistry();
    registry.register(declaredFormType(overtime));
    const s = buildWorkflow(db, registry);
    const def = await s.definitions.deploy({ username: 'admin' }, { xml: XML, businessTable: overtime.key });
    await s.definitions.editNode({ procDefId: def.id, nodeId: 'lead', rules: [{ type: 4 }] });
    await s.definitions.editNode({ procDefId: def.id, nodeId: 'gm', rules: [{ type: 1, relateId: 'zhangwei' }] });

    const zhulin = await user('zhulin');
    await expect(s.applications.add(zhulin, { tableName: overtime.key, data: {} })).rejects.toThrow(/请选择加班日期.*请输入加班时长/);
    await expect(s.applications.add(zhulin, { tableName: overtime.key, data: { workDate: '2026-11-20', hours: 30 } })).rejects.toThrow('加班时长不能大于24');

    const run = async (hours: number) => {
      const app = await s.applications.add(zhulin, { tableName: overtime.key, data: { workDate: '2026-11-20', hours } });
      expect(app.title).toBe(`朱琳的加班申请 · 2026-11-20 ${hours}小时`);
      const { procInstId } = await s.engine.apply({ username: 'zhulin', realname: '朱琳' }, { id: app.id });
      const task = async () => db.selectFrom('wfTask').select(['id', 'nodeId']).where('instId', '=', procInstId).where('status', '=', 0).executeTakeFirst();
      const lead = await task();
      expect(lead?.nodeId).toBe('lead');
      await s.engine.pass({ username: 'machao', realname: '马超' }, { id: lead!.id, comment: '同意' });
      const gm = await task();
      if (hours > 4) {
        expect(gm?.nodeId).toBe('gm');
        await s.engine.pass({ username: 'zhangwei', realname: '张伟' }, { id: gm!.id, comment: '同意' });
      } else {
        expect(gm).toBeUndefined();
      }
      expect(await task()).toBeUndefined();
      const b = await db.selectFrom('wfBusiness').select(['status', 'result']).where('id', '=', app.id).executeTakeFirstOrThrow();
      expect([b.status, b.result]).toEqual([2, 2]);
      const signed = await db.selectFrom('wfTask').select('nodeId').where('instId', '=', procInstId).where('status', '=', 1).execute();
      return { id: app.id, tableId: app.tableId, nodes: signed.map((x) => x.nodeId).sort() };
    };
    const long = await run(6);
    expect(long.nodes).toEqual(['gm', 'lead']);
    const short = await run(2);
    expect(short.nodes).toEqual(['lead']);

    const loaded = await registry.get(overtime.key)!.load(db, long.tableId);
    expect(loaded).toMatchObject({ workDate: '2026-11-20', hours: 6, long: true, note: null, applicant: 'zhulin' });
    const page = await new FormListService(db).list(await user('admin'), overtime, { column: 'hours', order: 'asc' }, true);
    expect(page.records.map((r) => [r.hours, r.status, r.result_dictText])).toEqual([
      [2, 2, '通过'],
      [6, 2, '通过'],
    ]);
    const own = await new FormListService(db).list(await user('dongjian'), overtime, {}, false);
    expect(own.total).toBe(0);
  });
});
