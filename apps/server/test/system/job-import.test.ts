/**
 * 定时任务 import: a row names an existing job by its class name and parameter and updates it (its running
 * state stays as it is); only other rows add jobs, and those start paused. Re-importing the export changes
 * nothing: no duplicate, no newly running job.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

function multipart(fileName: string, data: Buffer) {
  const boundary = '----job' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dbKinds)('[SYSTEM] scheduled job import on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const db = () => t.app.ctx.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(data: Buffer) {
    const m = multipart('定时任务.xls', data);
    const res = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/quartzJob/importExcel', headers: { 'x-access-token': admin, ...m.headers }, payload: m.payload });
    return res.json();
  }
  async function exported(): Promise<Buffer> {
    const res = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/quartzJob/exportXls', headers: { 'x-access-token': admin } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }
  const jobs = () => db().selectFrom('sysQuartzJob').select(['id', 'jobClassName', 'parameter', 'cronExpression', 'description', 'status']).where('delFlag', '=', 0).orderBy('id').execute();
  const key = (j: { jobClassName: string; parameter: string | null }) => `${j.jobClassName}|${j.parameter ?? ''}`;

  it('re-importing the export updates every job in place: no duplicate, no change of state', async () => {
    // One running job with a parameter, one paused, besides the seeded ones (MissionReminderJob runs in the demo).
    expect((await t.call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'office.job.SampleJob', cronExpression: '0 0 3 * * ?', parameter: 'alpha', description: '运行中的任务', status: 0 })).body.success).toBe(true);
    expect((await t.call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'office.job.SampleJob', cronExpression: '0 0 4 * * ?', parameter: 'beta', description: '暂停的任务', status: -1 })).body.success).toBe(true);
    const before = await jobs();
    expect(before.some((j) => j.jobClassName === 'office.job.MissionReminderJob')).toBe(true);
    expect(before.filter((j) => j.status === 0).length).toBeGreaterThan(0);

    const file = await exported();
    for (let round = 0; round < 2; round++) {
      const r = await upload(file);
      const after = await jobs();
      expect(after).toEqual(before);
      expect(r).toMatchObject({ success: true, message: `共${before.length}行数据全部导入成功！新增0个任务，更新${before.length}个任务` });
    }
    const keys = (await jobs()).map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a changed row updates its job and keeps its state; a new row is added paused even when the sheet says 正常', async () => {
    const before = await jobs();
    const running = before.find((j) => j.parameter === 'alpha')!;
    const paused = before.find((j) => j.parameter === 'beta')!;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['定时任务列表数据']);
    ws.addRow(['导出人:管理员']);
    ws.addRow(['任务类名', 'Cron表达式', '参数', '描述', '状态']);
    ws.addRow(['office.job.SampleJob', '0 15 3 * * ?', 'alpha', '运行中的任务（改）', '停止']);
    ws.addRow(['office.job.SampleJob', '0 15 4 * * ?', 'beta', '暂停的任务（改）', '正常']);
    ws.addRow(['office.job.SampleJob', '0 0 5 * * ?', 'gamma', '新任务', '正常']);
    const r = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    const after = await jobs();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((j) => j.id === running.id)).toMatchObject({ cronExpression: '0 15 3 * * ?', description: '运行中的任务（改）', status: 0 });
    expect(after.find((j) => j.id === paused.id)).toMatchObject({ cronExpression: '0 15 4 * * ?', description: '暂停的任务（改）', status: -1 });
    expect(after.find((j) => j.parameter === 'gamma')).toMatchObject({ jobClassName: 'office.job.SampleJob', status: -1 });
    expect(after.filter((j) => j.status === 0).map((j) => j.id).sort()).toEqual(before.filter((j) => j.status === 0).map((j) => j.id).sort());
    expect(r).toMatchObject({ success: true, message: '共3行数据全部导入成功！新增1个任务，更新2个任务' });
  });
});
