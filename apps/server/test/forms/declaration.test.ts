import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationsIn, type FormDeclaration } from '@go/contract/forms/index';
import { companyOf, type CurrentUser } from '../../src/platform/access/access.js';
import { declaredFormType } from '../../src/modules/forms/declared-form.js';
import { discoverModules, FORM_DECLARATIONS } from '../../src/modules/forms/discovery.js';
import { FormListService } from '../../src/modules/forms/form-list.service.js';
import { FormRegistry } from '../../src/modules/workflow/form-registry.js';
import { buildWorkflow } from '../../src/modules/workflow/index.js';
import { FORM_SEEDS, formSeedParts, seedFormType, type FormSeed } from '../../src/seed/forms.seed.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * A form type nobody ships, written here as its two files — the declaration and the seed — into a folder
 * of its own. Nothing else is written: no migration, no route, no list entry.
 */
const DIR = path.join(import.meta.dirname, `.throwaway-${process.pid}`);
const DECLARATION = `import { defineForm } from '@go/contract/forms/index';

export const overtimeForm = defineForm({
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
  summary: (v) => \`\${String(v.workDate ?? '')} \${String(v.hours ?? '')}小时\`,
  gateway: { long: (v) => Number(v.hours) > 4 },
});
`;
const SEED = `import { bpmn, type FormSeed } from '../../../src/seed/forms.seed.js';
import { overtimeForm } from './overtime.form.js';

export const formSeed: FormSeed = {
  form: overtimeForm,
  menu: { sortNo: 90 },
  process: {
    xml: bpmn(
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
        ['fLong', 'gw', 'gm', '\${long}'],
        ['fShort', 'gw', 'end'],
        ['f3', 'gm', 'end'],
      ],
      { gw: 'fShort' },
    ),
    category: '行政',
    description: '加班申请，超过4小时需总经理审批',
    nodes: { lead: { rules: [{ type: 4 }] }, gm: { rules: [{ type: 1, relateId: 'zhangwei' }] } },
  },
  async demo({ file, pass }) {
    const a = await file('dongjian', { workDate: '2026-11-02', hours: 2 });
    await pass(undefined, a.inst);
  },
};
`;

/** Loads a folder the way the server does where `import.meta.glob` is not compiled (tsx). */
const noGlob = () => {
  throw new TypeError('import.meta.glob is not a function');
};

