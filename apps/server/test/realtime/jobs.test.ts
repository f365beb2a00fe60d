import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeServices } from '../../src/modules/announcement/register.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { waitFor } from './ws-client.js';

describe.each(dbKinds)('[JOBS] scheduled jobs on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    staff = await t.login('chenjing');
  });
  afterAll(async () => {
    await t?.close();
  });

  const jobByDescription = (d: string) =>
    t.app.ctx.db.selectFrom('sysQuartzJob').selectAll().where('description', '=', d).executeTakeFirstOrThrow();
  const runs = (jobId: string, trigger?: string) => {
    let q = t.app.ctx.db.selectFrom('sysQuartzJobLog').selectAll().where('jobId', '=', jobId);
    if (trigger) q = q.where('triggerType', '=', trigger);
    return q.execute();
  };

  it('lists jobs with status text; 401 and 403', async () => {
    expect((await t.call(null, 'GET', '/sys/quartzJob/list')).status).toBe(401);
    expect((await t.call(staff, 'GET', '/sys/quartzJob/list')).body.code).toBe(510);
    const r = await t.call(admin, 'GET', '/sys/quartzJob/list');
    expect(r.body.result.records.length).toBeGreaterThanOrEqual(4);
    expect(r.body.result.records[0]).toHaveProperty('status_dictText');
    const handlers = await t.call(admin, 'GET', '/sys/quartzJob/handlers');
    expect(handlers.body.result.map((h: { name: string }) => h.name)).toEqual(
      expect.arrayContaining(['office.job.PurgeExpiredSessionsJob', 'office.job.SendNoticeJob', 'office.job.RefreshDictCacheJob']),
    );
  });

  it('refuses bad input, an unknown class and an invalid expression', async () => {
    expect((await t.call(admin, 'POST', '/sys/quartzJob/add', { cronExpression: '* * * * * ?' })).status).toBe(400);
    const unknown = await t.call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'com.x.Nope', cronExpression: '0 0 1 * * ?' });
    expect(unknown.body).toMatchObject({ success: false, code: 500, message: '后台找不到该类名：com.x.Nope' });
    const both = await t.call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'office.job.SampleJob', cronExpression: '0 0 1 * * *' });
    expect(both.body.success).toBe(false);
    expect(both.body.message).toContain('日与周必须有且只有一个为“?”');
    expect((await t.call(staff, 'POST', '/sys/quartzJob/add', { jobClassName: 'office.job.SampleJob', cronExpression: '0 0 1 * * ?' })).status).toBe(403);
  });

  it('adds a job that fires every second, pauses, resumes, edits and deletes it', async () => {
    const add = await t.call(admin, 'POST', '/sys/quartzJob/add', {
      jobClassName: 'office.job.SampleJob',
      cronExpression: '* * * * * ? *',
      parameter: 'p1',
      description: '每秒测试',
    });
    expect(add.body.message).toBe('创建定时任务成功');
    const job = await jobByDescription('每秒测试');
    await waitFor(async () => (await runs(job.id, 'cron')).length >= 2);
    const fired = await runs(job.id, 'cron');
    expect(fired[0]).toMatchObject({ status: 'success', message: '示例任务运行，参数：p1' });
    expect(new Set(fired.map((r) => r.fireTime)).size).toBe(fired.length);

    expect((await t.call(admin, 'GET', `/sys/quartzJob/pause?id=${job.id}`)).body.message).toBe('暂停定时任务成功');
    expect((await jobByDescription('每秒测试')).nextFire).toBeNull();
    expect((await t.call(admin, 'GET', `/sys/quartzJob/resume?id=${job.id}`)).body.message).toBe('恢复定时任务成功');
    expect((await t.call(admin, 'GET', '/sys/quartzJob/pause')).status).toBe(400);
    expect((await t.call(admin, 'GET', '/sys/quartzJob/pause?jobClassName=no.Such')).body.message).toBe('定时任务不存在！');
    expect((await jobByDescription('每秒测试')).nextFire).not.toBeNull();

    const edit = await t.call(admin, 'PUT', '/sys/quartzJob/edit', {
      id: job.id,
      jobClassName: 'office.job.SampleJob',
      cronExpression: '0 0 3 L * ? *',
      description: '每秒测试',
      status: 0,
    });
    expect(edit.body.message).toBe('更新定时任务成功!');
    const edited = await jobByDescription('每秒测试');
    expect(new Date(Number(edited.nextFire)).getTime()).toBeGreaterThan(Date.now());

    const logs = await t.call(admin, 'GET', `/sys/quartzJob/logs?jobId=${job.id}`);
    expect(logs.body.result.total).toBeGreaterThanOrEqual(2);
    expect(logs.body.result.records[0].fireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await t.call(admin, 'DELETE', `/sys/quartzJob/delete?id=${job.id}`)).body.message).toBe('删除成功!');
    expect(await t.app.ctx.db.selectFrom('sysQuartzJob').select('id').where('id', '=', job.id).executeTakeFirst()).toBeUndefined();
  });

  it('execute runs a job once: purge expired sessions', async () => {
    await t.app.ctx.db
      .insertInto('sysSession')
      .values({ id: 'expired-session', userId: 'u', username: 'u', tenantId: 0, ip: null, createdAt: 1, expiresAt: 2 })
      .execute();
    const job = await t.app.ctx.db
      .selectFrom('sysQuartzJob')
      .selectAll()
      .where('jobClassName', '=', 'office.job.PurgeExpiredSessionsJob')
      .executeTakeFirstOrThrow();
    expect((await t.call(staff, 'GET', `/sys/quartzJob/execute?id=${job.id}`)).status).toBe(403);
    expect((await t.call(admin, 'GET', `/sys/quartzJob/execute?id=${job.id}`)).body.message).toBe('执行成功!');
    await waitFor(async () => (await runs(job.id, 'manual')).length === 1);
    expect((await runs(job.id, 'manual'))[0].message).toMatch(/清理过期会话 \d+ 条/);
    expect(await t.app.ctx.db.selectFrom('sysSession').select('id').where('id', '=', 'expired-session').executeTakeFirst()).toBeUndefined();
  });

  it('execute: send a notice publishes an announcement; refresh dictionary cache', async () => {
    await t.call(admin, 'POST', '/sys/quartzJob/add', {
      jobClassName: 'SendNoticeJob',
      cronExpression: '0 0 9 ? * 2 *',
      parameter: JSON.stringify({ titile: '定时发布的通知', priority: 'H' }),
      description: '通知任务',
      status: -1,
    });
    const job = await jobByDescription('通知任务');
    expect(job.nextFire).toBeNull();
    await t.call(admin, 'GET', `/sys/quartzJob/execute?id=${job.id}`);
    await waitFor(async () => (await runs(job.id, 'manual')).length === 1);
    const annt = await t.app.ctx.db.selectFrom('sysAnnouncement').selectAll().where('titile', '=', '定时发布的通知').executeTakeFirstOrThrow();
    expect(annt).toMatchObject({ sendStatus: '1', priority: 'H', sender: 'admin', msgType: 'ALL' });

    const dict = await t.app.ctx.db
      .selectFrom('sysQuartzJob')
      .selectAll()
      .where('jobClassName', '=', 'office.job.RefreshDictCacheJob')
      .executeTakeFirstOrThrow();
    await t.call(admin, 'GET', `/sys/quartzJob/execute?id=${dict.id}`);
    await waitFor(async () => (await runs(dict.id, 'manual')).length === 1);
    expect((await runs(dict.id, 'manual'))[0]).toMatchObject({ status: 'success', message: '刷新缓存完成！' });
  });

  it('a failing handler is recorded as a failed run; modules register handlers', async () => {
    officeServices(t.app.ctx).jobRegistry.register({
      name: 'test.FailingJob',
      description: 'fails',
      async run() {
        throw new Error('故意失败');
      },
    });
    await t.call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'test.FailingJob', cronExpression: '0 0 1 1 1 ? 2099', description: '失败任务' });
    const job = await jobByDescription('失败任务');
    await t.call(admin, 'GET', `/sys/quartzJob/execute?id=${job.id}`);
    await waitFor(async () => (await runs(job.id, 'manual')).length === 1);
    expect((await runs(job.id, 'manual'))[0]).toMatchObject({ status: 'fail', message: '故意失败' });
    const batch = await t.call(admin, 'DELETE', `/sys/quartzJob/deleteBatch?ids=${job.id}`);
    expect(batch.body.message).toBe('删除定时任务成功!');
  });

  it('previews the next runs of an expression', async () => {
    const r = await t.call(staff, 'GET', `/sys/quartzJob/nextRuns?cronExpression=${encodeURIComponent('0 0 12 ? * 4 *')}`);
    expect(r.body.result).toHaveLength(10);
    const bad = await t.call(staff, 'GET', `/sys/quartzJob/nextRuns?cronExpression=${encodeURIComponent('0 0 12 * * 4')}`);
    expect(bad.body.success).toBe(false);
  });
});
