import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { withAuditDown, type Change } from './trail.js';
import { deploy, Flow, u } from '../workflow/wf-helpers.js';


/** Start form and both tasks declare `note`; the second task also `level`. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="t">
  <process id="t_audit_vars" name="t_audit_vars" isExecutable="true">
    <startEvent id="start"><extensionElements><activiti:formProperty id="note" name="备注" type="string"/></extensionElements></startEvent>
    <userTask id="a" name="部门审批"><extensionElements><activiti:formProperty id="note" name="备注" type="string"/></extensionElements></userTask>
    <userTask id="b" name="财务审批"><extensionElements><activiti:formProperty id="note" name="备注" type="string"/><activiti:formProperty id="level" name="级别" type="long"/></extensionElements></userTask>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
    <sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
    <sequenceFlow id="f3" sourceRef="b" targetRef="end"/>
  </process>
</definitions>`;

/** The change trail of process variables (docs/audit.md, record type wf_variable, record id = the instance). */
describe.each(dbKinds)('[AUDIT] process variable changes on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let procDefId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    procDefId = await deploy(t, await f.token('admin'), XML, { a: u('machao'), b: u('liuyang') });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  const read = (who: string, id: string) => f.call(who, 'GET', `/sys/changeLog/record?recordType=wf_variable&recordId=${id}&pageSize=200`);
  async function changesOf(who: string, id: string): Promise<Change[]> {
    const r = await read(who, id);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.result.records;
  }
  const storedVars = async (procInstId: string) => {
    const row = await db().selectFrom('wfVariable').select('value').where('instId', '=', procInstId).where('name', '=', 'vars').executeTakeFirst();
    return row?.value ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  };

  it('start and pass with variables record old and new per variable; who may see the history reads them, others not', async () => {
    const { procInstId } = await f.startWith('zhulin', 120, procDefId, { note: '加急' });
    const started = await changesOf('zhulin', procInstId);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ recordType: 'wf_variable', recordType_dictText: '流程变量', action: 'add', field: 'note', fieldLabel: 'note', oldValue: null, newValue: '加急', userId: 'zhulin' });

    await f.signOk('machao', procInstId, 'a', { variables: { note: '已核对' } });
    await f.signOk('liuyang', procInstId, 'b', { variables: { note: '已核对', level: 2 } });
    const all = await changesOf('machao', procInstId);
    const edits = all.filter((c) => c.action === 'edit').map((c) => [c.userId, c.field, c.oldValue, c.newValue]);
    expect(edits).toEqual(
      expect.arrayContaining([
        ['machao', 'note', '加急', '已核对'],
        ['liuyang', 'level', null, '2'],
      ]),
    );
    // liuyang's unchanged note makes no row
    expect(all.filter((c) => c.userId === 'liuyang').map((c) => c.field)).toEqual(['level']);
    expect(all.every((c) => c.recordName)).toBe(true);

    // participants read it; an employee who takes no part is refused, the administrator reads every instance
    expect((await read('liuyang', procInstId)).body.success).toBe(true);
    expect((await read('dongjian', procInstId)).body.success).toBe(false);
    expect((await read('admin', procInstId)).body.success).toBe(true);
  });

  it('a pass whose audit insert fails is rolled back with its variables', async () => {
    const { procInstId } = await f.startWith('zhulin', 80, procDefId, { note: '一' });
    await withAuditDown(db(), async () => {
      const r = await f.sign('machao', procInstId, 'a', { variables: { note: '不应保存' } });
      expect(r.body.success).toBe(false);
    });
    expect(await f.open(procInstId)).toEqual(['a:machao']);
    expect(await storedVars(procInstId)).toEqual({ note: '一' });
    expect((await changesOf('zhulin', procInstId)).filter((c) => c.newValue === '不应保存')).toHaveLength(0);
    await f.signOk('machao', procInstId, 'a', { variables: { note: '二' } });
    expect(await storedVars(procInstId)).toEqual({ note: '二' });
    expect((await changesOf('zhulin', procInstId)).find((c) => c.action === 'edit')).toMatchObject({ oldValue: '一', newValue: '二', userId: 'machao' });
  });
});
