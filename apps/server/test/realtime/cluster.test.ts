import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { App } from '../../src/app.js';
import { officeServices } from '../../src/modules/announcement/register.js';
import { openSocket, waitFor, type TestSocket } from './ws-client.js';
import { createCluster } from '../helpers.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const enabled = !!inject('pgTemplate') && !!redisUrl;

/**
 * Two application instances on one PostgreSQL database and one Redis, as in a scaled deployment:
 * a notice published through one reaches a socket held by the other, and a job firing every second
 * runs once per firing across both.
 */
describe.skipIf(!enabled)('[CLUSTER] two instances on PostgreSQL and Redis', () => {
  const apps: App[] = [];
  const sockets: TestSocket[] = [];
  let cluster: Awaited<ReturnType<typeof createCluster>> | undefined;
  let bases: string[] = [];

  const call = async (app: App, token: string | null, method: 'GET' | 'POST', u: string, body?: object) => {
    const res = await app.inject({
      method,
      url: `/jeecg-boot${u}`,
      headers: token ? { 'x-access-token': token } : {},
      ...(body ? { payload: body } : {}),
    });
    return res.json();
  };
  const login = async (app: App, username: string) => (await call(app, null, 'POST', '/sys/login', { username, password: '123456' })).result.token as string;

  beforeAll(async () => {
    cluster = await createCluster(2, { redisUrl, listen: true });
    apps.push(...cluster.apps);
    bases = apps.map((a) => `ws://127.0.0.1:${(a.server.address() as AddressInfo).port}/jeecg-boot`);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.close();
  });

  it('a notice published through one instance reaches a socket on the other', async () => {
    const [a, b] = apps;
    const adminToken = await login(a, 'admin');
    const staffToken = await login(a, 'chenjing'); // the session lives in Redis: instance b accepts it
    const staffId = (await a.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'chenjing').executeTakeFirstOrThrow()).id;
    const onB = await openSocket(`${bases[1]}/websocket/${staffId}`, [staffToken]);
    sockets.push(onB);
    void b;

    await call(a, adminToken, 'POST', '/sys/annountCement/add', { titile: '跨实例通知' });
    const row = await a.ctx.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '跨实例通知').executeTakeFirstOrThrow();
    expect((await call(a, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${row.id}`)).message).toBe('该系统通知发布成功');
    expect(JSON.parse(await onB.next((m) => m.includes(row.id)))).toEqual({ cmd: 'topic', msgId: row.id, msgTxt: '跨实例通知' });

    await call(a, adminToken, 'POST', '/sys/annountCement/add', { titile: '跨实例单人', msgType: 'USER', userIds: staffId });
    const one = await a.ctx.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '跨实例单人').executeTakeFirstOrThrow();
    await call(a, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${one.id}`);
    expect(JSON.parse(await onB.next((m) => m.includes(one.id)))).toMatchObject({ cmd: 'user', msgId: one.id });
  });

  it('a job firing every second runs once per firing across both instances', async () => {
    const runs: { fireTime: number; instance: number }[] = [];
    apps.forEach((app, instance) =>
      officeServices(app.ctx).jobRegistry.register({
        name: 'test.CountingJob',
        description: 'counts firings',
        async run(_p, run) {
          if (run.trigger === 'cron') runs.push({ fireTime: run.fireTime, instance });
        },
      }),
    );
    const token = await login(apps[0], 'admin');
    const add = await call(apps[0], token, 'POST', '/sys/quartzJob/add', {
      jobClassName: 'test.CountingJob',
      cronExpression: '* * * * * ? *',
      description: '集群计数',
    });
    expect(add.success).toBe(true);
    await waitFor(() => runs.length >= 5, 20_000);
    const job = await apps[0].ctx.db.selectFrom('sysQuartzJob').select('id').where('description', '=', '集群计数').executeTakeFirstOrThrow();
    await call(apps[0], token, 'GET', `/sys/quartzJob/pause?id=${job.id}`);
    const fireTimes = runs.map((r) => r.fireTime);
    expect(new Set(fireTimes).size).toBe(fireTimes.length);
    const logged = await apps[0].ctx.db.selectFrom('sysQuartzJobLog').select('fireTime').where('jobId', '=', job.id).execute();
    expect(new Set(logged.map((l) => l.fireTime)).size).toBe(logged.length);
  });

  it('Redis monitoring answers from the shared Redis', async () => {
    const token = await login(apps[1], 'admin');
    const info = await call(apps[1], token, 'GET', '/sys/actuator/redis/info');
    expect(info.success).toBe(true);
    expect(info.result.find((r: { key: string }) => r.key === 'redis_version')).toBeTruthy();
    const keys = await call(apps[1], token, 'GET', '/sys/actuator/redis/keysSize');
    expect(keys.dbSize).toBeGreaterThan(0);
    const mem = await call(apps[1], token, 'GET', '/sys/actuator/redis/memoryInfo');
    expect(mem.used_memory).toBeGreaterThan(0);
  });

  it('internal topics and table-socket updates reach the other instance', async () => {
    const seen: unknown[] = [];
    apps[1].ctx.realtime.onInternal('test:topic', (d) => seen.push(d));
    apps[0].ctx.realtime.publishInternal('test:topic', { x: 1 });
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toEqual({ x: 1 });

    const token = await login(apps[0], 'chenjing');
    const id = (await apps[0].ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'chenjing').executeTakeFirstOrThrow()).id;
    const onA = await openSocket(`${bases[0]}/vxeSocket/${id}/pageA`, [token]);
    const onB = await openSocket(`${bases[1]}/vxeSocket/${id}/pageA`, [token]);
    sockets.push(onA, onB);
    const update = { type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: '9' }] } };
    onA.ws.send(JSON.stringify(update));
    expect(JSON.parse(await onB.next((m) => m.includes('update_vxe_table')))).toEqual(update);
  });
});
