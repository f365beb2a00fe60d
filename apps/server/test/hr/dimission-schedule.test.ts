import { makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeServices } from '../../src/modules/announcement/register.js';
import { applyDueDimissions, DIMISSION_JOB } from '../../src/modules/hr/hr-dimission.js';
import type { HrService } from '../../src/modules/hr/hr.service.js';
import { formatDate, parseDateTime } from '../../src/platform/db/time.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

let n = 0;
const person = () => {
  n++;
  return { realname: `离职排期${n}`, idCard: makeNationalId('330106', `1991-0${(n % 9) + 1}-1${n % 9}`, 500 + n * 2), mobile: `1470009${String(1000 + n)}`, orgCode: 'A03A02' };
};
const DAY = 86_400_000;
/** A GMT+8 calendar day `days` from today. */
const dayFromToday = (days: number) => formatDate(Date.now() + days * DAY);

describe.each(dbKinds)('[HR] a dimission takes effect on its date (待离职) on %s', (kind) => {
  let t: TestApp;
  let qianhui: string; // A03 HR, files the dimission
  let lina: string; // HR manager, approves
  beforeAll(async () => {
    t = await createTestApp(kind);
    [qianhui, lina] = await Promise.all(['qianhui', 'lina'].map((u) => t.login(u)));
    // hire applies at once here; the dimission keeps its approval process
    await t.app.ctx.db.updateTable('wfDefinition').set({ status: 0 }).where('businessTable', '=', 'fm_hy_new').execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const move = async (token: string, name: string, body: Record<string, unknown>) => (await t.call(token, 'POST', `/manager/hyUser/${name}`, body)).body;
  const file = async (id: string) => (await t.call(lina, 'GET', `/manager/hyUser/queryById?id=${id}`)).body.result;
  const account = async (username: string) => t.app.ctx.db.selectFrom('sysUser').select(['status']).where('username', '=', username).executeTakeFirstOrThrow();
  const statusLogs = async (id: string) =>
    t.app.ctx.db.selectFrom('hyUserLog').selectAll().where('hyUserId', '=', id).where('action', '=', 'dimission').where('field', '=', 'status').execute();
  /** An employee on probation with a system account. */
  const employee = async () => {
    const p = person();
    const id = (await t.call(qianhui, 'POST', '/manager/hyUser/add', p)).body.result.id as string;
    await move(qianhui, 'toInterview', { id });
    expect(await move(qianhui, 'hire', { id, orgCode: 'A03A02', post: 'zy', entryDate: '2026-01-05', probationMonths: 3 })).toMatchObject({ success: true });
    const username = `lz_sched${n}`;
    expect((await move(qianhui, 'entry', { id, entryDate: '2026-01-05', username })).success).toBe(true);
    return { id, username, realname: p.realname };
  };
  const approve = async (realname: string) => {
    const r = await t.call(lina, 'POST', '/actTask/todoList', { name: '', pageIndex: 1, pageSize: 200 });
    const rows = (r.body.result?.records ?? r.body.result) as Record<string, string>[];
    const task = rows.find((x) => JSON.stringify(x).includes(realname));
    expect(task, `no task for ${realname}`).toBeTruthy();
    const pass = await t.call(lina, 'POST', '/actTask/pass', { id: task!.id, comment: '同意离职', type: 0 });
    expect(pass.body.success, pass.body.message).toBe(true);
  };
  /** Runs the job's handler as the scheduler would, for a firing at 00:05 GMT+8 of `day`. */
  const runJob = async (day: string) => {
    const handler = officeServices(t.app.ctx).jobRegistry.get(DIMISSION_JOB);
    expect(handler, 'job handler registered').toBeTruthy();
    return handler!.run(null, { jobId: 'test', jobClassName: DIMISSION_JOB, parameter: null, fireTime: parseDateTime(`${day} 00:05:00`), trigger: 'manual' });
  };

  it('approved with a future date: 待离职 until the date, then the job sets 离职 and freezes the account once', async () => {
    const e = await employee();
    const date = dayFromToday(12);
    const r = await move(qianhui, 'dimission', { id: e.id, dimissionType: '1', date, reason: '个人发展', handover: '交接给王芳' });
    expect(r).toMatchObject({ success: true, message: '已提交离职审批' });
    await approve(e.realname);

    // recorded, still in service, marked 待离职; the account still works
    expect(await file(e.id)).toMatchObject({ status: 'probation', pendingMove: 'leave', dimissionDate: date, dimissionType: '1', dimissionReason: '个人发展', handover: '交接给王芳' });
    expect((await account(e.username)).status).toBe(1);
    expect(await statusLogs(e.id)).toHaveLength(0);
    const dateLog = await t.app.ctx.db.selectFrom('hyUserLog').selectAll().where('hyUserId', '=', e.id).where('field', '=', 'dimissionDate').executeTakeFirst();
    expect(dateLog).toMatchObject({ action: 'dimission', newValue: date, operator: 'qianhui' });
    // the in-service list shows the file with its marker; the 离职 list does not have it yet
    const inService = await t.call(lina, 'GET', `/manager/hyUser/list?status=probation,regular&realname=${encodeURIComponent(e.realname)}`);
    expect(inService.body.result.records[0]).toMatchObject({ id: e.id, pendingMove: 'leave' });
    expect((await t.call(lina, 'GET', `/manager/hyUser/list?status=dimission&realname=${encodeURIComponent(e.realname)}`)).body.result.total).toBe(0);
    // no other move meanwhile
    expect((await move(qianhui, 'regular', { id: e.id, regularDate: dayFromToday(1) })).message).toBe(`该员工已办理离职，将于${date}生效`);

    // the job the day before changes nothing
    expect(await runJob(dayFromToday(11))).toBe('离职生效 0 人');
    expect((await file(e.id)).status).toBe('probation');

    // on the date (a fake 'today'): 离职, account frozen, the move logged with the requester as operator
    expect(await runJob(date)).toBe('离职生效 1 人');
    expect(await file(e.id)).toMatchObject({ status: 'dimission', pendingMove: null, dimissionDate: date, statusDate: date });
    expect((await account(e.username)).status).toBe(2);
    const logs = await statusLogs(e.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ oldValue: 'probation', newValue: 'dimission', operator: 'qianhui', effectiveDate: date, reason: '个人发展' });

    // idempotent: a second run (or a later day) does nothing more
    expect(await runJob(date)).toBe('离职生效 0 人');
    expect(await runJob(dayFromToday(13))).toBe('离职生效 0 人');
    expect(await statusLogs(e.id)).toHaveLength(1);
  });

  it('a date of today or earlier takes effect at once, as before', async () => {
    for (const date of [dayFromToday(0), dayFromToday(-3)]) {
      const e = await employee();
      await move(qianhui, 'dimission', { id: e.id, dimissionType: '1', date, reason: '合同到期' });
      await approve(e.realname);
      expect(await file(e.id)).toMatchObject({ status: 'dimission', pendingMove: null, dimissionDate: date });
      expect((await account(e.username)).status).toBe(2);
    }
  });

  it('without an approval process a future date is scheduled too; two instances running the job at once apply it once', async () => {
    await t.app.ctx.db.updateTable('wfDefinition').set({ status: 0 }).where('businessTable', '=', 'fm_hy_dimission').execute();
    try {
      const files = [await employee(), await employee(), await employee()];
      const date = dayFromToday(5);
      for (const e of files) {
        expect(await move(qianhui, 'dimission', { id: e.id, dimissionType: '2', date, reason: '辞退' })).toMatchObject({ success: true, message: `离职已登记，将于${date}生效` });
        expect((await file(e.id)).pendingMove).toBe('leave');
      }
      const hr = (t.app as unknown as { hr?: HrService }).hr;
      const run = () => (hr ? applyDueDimissions(t.app.ctx.db, hr, date) : runJob(date));
      await Promise.all([run(), run(), run()]);
      for (const e of files) {
        expect(await file(e.id)).toMatchObject({ status: 'dimission', pendingMove: null });
        expect((await account(e.username)).status).toBe(2);
        expect(await statusLogs(e.id)).toHaveLength(1);
      }
    } finally {
      await t.app.ctx.db.updateTable('wfDefinition').set({ status: 1 }).where('businessTable', '=', 'fm_hy_dimission').execute();
    }
  });
});