describe('[FORMS] form types are found, not listed', () => {
  it('every *.form.ts declaration is discovered, the same by glob and by reading the folder', async () => {
    const dir = path.join(ROOT, 'packages/contract/src/forms');
    const files = readdirSync(dir).filter((n) => n.endsWith('.form.ts'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    const byFolder = declarationsIn(await discoverModules(noGlob, pathToFileURL(`${dir}/`), '.form.ts'));
    expect(FORM_DECLARATIONS.map((d) => d.key)).toEqual(byFolder.map((d) => d.key));
    expect(FORM_DECLARATIONS.map((d) => d.key)).toEqual(['fm_contract', 'fm_expense', 'fm_funds', 'fm_non_routine', 'fm_performance', 'fm_trip']);
    // Each seed file of seed/forms is a seed part of its own in block 0600.
    const seeds = readdirSync(path.join(ROOT, 'apps/server/src/seed/forms')).filter((n) => n.endsWith('.seed.ts'));
    expect(FORM_SEEDS).toHaveLength(seeds.length);
    expect(formSeedParts.map((p) => p.name).sort()).toEqual(['0610_forms_contract', '0610_forms_funds', '0610_forms_nonRoutine', '0610_forms_trip']);
  });
});

describe.each(dbKinds)('[FORMS] a form type from its declaration alone on %s', (kind) => {
  let t: TestApp;
  let decl: FormDeclaration;
  let seed: FormSeed;
  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(path.join(DIR, 'overtime.form.ts'), DECLARATION);
    writeFileSync(path.join(DIR, 'overtime.seed.ts'), SEED);
    const url = pathToFileURL(`${DIR}/`);
    [decl] = declarationsIn(await discoverModules(noGlob, url, '.form.ts'));
    seed = (await discoverModules(noGlob, url, '.seed.ts'))['overtime.seed.ts'].formSeed as FormSeed;
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(DIR, { recursive: true, force: true });
  });

  const user = async (username: string): Promise<CurrentUser> => {
    const u = await t.app.ctx.db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', username).executeTakeFirstOrThrow();
    return { id: u.id, username: u.username, realname: u.realname ?? u.username, orgCode: u.orgCode ?? '', company: companyOf(u.orgCode), tenantId: 0, sessionId: '' };
  };

  it('seeds its table, list and process, validates in Chinese, runs apply → pass → end through the gateway its values choose, and lists', async () => {
    const db = t.app.ctx.db;
    expect(decl.key).toBe('fm_tmp_overtime');
    const registry = new FormRegistry();
    registry.register(declaredFormType(decl));
    await seedFormType(db, seed);
    await seedFormType(db, seed); // a type already seeded is left alone
    const menus = await db.selectFrom('sysPermission').select(['name', 'component', 'perms']).where('url', '=', '/activiti/forms/tmpOvertime').execute();
    expect(menus).toEqual([{ name: '加班申请', component: 'forms/DeclaredFormList', perms: 'forms:tmpOvertime:list' }]);
    expect(await db.selectFrom('sysPermission').select('id').where('perms', '=', 'forms:tmpOvertime:all').execute()).toHaveLength(1);
    // The seed's demo application went through its department head and ended.
    const demo = await db.selectFrom('wfBusiness').select(['status', 'result', 'title']).where('tableName', '=', decl.key).execute();
    expect(demo).toEqual([{ status: 2, result: 2, title: '董建的加班申请 · 2026-11-02 2小时' }]);

    const s = buildWorkflow(db, registry);
    const zhulin = await user('zhulin');
    await expect(s.applications.add(zhulin, { tableName: decl.key, data: {} })).rejects.toThrow(/请选择加班日期.*请输入加班时长/);
    await expect(s.applications.add(zhulin, { tableName: decl.key, data: { workDate: '2026-11-20', hours: 30 } })).rejects.toThrow('加班时长不能大于24');
    await expect(s.applications.add(zhulin, { tableName: decl.key, data: { workDate: '2026-11-31', hours: 3 } })).rejects.toThrow('加班日期格式不正确');

    const run = async (hours: number) => {
      const app = await s.applications.add(zhulin, { tableName: decl.key, data: { workDate: '2026-11-20', hours } });
      expect(app.title).toBe(`朱琳的加班申请 · 2026-11-20 ${hours}小时`);
      const { procInstId } = await s.engine.apply({ username: 'zhulin', realname: '朱琳' }, { id: app.id });
      const task = async () => db.selectFrom('wfTask').select(['id', 'nodeId']).where('instId', '=', procInstId).where('status', '=', 0).executeTakeFirst();
      const lead = await task();
      expect(lead?.nodeId).toBe('lead');
      const next = await s.queries.nextNode('machao', { procInstId, currActId: 'lead' });
      expect(next).toMatchObject(hours > 4 ? { type: 3, title: '总经理审批' } : { type: 3, users: [{ realname: '完成加班审批' }] });
      await s.engine.pass({ username: 'machao', realname: '马超' }, { id: lead!.id, comment: '同意' });
      const gm = await task();
      if (hours > 4) {
        expect(gm?.nodeId).toBe('gm');
        expect((await s.queries.nextNode('zhangwei', { procInstId, currActId: 'gm' })).users).toEqual([expect.objectContaining({ realname: '完成加班审批' })]);
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

    const loaded = await registry.get(decl.key)!.load(db, long.tableId);
    expect(loaded).toMatchObject({ workDate: '2026-11-20', hours: 6, long: true, note: null, applicant: 'zhulin', actStatus: '审批通过' });
    const page = await new FormListService(db).list(await user('admin'), decl, { column: 'hours', order: 'asc' }, true);
    expect(page.records.map((r) => [r.hours, r.status, r.result_dictText])).toEqual([
      [2, 2, '通过'],
      [2, 2, '通过'],
      [6, 2, '通过'],
    ]);
    const own = await new FormListService(db).list(await user('zhulin'), decl, {}, false);
    expect(own.total).toBe(2);
  });

  it('every discovered form type is live in the application: engine, list endpoints, 流程 menu', async () => {
    const token = await t.login('admin');
    const types = (await t.call(token, 'GET', '/activiti_process/formTypes')).body.result as { tableName: string }[];
    for (const d of FORM_DECLARATIONS) {
      expect(types.map((x) => x.tableName)).toContain(d.key);
      const list = await t.call(token, 'GET', `/forms/${d.slug}/list?pageSize=1`);
      expect(list.body.success, `${d.key}: ${list.body.message}`).toBe(true);
    }
    for (const s of FORM_SEEDS) {
      const menu = await t.app.ctx.db.selectFrom('sysPermission').select('component').where('url', '=', `/activiti/forms/${s.form.slug}`).executeTakeFirst();
      expect(menu?.component).toBe('forms/DeclaredFormList');
    }
  });
});
