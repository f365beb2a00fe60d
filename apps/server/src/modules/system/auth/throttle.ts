import type { KvStore } from '../../../platform/kv/kv-store.js';
import { AppError } from '../../../platform/http/errors.js';

const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILS_PER_USER = 5;
export const MAX_FAILS_PER_IP = 30;

/** Failed-login throttling per username and per IP over a 15-minute window. */
export class LoginThrottle {
  constructor(private readonly kv: KvStore) {}

  async assertAllowed(username: string, ip: string): Promise<void> {
    const [u, i] = await Promise.all([this.kv.get(`loginfail:u:${username}`), this.kv.get(`loginfail:ip:${ip}`)]);
    if (Number(u ?? 0) >= MAX_FAILS_PER_USER || Number(i ?? 0) >= MAX_FAILS_PER_IP) {
      throw new AppError('TOO_MANY_ATTEMPTS');
    }
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    await Promise.all([
      this.kv.incr(`loginfail:u:${username}`, WINDOW_MS),
      this.kv.incr(`loginfail:ip:${ip}`, WINDOW_MS),
    ]);
  }

  async clear(username: string): Promise<void> {
    await this.kv.del(`loginfail:u:${username}`);
  }
}
