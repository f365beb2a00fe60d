import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startServer, type ServerProcess } from './server-process.js';

const FAULT_ROUTES = path.join(import.meta.dirname, 'fault-routes.ts');

/**
 * The real server process (main.ts) with test-only routes that fail as bugs do: it answers 500 where a
 * request failed, logs what nobody caught, and keeps serving — the process never exits.
 */
describe('unhandled errors in handlers and background tasks (server process)', () => {
  let s: ServerProcess;
  beforeAll(async () => {
    s = await startServer('sqlite', { preload: [FAULT_ROUTES] });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const root = () => s.base.replace(/\/jeecg-boot$/, '');

  it('answers 500 for a handler that fails after an await, and the next request succeeds', async () => {
    const r = await s.call('GET', `${root()}/faults/async-throw`);
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ success: false, code: 500, message: '系统繁忙，请稍后再试' });
    expect(r.raw).not.toContain('handler failed after an await');
    expect((await s.call('GET', '/actuator/health')).status).toBe(200);
  });

  it('keeps serving after a handler leaves a rejected promise behind', async () => {
    const r = await s.call('GET', `${root()}/faults/floating-rejection`);
    expect(r.body?.success).toBe(true);
    await eventually(() => s.output().includes('left behind by a handler'));
    expect(s.alive()).toBe(true);
    const token = await s.login();
    expect((await s.call('GET', '/sys/user/list', token)).body?.success).toBe(true);
  });

  it('keeps serving after an exception thrown from a timer', async () => {
    const r = await s.call('GET', `${root()}/faults/timer-throw`);
    expect(r.body?.success).toBe(true);
    await eventually(() => s.output().includes('thrown from a timer'));
    expect(s.alive()).toBe(true);
    expect((await s.call('GET', '/actuator/health')).status).toBe(200);
  });

  it('keeps serving while a background task throws and rejects on every run', async () => {
    expect((await s.call('GET', `${root()}/faults/start-background`)).body?.success).toBe(true);
    await eventually(async () => (await s.call('GET', `${root()}/faults/background-runs`)).body?.result >= 7);
    await eventually(() => s.output().includes('background task threw') && s.output().includes('background task rejected'));
    expect(s.alive()).toBe(true);
    const token = await s.login();
    expect((await s.call('GET', '/sys/role/list', token)).body?.success).toBe(true);
  });
});
