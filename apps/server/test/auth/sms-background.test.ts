import { SMS_TEXTS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsPurpose } from '../../src/platform/sms/providers.js';
import { recordingSmsConfig } from '../../src/platform/sms/sms-config.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { callFrom, recorder, settled } from './sms-helpers.js';

/** The recording channel held at a gate: a send starts, then waits until the test opens the gate (or fails). */
function gateProvider(t: TestApp) {
  const rec = recorder(t);
  const record = rec.send.bind(rec);
  const state = { started: 0, completed: 0, fail: false };
  const opens: (() => void)[] = [];
  let gate = new Promise<void>((r) => opens.push(r));
  rec.send = async (mobile: string, purpose: SmsPurpose, code: string) => {
    state.started++;
    await gate;
    if (state.fail) throw new Error('provider refused');
    await record(mobile, purpose, code);
    state.completed++;
  };
  return {
    state,
    close() {
      for (const open of opens) open();
      gate = Promise.resolve();
    },
    reset() {
      gate = new Promise<void>((r) => opens.push(r));
    },
  };
}

/** The answer without its timestamp and the signature over it (what differs between any two answers). */
const content = (body: object) => ({ ...body, timestamp: undefined, zSignVer: undefined });

describe.each(dbKinds)('[AUTH] SMS codes are sent after the answer on %s', (kind) => {
  let t: TestApp;
  let gate: ReturnType<typeof gateProvider>;
  beforeAll(async () => {
    t = await createTestApp(kind, { sms: recordingSmsConfig() });
    gate = gateProvider(t);
  });
  afterAll(async () => {
    gate?.close();
    await t?.close();
  });

  it('answers a registered mobile before the provider call completes, with the answer an unknown mobile gets', { timeout: 30_000 }, async () => {
    // 13811110005 belongs to an account (a login code is of use); 13899990301 to none
    const known = await callFrom(t, '10.0.9.1', 'POST', '/sys/sms', { mobile: '13811110005', smsmode: '0' });
    expect(gate.state.completed).toBe(0);
    const unknown = await callFrom(t, '10.0.9.1', 'POST', '/sys/sms', { mobile: '13899990301', smsmode: '0' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toMatchObject({ success: true, message: SMS_TEXTS.sent, result: null });
    expect(content(known.body)).toEqual(content(unknown.body));

    gate.close();
    await settled(t);
    expect(gate.state.started).toBe(1);
    expect(gate.state.completed).toBe(1);
    expect(recorder(t).latest('13811110005')?.code).toMatch(/^\d{6}$/);
    expect(recorder(t).latest('13899990301')).toBeUndefined();
  });

  it('a failed send is logged, not answered: the same answer, no usable code, the server keeps serving', { timeout: 30_000 }, async () => {
    gate.reset();
    gate.state.fail = true;
    const r = await callFrom(t, '10.0.9.2', 'POST', '/sys/sms', { mobile: '13811110006', smsmode: '0' });
    expect(r.body).toMatchObject({ success: true, message: SMS_TEXTS.sent, result: null });
    gate.close();
    await settled(t);
    expect(recorder(t).latest('13811110006')).toBeUndefined();
    const rows = await t.app.ctx.db.selectFrom('kvStore').select('k').where('k', 'like', 'sms:code:login:13811110006:%').execute();
    expect(rows).toHaveLength(0);
    gate.state.fail = false;
    const next = await callFrom(t, '10.0.9.2', 'POST', '/sys/sms', { mobile: '13899990302', smsmode: '1' });
    expect(next.body.success).toBe(true);
    await settled(t);
    expect(recorder(t).latest('13899990302')?.code).toMatch(/^\d{6}$/);
  });
});
