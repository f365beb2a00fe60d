import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeServices } from '../../src/modules/announcement/register.js';
import { RecordingChannel } from '../../src/modules/message/channels.js';
import { renderTemplate } from '../../src/modules/message/message.service.js';
import { safeUri } from '../../src/modules/monitor/httptrace.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[MSG] message templates, channels and monitoring on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let messenger: RecordingChannel;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    staff = await t.login('chenjing');
    messenger = new RecordingChannel('messenger', '企业消息');
    officeServices(t.app.ctx).messages.setChannel(messenger);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders ${name} placeholders', () => {
    expect(renderTemplate('您好${name}，${ x }', { name: '陈静', x: 1 })).toBe('您好陈静，1');
    expect(renderTemplate('${missing}!', {})).toBe('!');
  });

  it('template CRUD with permissions, validation and the duplicate-code rule', async () => {
    expect((await t.call(null, 'GET', '/sys/message/sysMessageTemplate/list')).status).toBe(401);
    expect((await t.call(staff, 'GET', '/sys/message/sysMessageTemplate/list')).status).toBe(403);
    const list = await t.call(admin, 'GET', '/sys/message/sysMessageTemplate/list');
    expect(list.body.result.total).toBeGreaterThanOrEqual(3);
    expect(list.body.result.records[0]).toHaveProperty('templateType_dictText');
    expect((await t.call(admin, 'POST', '/sys/message/sysMessageTemplate/add', { templateName: 'x', templateCode: 'bad code', templateType: '4', templateContent: 'x' })).status).toBe(400);
    const add = await t.call(admin, 'POST', '/sys/message/sysMessageTemplate/add', {
      templateName: '测试模板',
      templateCode: 'TEST_TPL',
      templateType: '4',
      templateContent: '<p onclick="x()">你好${name}</p><script>bad()</script>',
      templateTestJson: '{"name":"陈静"}',
    });
    expect(add.body.message).toBe('添加成功！');
    const dup = await t.call(admin, 'POST', '/sys/message/sysMessageTemplate/add', { templateName: 'y', templateCode: 'TEST_TPL', templateType: '4', templateContent: 'y' });
    expect(dup.body).toMatchObject({ success: false, message: '模板CODE已存在' });
    const row = await t.app.ctx.db.selectFrom('sysSmsTemplate').selectAll().where('templateCode', '=', 'TEST_TPL').executeTakeFirstOrThrow();
    expect(row.templateContent).toBe('<p>你好${name}</p>');
    const edit = await t.call(admin, 'PUT', '/sys/message/sysMessageTemplate/edit', { ...row, templateName: '测试模板2' });
    expect(edit.body.message).toBe('编辑成功!');
    expect((await t.call(admin, 'GET', `/sys/message/sysMessageTemplate/queryById?id=${row.id}`)).body.result.templateName).toBe('测试模板2');
  });

  it('sends by template in-app: the receiver gets a system message in listByUser', async () => {
    const r = await t.call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'TEST_TPL', receiver: 'chenjing' });
    expect(r.body.message).toBe('发送成功');
    const list = await t.call(staff, 'GET', '/sys/annountCement/listByUser?pageSize=20');
    const msg = list.body.result.sysMsgList.find((x: { titile: string }) => x.titile === '测试模板2');
    expect(msg.msgContent).toBe('<p>你好陈静</p>');
    const outbox = await t.app.ctx.db.selectFrom('sysMessage').selectAll().where('esTitle', '=', '测试模板2').executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ esType: 'system', esSendStatus: '1', esReceiver: 'chenjing' });
  });

  it('sendMessageTest goes through the configured channel; an unconfigured one is refused', async () => {
    expect((await t.call(staff, 'GET', '/sys/thirdApp/sendMessageTest?app=wechat_enterprise&content=x&receiver=chenjing')).status).toBe(403);
    expect((await t.call(admin, 'GET', '/sys/thirdApp/sendMessageTest?app=wechat_enterprise&receiver=chenjing')).status).toBe(400);
    const r = await t.call(admin, 'GET', `/sys/thirdApp/sendMessageTest?app=wechat_enterprise&content=${encodeURIComponent('企业消息测试')}&receiver=chenjing,yangfan&sendAll=false`);
    expect(r.body.success).toBe(true);
    expect(messenger.sent.at(-1)).toMatchObject({ content: '企业消息测试', receivers: ['chenjing', 'yangfan'] });
    const all = await t.call(admin, 'POST', '/sys/thirdApp/sendMessageTest', { app: 'dingtalk', content: '全员', sendAll: true });
    expect(all.body.result).toBeGreaterThan(10);
    const none = await t.call(admin, 'POST', '/sys/thirdApp/sendMessageTest', { app: 'email', content: 'x', receiver: 'chenjing' });
    expect(none.body).toMatchObject({ success: false, message: '消息通道未配置：email' });
  });

  it('sendWXMessage notifies the next approver in-app and through the messenger', async () => {
    expect((await t.call(null, 'POST', '/sys/thirdApp/sendWXMessage', { userName: 'chenjing' })).status).toBe(401);
    expect((await t.call(staff, 'POST', '/sys/thirdApp/sendWXMessage', { userName: 'yangfan' })).status).toBe(403);
    expect((await t.call(admin, 'POST', '/sys/thirdApp/sendWXMessage', {})).status).toBe(400);
    const r = await t.call(admin, 'POST', '/sys/thirdApp/sendWXMessage', {
      userName: 'yangfan',
      csUserName: '',
      nodeName: '部门负责人审批',
      processName: '费用报销<script>',
      applyer: '陈静',
      createTime: '2026-11-21 10:00:00',
    });
    expect(r.body.success).toBe(true);
    const yangfan = await t.login('yangfan');
    const list = await t.call(yangfan, 'GET', '/sys/annountCement/listByUser?pageSize=20');
    const msg = list.body.result.sysMsgList.find((x: { titile: string }) => x.titile.startsWith('待办提醒'));
    expect(msg).toMatchObject({ titile: '待办提醒：费用报销', openType: 'url', openPage: '/activiti/todoManage', sender: 'admin' });
    expect(msg.msgContent).toContain('部门负责人审批');
    expect(messenger.sent.at(-1)?.receivers).toEqual(['yangfan']);
  });

  it('server info, metrics and the request trace (with secrets masked)', async () => {
    expect((await t.call(staff, 'GET', '/sys/actuator/server/info')).status).toBe(403);
    const info = await t.call(admin, 'GET', '/sys/actuator/server/info');
    expect(info.body.result.node.version).toBe(process.version);
    expect(info.body.result.database.version).toMatch(kind === 'postgres' ? /PostgreSQL/ : /SQLite/);
    expect(info.body.result.cpu.count).toBeGreaterThan(0);
    expect(info.body.result.memory.total).toBeGreaterThan(0);
    const metric = await t.call(admin, 'GET', '/actuator/metrics/system.cpu.count');
    expect(metric.body).toMatchObject({ name: 'system.cpu.count', measurements: [{ statistic: 'VALUE' }] });
    expect((await t.call(admin, 'GET', '/actuator/metrics/no.such.metric')).status).toBe(404);
    await t.call(staff, 'GET', '/sys/annountCement/listByUser?token=secret-value');
    const trace = await t.call(admin, 'GET', '/actuator/httptrace');
    const traces = (trace.body as unknown as { traces: { request: { uri: string; method: string }; response: { status: number }; timeTaken: number }[] }).traces;
    expect(traces.length).toBeGreaterThan(0);
    const hit = traces.find((x) => x.request.uri.includes('listByUser'));
    expect(hit?.request.uri).toContain('token=******');
    expect(hit?.response.status).toBe(200);
    expect(safeUri('/a?b=1&password=x')).toBe('/a?b=1&password=******');
    const disks = await t.call(admin, 'GET', '/sys/actuator/redis/queryDiskInfo');
    expect(disks.body.result[0]).toHaveProperty('restPPT');
  });

  it('Redis endpoints answer "not configured" without REDIS_URL', async () => {
    expect((await t.call(staff, 'GET', '/sys/actuator/redis/info')).status).toBe(403);
    const r = await t.call(admin, 'GET', '/sys/actuator/redis/info');
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('未配置Redis');
  });
});
