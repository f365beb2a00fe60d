import { createHmac, randomInt } from 'node:crypto';
import { SMS_TEXTS } from '@go/contract';
import type { AppContext } from '../../../platform/context.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import type { KvStore } from '../../../platform/kv/kv-store.js';
import { createSmsProvider, type SmsProvider, type SmsPurpose } from '../../../platform/sms/providers.js';
import { loadSmsConfig, type SmsConfig } from '../../../platform/sms/sms-config.js';

/** A code lives 5 minutes and is consumed by its first successful use. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** One code per mobile per 60 s, whatever the purpose. */
export const SMS_RESEND_MS = 60_000;
/** Wrong codes accepted per mobile within the window before verification refuses (register, forgot). */
export const SMS_VERIFY_FAILS = 5;
export const SMS_VERIFY_WINDOW_MS = 15 * 60_000;
/** A verified 找回密码 step stays usable this long for the second step. */
export const RESET_TICKET_TTL_MS = 10 * 60_000;

const PURPOSE_OF_MODE: Record<'0' | '1' | '2', SmsPurpose> = { '0': 'login', '1': 'register', '2': 'forgot' };

/** yyyyMMdd of a moment in GMT+8 (the business day the daily caps count). */
function dayKey(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * SMS verification codes: 6 digits, 5 minutes, single use, stored only as an HMAC. Asking for a code is
 * limited to one per mobile per 60 s and daily caps per mobile and per IP; the answer never tells whether
 * the mobile belongs to an account (a code is only sent when it can be used, but the answer is the same, and
 * it leaves before the account is looked up or the provider called, so its timing tells nothing either).
 * `clock` is injectable so tests can move time.
 */
export class SmsCodeService {
  clock: () => number = () => Date.now();
  readonly config: SmsConfig;
  readonly provider: SmsProvider | null;
  /** codes being looked up and sent after their answer left */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext, provider?: SmsProvider | null) {
    this.config = ctx.config.sms ?? loadSmsConfig();
    this.provider = provider === undefined ? createSmsProvider(this.config) : provider;
  }

  get kv(): KvStore {
    return this.ctx.kv;
  }

  /** Self-registration is open: configured on (or left to follow the provider) and a provider can send codes. */
  registrationOpen(): boolean {
    return !!this.provider && this.config.selfRegistration !== 'off';
  }

  private hash(purpose: string, mobile: string, code: string): string {
    return createHmac('sha256', this.ctx.config.jwtSecret).update(`sms\n${purpose}\n${mobile}\n${code}`).digest('hex');
  }

  private codeKey(purpose: SmsPurpose, mobile: string, code: string): string {
    return `sms:code:${purpose}:${mobile}:${this.hash(purpose, mobile, code)}`;
  }

  /**
   * Handles POST /sys/sms. The limits are decided before answering; whether the code is of use (the account
   * lookup), storing it and the provider call happen in the background after the answer, which is therefore
   * the same, in content and in time, whether or not a code is sent. A failed send is logged.
   */
  async request(mobile: string, mode: '0' | '1' | '2', ip: string): Promise<void> {
    if (!this.provider) throw businessError(SMS_TEXTS.notConfigured);
    const purpose = PURPOSE_OF_MODE[mode];
    const t = this.clock();
    const day = dayKey(t);
    // Reserve-before-check: every request takes its slot first, so concurrent requests cannot pass together.
    if ((await this.kv.incr(`sms:day:ip:${ip}:${day}`, 26 * 3600_000)) > this.config.dailyPerIp) {
      throw businessError(SMS_TEXTS.ipCap);
    }
    // One request per mobile at a time, then the 60 s gap measured on the service clock.
    const lockKey = `sms:lock:${mobile}`;
    if ((await this.kv.incr(lockKey, 10_000)) > 1) throw businessError(SMS_TEXTS.tooFrequent);
    try {
      const last = Number((await this.kv.get(`sms:last:${mobile}`)) ?? 0);
      if (last && t - last < SMS_RESEND_MS) throw businessError(SMS_TEXTS.tooFrequent);
      if ((await this.kv.incr(`sms:day:m:${mobile}:${day}`, 26 * 3600_000)) > this.config.dailyPerMobile) {
        throw businessError(SMS_TEXTS.dailyCap);
      }
      await this.kv.set(`sms:last:${mobile}`, String(t), 26 * 3600_000);
    } finally {
      await this.kv.del(lockKey);
    }

    const job: Promise<void> = this.deliver(mobile, purpose, t)
      .catch((err: unknown) => this.ctx.log.warn({ err: (err as Error)?.message, provider: this.provider?.name }, 'sms send failed'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves once every code asked for so far has been looked up and sent (or has failed); tests and shutdown. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** The background part of a request: a code only for a mobile it is of use to, stored, then sent. */
  private async deliver(mobile: string, purpose: SmsPurpose, t: number): Promise<void> {
    if (!this.provider || !(await this.usable(mobile, purpose))) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Only one live code per mobile and purpose: the previous one is dropped.
    const prev = await this.kv.get(`sms:cur:${purpose}:${mobile}`);
    if (prev) await this.kv.del(prev);
    const key = this.codeKey(purpose, mobile, code);
    await this.kv.set(key, String(t + SMS_CODE_TTL_MS), SMS_CODE_TTL_MS + 60_000);
    await this.kv.set(`sms:cur:${purpose}:${mobile}`, key, SMS_CODE_TTL_MS + 60_000);
    try {
      await this.provider.send(mobile, purpose, code);
    } catch (err) {
      await this.kv.del(key);
      throw err;
    }
  }

  /** Whether a code of this purpose would be of use: login and forgot need one account, register none. */
  private async usable(mobile: string, purpose: SmsPurpose): Promise<boolean> {
    if (purpose === 'register') {
      const any = await this.ctx.db.selectFrom('sysUser').select('id').where('phone', '=', mobile).limit(1).executeTakeFirst();
      return !any;
    }
    const users = await this.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'status'])
      .where('phone', '=', mobile)
      .where('delFlag', '=', 0)
      .limit(2)
      .execute();
    return users.length === 1 && users[0].status !== 2;
  }

  /** Whether the code is live (without consuming it). */
  async check(mobile: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const exp = await this.kv.get(this.codeKey(purpose, mobile, code));
    return exp !== null && this.clock() <= Number(exp);
  }

  /** Consumes the code: true once for a live code, false for a wrong, used or expired one. */
  async consume(mobile: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const key = this.codeKey(purpose, mobile, code);
    const exp = await this.kv.take(key);
    if (exp === null) return false;
    await this.kv.del(`sms:cur:${purpose}:${mobile}`);
    return this.clock() <= Number(exp);
  }

  /** Reserve-before-check for code guesses outside the login throttle (register, forgot): 5 per 15 minutes. */
  async reserveGuess(mobile: string): Promise<void> {
    if ((await this.kv.incr(`sms:guess:${mobile}`, SMS_VERIFY_WINDOW_MS)) > SMS_VERIFY_FAILS) {
      throw new AppError('TOO_MANY_ATTEMPTS', '验证码错误次数过多，请稍后再试');
    }
  }

  async guessSucceeded(mobile: string): Promise<void> {
    await this.kv.del(`sms:guess:${mobile}`);
  }

  /** 找回密码 step 1 passed: the same code may set the password once within 10 minutes. */
  async issueResetTicket(mobile: string, code: string, userId: string): Promise<void> {
    await this.kv.set(`sms:reset:${mobile}:${this.hash('reset', mobile, code)}`, JSON.stringify({ userId, exp: this.clock() + RESET_TICKET_TTL_MS }), RESET_TICKET_TTL_MS + 60_000);
  }

  async peekResetTicket(mobile: string, code: string): Promise<string | null> {
    const raw = await this.kv.get(`sms:reset:${mobile}:${this.hash('reset', mobile, code)}`);
    if (!raw) return null;
    const v = JSON.parse(raw) as { userId: string; exp: number };
    return this.clock() <= v.exp ? v.userId : null;
  }

  async takeResetTicket(mobile: string, code: string): Promise<string | null> {
    const raw = await this.kv.take(`sms:reset:${mobile}:${this.hash('reset', mobile, code)}`);
    if (!raw) return null;
    const v = JSON.parse(raw) as { userId: string; exp: number };
    return this.clock() <= v.exp ? v.userId : null;
  }
}

const services = new WeakMap<AppContext, SmsCodeService>();

/** The app's SMS code service (one per application; tests reach it to move the clock or read the recording channel). */
export function smsCodes(ctx: AppContext): SmsCodeService {
  let s = services.get(ctx);
  if (!s) {
    s = new SmsCodeService(ctx);
    services.set(ctx, s);
  }
  return s;
}
