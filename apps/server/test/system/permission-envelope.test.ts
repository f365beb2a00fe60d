import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionService, type PermissionPayload } from '../../src/modules/system/permission/permission.service.js';
import { responseSignature } from '../../src/platform/crypto/envelope.js';

const KEY = '1234567890adbcde';
const open = (buf: Buffer) => JSON.parse(gunzipSync(buf).toString('utf8')) as { timestamp: number; result: unknown; zSignVer: string };

describe('[PERM] the prepared permission envelope', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a signed gzipped envelope, renews it off the event loop within two seconds, and at once when older', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2026, 10, 27, 2, 0, 0);
    vi.setSystemTime(t0);
    const payload: PermissionPayload = { json: '{"menu":[{"id":"1","name":"首页"}],"auth":[]}', etag: '"e"', version: 1 };
    const signedAt = (buf: Buffer, at: number) => {
      const body = open(buf);
      expect(body.timestamp).toBe(at);
      expect(body.result).toEqual(JSON.parse(payload.json));
      expect(body.zSignVer).toBe(responseSignature(body.timestamp, body.result, KEY));
    };

    const first = PermissionService.gzippedEnvelope(payload, '查询成功', KEY);
    signedAt(first, t0);
    vi.setSystemTime(t0 + 500);
    expect(PermissionService.gzippedEnvelope(payload, '查询成功', KEY)).toBe(first);

    // The envelope renews after a second: the previous compressed one is sent until the new one is ready.
    vi.setSystemTime(t0 + 1_500);
    expect(PermissionService.gzippedEnvelope(payload, '查询成功', KEY)).toBe(first);
    expect(JSON.parse(PermissionService.envelope(payload, '查询成功', KEY).toString('utf8')).timestamp).toBe(t0 + 1_500);
    await vi.waitFor(() => expect(PermissionService.gzippedEnvelope(payload, '查询成功', KEY)).not.toBe(first));
    signedAt(PermissionService.gzippedEnvelope(payload, '查询成功', KEY), t0 + 1_500);

    // Unused for longer than two seconds: compressed at once, never older than that.
    vi.setSystemTime(t0 + 9_000);
    signedAt(PermissionService.gzippedEnvelope(payload, '查询成功', KEY), t0 + 9_000);
  });
});
