import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBpmn } from '../../src/modules/workflow/bpmn.js';
import { formatPatternDate, parsePatternDate } from '../../src/modules/workflow/form-properties.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, deploy, Flow, u } from './wf-helpers.js';

/**
 * Activiti form properties (`activiti:formProperty`) as Activiti's form service reads and submits them:
 * a form submission (`formProperties`, the approval dialog) checks required / writable / type and fills in
 * defaults; a completion through the engine API (`variables`, batch pass, the stock client's pass) has no
 * required check, but still sets only declared writable outputs of the right type.
 */
const PROCESS = (key: string, taskProps: string, startProps = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="t">
  <process id="${key}" name="${key}" isExecutable="true">
    <startEvent id="start"><extensionElements>${startProps}</extensionElements></startEvent>
    <userTask id="prepare" name="准备会议"><extensionElements>${taskProps}</extensionElements></userTask>
    <exclusiveGateway id="gw" default="fNo"/>
    <userTask id="fin" name="财务确认">
      <extensionElements><activiti:formProperty id="paid" name="已付款" type="boolean" required="true"/></extensionElements>
    </userTask>
    <endEvent id="end"/>
    <endEvent id="endNo"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="prepare"/>
    <sequenceFlow id="f2" sourceRef="prepare" targetRef="gw"/>
    <sequenceFlow id="fYes" sourceRef="gw" targetRef="fin"><conditionExpression xsi:type="tFormalExpression">\${approved == 'yes'}</conditionExpression></sequenceFlow>
    <sequenceFlow id="fNo" sourceRef="gw" targetRef="endNo"/>
    <sequenceFlow id="f3" sourceRef="fin" targetRef="end"/>
  </process>
</definitions>`;

/** In the spirit of Activiti's form-property handling test: several types, a mapped read-only variable, an expression, a hidden default. */
const TASK_PROPS = `
  <activiti:formProperty id="approved" name="Do you agree?" type="enum" required="true">
    <activiti:value id="yes" name="Yes, I do"/>
    <activiti:value id="no" name="No!"/>
  </activiti:formProperty>
  <activiti:formProperty id="duration" name="Duration (hours)" type="long"/>
  <activiti:formProperty id="price" name="Price, in euro" type="double"/>
  <activiti:formProperty id="free" name="Free?" type="boolean"/>
  <activiti:formProperty id="meetingDate" name="Meeting date" type="date" datePattern="dd-MM-yyyy"/>
  <activiti:formProperty id="speaker" name="Speaker" variable="SpeakerName" writable="false"/>
  <activiti:formProperty id="street" name="Street" expression="#{address.street}"/>
  <activiti:formProperty id="note" name="Note" expression="\${reviewNote}"/>
  <activiti:formProperty id="level" name="Level" readable="false" default="normal"/>`;

const START_PROPS = `
  <activiti:formProperty id="room" name="Room" required="yes"/>
  <activiti:formProperty id="speaker" name="Speaker" variable="SpeakerName"/>`;

describe('formProperty at deploy (as Activiti parses it)', () => {
  it('id is the variable, name the label — any text; enum values keep their names; types map to the dialog', async () => {
    const m = await parseBpmn(PROCESS('t_fp_parse', TASK_PROPS, START_PROPS));
    const fields = m.nodes.get('prepare')!.decisionFields!;
    expect(fields.map((f) => [f.name, f.label, f.type, f.formType])).toEqual([
      ['approved', 'Do you agree?', 'radio', 'enum'],
      ['duration', 'Duration (hours)', 'number', 'long'],
      ['price', 'Price, in euro', 'number', 'double'],
      ['free', 'Free?', 'radio', 'boolean'],
      ['meetingDate', 'Meeting date', 'date', 'date'],
      ['speaker', 'Speaker', 'text', 'string'],
      ['street', 'Street', 'text', 'string'],
      ['note', 'Note', 'text', 'string'],
      ['level', 'Level', 'text', 'string'],
    ]);
    expect(fields[0].options).toEqual([{ value: 'yes', label: 'Yes, I do' }, { value: 'no', label: 'No!' }]);
    expect(fields[0].required).toBe(true);
    expect(fields[3].options).toEqual([{ value: 'true', label: '是' }, { value: 'false', label: '否' }]);
    expect(fields[4].datePattern).toBe('dd-MM-yyyy');
    expect(fields[5]).toMatchObject({ variable: 'SpeakerName', writable: false, readable: true });
    expect(fields[8]).toMatchObject({ readable: false, writable: true, default: 'normal' });
    // Activiti's boolean words: required="yes"
    expect(m.nodes.get('start')!.decisionFields![0]).toMatchObject({ name: 'room', required: true });
  });

  it('a date without datePattern uses Activiti’s dd/MM/yyyy; the id need not be a variable name when variable names one', async () => {
    const m = await parseBpmn(PROCESS('t_fp_parse2', `<activiti:formProperty id="when" type="date"/><activiti:formProperty id="do-you-agree" name="Agree?" variable="agree" type="boolean"/>`));
    const [when, agree] = m.nodes.get('prepare')!.decisionFields!;
    expect(when).toMatchObject({ label: 'when', datePattern: 'dd/MM/yyyy' });
    expect(agree).toMatchObject({ name: 'do-you-agree', variable: 'agree' });
  });

  it('refuses what Activiti refuses: an unknown type, a missing id, a flag that is no boolean word', async () => {
    await expect(parseBpmn(PROCESS('t_fp_bad1', '<activiti:formProperty id="who" name="Who" type="user"/>'))).rejects.toThrow('用户任务「准备会议」(prepare)的表单属性(formProperty)「who」的类型「user」不支持：只支持 string、long、double、boolean、enum、date');
    await expect(parseBpmn(PROCESS('t_fp_bad2', '<activiti:formProperty name="No id"/>'))).rejects.toThrow('用户任务「准备会议」(prepare)的表单属性(formProperty)缺少 id');
    await expect(parseBpmn(PROCESS('t_fp_bad3', '<activiti:formProperty id="x" required="maybe"/>'))).rejects.toThrow('「x」的 required「maybe」只能是 true/false');
  });

  it('an id that is no identifier is still the variable name (as Activiti), with a warning; refused: a date pattern with names', async () => {
    const odd = await parseBpmn(PROCESS('t_fp_bad4', '<activiti:formProperty id="do you agree" name="Do you agree?"/>'));
    expect(odd.nodes.get('prepare')!.decisionFields).toMatchObject([{ name: 'do you agree', label: 'Do you agree?', variable: null }]);
    expect(odd.warnings).toContain('用户任务「准备会议」(prepare)的表单属性(formProperty)「do you agree」的 id 不是标识符：表单照常提交和保存它的值，但表达式(条件)无法引用该变量');
    await expect(parseBpmn(PROCESS('t_fp_bad4b', '<activiti:formProperty id="v" variable="do you agree"/>'))).rejects.toThrow('「v」的变量名(variable)「do you agree」不是合法的变量名');
    await expect(parseBpmn(PROCESS('t_fp_bad5', '<activiti:formProperty id="d" type="date" datePattern="EEE, d MMM yyyy"/>'))).rejects.toThrow('的日期格式(datePattern)「EEE, d MMM yyyy」不支持');
    await expect(parseBpmn(PROCESS('t_fp_bad6', '<activiti:formProperty id="d" expression="${a +}"/>'))).rejects.toThrow('的表单属性(formProperty)「d」的表达式「${a +}」无法解析');
  });

  it('warns about a required property no form can fill in (read-only or hidden, without default)', async () => {
    const m = await parseBpmn(PROCESS('t_fp_warn', '<activiti:formProperty id="locked" name="Locked" required="true" writable="false"/><activiti:formProperty id="ok" required="true" readable="false" default="x"/>'));
    expect(m.warnings.filter((w) => w.includes('表单属性'))).toEqual([expect.stringContaining('「locked」必填但不可写(writable=false)且没有默认值(default)')]);
  });

  it('date values follow the Java pattern strictly', () => {
    expect(parsePatternDate('24-12-2026', 'dd-MM-yyyy')).toBe('2026-12-24 00:00:00');
    expect(parsePatternDate('31/02/2026', 'dd/MM/yyyy')).toBeNull();
    expect(parsePatternDate('2026/1/5 9:05', 'yyyy/M/d H:mm')).toBe('2026-01-05 09:05:00');
    expect(parsePatternDate('5.1.26', 'd.M.yy')).toBe('2026-01-05 00:00:00');
    expect(formatPatternDate('2026-01-05 09:05:00', 'dd/MM/yyyy HH:mm')).toBe('05/01/2026 09:05');
    // h is the hour of AM/PM (1–12; 12 is the first hour), AM without a marker — as SimpleDateFormat
    expect(parsePatternDate('24-12-2026 12:30', 'dd-MM-yyyy hh:mm')).toBe('2026-12-24 00:30:00');
    expect(parsePatternDate('24-12-2026 1:30 PM', 'dd-MM-yyyy h:mm a')).toBe('2026-12-24 13:30:00');
    expect(parsePatternDate('24-12-2026 13:30', 'dd-MM-yyyy hh:mm')).toBeNull();
    expect(formatPatternDate('2026-12-24 13:05:00', 'dd-MM-yyyy hh:mm a')).toBe('24-12-2026 01:05 PM');
  });
});

describe.each(dbKinds)('[WORKFLOW] Activiti form properties on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let admin: string;
  let def: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    admin = await f.token('admin');
    def = await deploy(t, admin, PROCESS('t_form_props', TASK_PROPS, START_PROPS), { prepare: u('machao'), fin: u('liuyang') });
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const vars = async (procInstId: string) => {
    const row = await t.app.ctx.db.selectFrom('wfVariable').select('value').where('instId', '=', procInstId).where('name', '=', 'vars').executeTakeFirst();
    return row?.value ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  };
  const apply = async (body: Record<string, unknown>) => {
    const id = await f.draft('zhulin', 100, def);
    const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: def, ...body });
    return { id, r };
  };
  const started = async (body: Record<string, unknown> = { formProperties: { room: '5b', speaker: 'Mike' } }) => {
    const { id, r } = await apply(body);
    expect(r.body.success, r.body.message).toBe(true);
    return { id, procInstId: r.body.result.procInstId as string };
  };

  it('start form: submitted through the form, a required property is enforced; started with variables it is not', async () => {
    const missing = await apply({ formProperties: { speaker: 'Mike' } });
    expect(missing.r.body.success).toBe(false);
    expect(missing.r.body.message).toBe('请填写「Room」');
    expect(await f.state(missing.id)).toEqual([0, 0]);
    const { procInstId } = await started();
    // the form value of `speaker` is stored in its variable SpeakerName
    expect(await vars(procInstId)).toEqual({ room: '5b', SpeakerName: 'Mike' });
    // RuntimeService.startProcessInstance(…, variables): no required check
    const api = await apply({ variables: { SpeakerName: 'Anna' } });
    expect(api.r.body.success, api.r.body.message).toBe(true);
    expect(await vars(api.r.body.result.procInstId)).toEqual({ SpeakerName: 'Anna' });
  });

  it('the dialog gets the readable properties with types, enum names and current values (read-only ones included)', async () => {
    const { procInstId } = await started();
    const r = await f.call('machao', 'GET', `/actTask/decisionFields/${await f.taskOf(procInstId, 'prepare', 'machao')}`);
    expect(r.body.success, r.body.message).toBe(true);
    const fields = r.body.result as { name: string; type: string; formType: string; value: string | null; writable: boolean; required: boolean; options: unknown[]; datePattern: string | null }[];
    expect(fields.map((x) => x.name)).toEqual(['approved', 'duration', 'price', 'free', 'meetingDate', 'speaker', 'street', 'note']);
    expect(fields[0]).toMatchObject({ label: 'Do you agree?', type: 'radio', formType: 'enum', required: true, value: null, options: [{ value: 'yes', label: 'Yes, I do' }, { value: 'no', label: 'No!' }] });
    expect(fields[4]).toMatchObject({ type: 'date', datePattern: 'dd-MM-yyyy' });
    expect(fields[5]).toMatchObject({ label: 'Speaker', writable: false, value: 'Mike' });
  });

  it('the approval form submission: required, writable and every type rule as Activiti’s form service', async () => {
    const { procInstId } = await started();
    const submit = (formProperties: Record<string, unknown>, extra: Record<string, unknown> = {}) => f.sign('machao', procInstId, 'prepare', { formProperties, ...extra });
    const refusals: [Record<string, unknown>, string][] = [
      [{}, '请填写「Do you agree?」'],
      [{ approved: '' }, '请填写「Do you agree?」'],
      [{ approved: 'maybe' }, '「Do you agree?」的取值不正确'],
      [{ approved: 'yes', speaker: 'Eve' }, '「Speaker」是只读的，不能填写'],
      [{ approved: 'yes', duration: '1.5' }, '「Duration (hours)」必须是整数'],
      [{ approved: 'yes', price: 'cheap' }, '「Price, in euro」必须是数字'],
      [{ approved: 'yes', free: 'perhaps' }, '「Free?」的取值不正确'],
      [{ approved: 'yes', meetingDate: '2026-12-24' }, '「Meeting date」的日期格式不正确，应为 dd-MM-yyyy'],
      [{ approved: 'yes', meetingDate: '31-02-2026' }, '「Meeting date」的日期格式不正确，应为 dd-MM-yyyy'],
      [{ approved: 'yes', street: 'Main street' }, '「Street」的表达式 #{address.street} 无法赋值：变量「address」未定义'],
      [{ approved: 'yes', amount: 1 }, '变量「amount」与表单字段同名，不能在提交时修改，流程按表单保存的数据流转'],
    ];
    for (const [form, message] of refusals) {
      const r = await submit(form);
      expect(r.body.success, JSON.stringify(form)).toBe(false);
      expect(r.body.message).toBe(message);
    }
    const both = await submit({ approved: 'yes' }, { variables: { approved: 'yes' } });
    expect(both.body.message).toBe('表单提交(formProperties)与流程变量(variables)不能同时提交');
    expect(await f.open(procInstId)).toEqual(['prepare:machao']);

    await f.signOk('machao', procInstId, 'prepare', {
      formProperties: { approved: 'yes', duration: '3', price: 12.5, free: 'true', meetingDate: '24-12-2026', note: '准时开始', extra: 'dropped' },
    });
    // converted to the model values; the hidden property took its default; SpeakerName kept; `extra` is no property
    expect(await vars(procInstId)).toEqual({ room: '5b', SpeakerName: 'Mike', approved: 'yes', duration: 3, price: 12.5, free: true, meetingDate: '2026-12-24 00:00:00', reviewNote: '准时开始', level: 'normal' });
    expect(await f.open(procInstId)).toEqual(['fin:liuyang']);
  });

  it('an expression property writes into its object variable (#{address.street})', async () => {
    const { procInstId } = await started();
    const db = t.app.ctx.db;
    await db
      .updateTable('wfVariable')
      .set({ value: JSON.stringify({ room: '5b', SpeakerName: 'Mike', address: { street: 'Old road', city: 'Gent' } }) })
      .where('instId', '=', procInstId)
      .where('name', '=', 'vars')
      .execute();
    const shown = await f.call('machao', 'GET', `/actTask/decisionFields/${await f.taskOf(procInstId, 'prepare', 'machao')}`);
    expect(shown.body.result.find((x: { name: string }) => x.name === 'street').value).toBe('Old road');
    await f.signOk('machao', procInstId, 'prepare', { formProperties: { approved: 'no', street: 'Main street' } });
    expect((await vars(procInstId)).address).toEqual({ street: 'Main street', city: 'Gent' });
    expect(await f.open(procInstId)).toEqual([]);
  });

  it('a completion without the form (engine API, the stock client) has no required check, but keeps declared outputs and types', async () => {
    const { id, procInstId } = await started();
    // no form, no variables: nothing required — the gateway then needs `approved`, as in Activiti
    const bare = await f.sign('machao', procInstId, 'prepare');
    expect(bare.body.success).toBe(false);
    expect(bare.body.message).toContain('使用了未定义的变量「approved」');
    const ro = await f.sign('machao', procInstId, 'prepare', { variables: { approved: 'yes', SpeakerName: 'Eve' } });
    expect(ro.body.message).toBe('「Speaker」是只读的，不能填写');
    const wrong = await f.sign('machao', procInstId, 'prepare', { variables: { approved: 'yes', duration: 'long' } });
    expect(wrong.body.message).toBe('「Duration (hours)」必须是数字');
    const field = await f.sign('machao', procInstId, 'prepare', { variables: { approved: 'yes', amount: 1 } });
    expect(field.body.message).toBe('变量「amount」与表单字段同名，不能在提交时修改，流程按表单保存的数据流转');
    // no default is applied and undeclared names are dropped
    await f.signOk('machao', procInstId, 'prepare', { variables: { approved: 'yes', free: true, anything: 1 } });
    expect(await vars(procInstId)).toEqual({ room: '5b', SpeakerName: 'Mike', approved: 'yes', free: true });
    // batch pass never submits the form: the required `paid` of 财务确认 is not asked
    const batch = await f.call('liuyang', 'POST', '/actTask/passAll', { ids: await f.taskId(procInstId, 'fin') });
    expect(batch.body.result[0], batch.body.result[0]?.message).toMatchObject({ success: true });
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('the same task refuses the form submission without the required value, then passes with it', async () => {
    const { id, procInstId } = await started();
    await f.signOk('machao', procInstId, 'prepare', { formProperties: { approved: 'yes' } });
    const missing = await f.sign('liuyang', procInstId, 'fin', { formProperties: {} });
    expect(missing.body.message).toBe('请填写「已付款」');
    await f.signOk('liuyang', procInstId, 'fin', { formProperties: { paid: 'false' } });
    expect((await vars(procInstId)).paid).toBe(false);
    expect(await f.state(id)).toEqual([2, 2]);
  });
});
