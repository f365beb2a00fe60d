import { smsCodes } from '../../src/modules/system/sms/sms.service.js';
import { RecordingSmsProvider } from '../../src/platform/sms/providers.js';
import type { Envelope, TestApp } from '../helpers.js';

/** inject() from a given client address (the throttles and caps count per IP). */
export async function callFrom(
  t: TestApp,
  ip: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope }> {
  const res = await t.app.inject({
    method,
    url: `/jeecg-boot${url}`,
    remoteAddress: ip,
    headers,
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope };
}

export function recorder(t: TestApp): RecordingSmsProvider {
  const p = smsCodes(t.app.ctx).provider;
  if (!(p instanceof RecordingSmsProvider)) throw new Error('not the recording channel');
  return p;
}

/** Waits until the codes asked for so far have been sent: /sys/sms answers before it sends. */
export async function settled(t: TestApp): Promise<void> {
  await smsCodes(t.app.ctx).settled();
}

/** The code last recorded for a mobile (once the background sends are done), or undefined when none was sent. */
export async function lastCode(t: TestApp, mobile: string): Promise<string | undefined> {
  await settled(t);
  return recorder(t).latest(mobile)?.code;
}

/** Moves the SMS service's clock by `ms` from now on (cumulative). */
export function advance(t: TestApp, ms: number): void {
  const s = smsCodes(t.app.ctx);
  const prev = s.clock;
  s.clock = () => prev() + ms;
}
