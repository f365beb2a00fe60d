import type { KvStore } from '../../../platform/kv/kv-store.js';
import { AppError } from '../../../platform/http/errors.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILS_PER_USER = 5;
export const MAX_FAILS_PER_IP = 30;

const userKey = (username: string) => `loginfail:u:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `loginfail:ip:${ip}`;

/**
 * Failed-login throttling per username and per IP over a 15-minute window, reserve-before-check: every
 * attempt first takes a slot with an atomic increment and is refused when the slot lies beyond the limit,
 * so concurrent wrong passwords cannot all be checked before the first failure is recorded. A successful
 * sign-in gives its slots back (the user counter is cleared, the IP slot returned).
 */
export class LoginThrottle {
  constructor(private readonly kv: KvStore) {}

  /** Takes a slot for this attempt; throws TOO_MANY_ATTEMPTS when either counter is already full. */
  async reserve(username: string, ip: string): Promise<void> {
    const [u, i] = await Promise.all([this.kv.incr(userKey(username), LOGIN_WINDOW_MS), this.kv.incr(ipKey(ip), LOGIN_WINDOW_MS)]);
    if (u > MAX_FAILS_PER_USER || i > MAX_FAILS_PER_IP) throw new AppError('TOO_MANY_ATTEMPTS');
  }

  /** The attempt succeeded: the username's failures are forgiven and the IP slot is returned. */
  async succeeded(username: string, ip: string): Promise<void> {
    await Promise.all([this.kv.del(userKey(username)), this.kv.incr(ipKey(ip), LOGIN_WINDOW_MS, -1)]);
  }
}
