import { randomUUID } from 'node:crypto';
import { SMS_TEXTS, type LoginRequest, type PhoneLoginRequest } from '@go/contract';
import type { AppContext } from '../../../platform/context.js';
import { verifyPassword } from '../../../platform/auth/password.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import type { SysUser } from '../../../platform/db/schema.js';
import type { SmsCodeService } from '../sms/sms.service.js';
import { writeLog } from '../../../platform/oplog/oplog.js';
import { now } from '../../../platform/db/time.js';
import type { DictService } from '../dict/dict.service.js';
import { presentUser, userDeparts } from '../account/account.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { LoginThrottle } from './throttle.js';
import { mustChangePassword } from '../account/password-state.js';
import { acceptLegacyPassword } from '../../../platform/auth/legacy-password.js';

export interface LoginMeta {
  ip: string;
  /** the browser's User-Agent, shown in the online-user list */
  userAgent?: string;
}

/** Account login: captcha, user checks, password, departments, tenants, then a server-side session. */
export class LoginService {
  constructor(
    private readonly ctx: AppContext,
    private readonly captcha: CaptchaService,
    private readonly throttle: LoginThrottle,
    private readonly dicts: DictService,
    private readonly sms: SmsCodeService,
  ) {}

  async login(input: LoginRequest, meta: LoginMeta) {
    const { db, config } = this.ctx;
    if (config.loginCaptcha) {
      if (!input.captcha) throw new AppError('CAPTCHA_MISSING');
      const verdict = await this.captcha.check(String(input.checkKey ?? ''), input.captcha);
      if (verdict === 'missing') throw new AppError('CAPTCHA_MISSING');
      if (verdict === 'wrong') throw new AppError('CAPTCHA_WRONG');
    }
    const username = input.username.trim();
    // The attempt counts as a failure until the password is verified (reserve-before-check).
    await this.throttle.reserve(username, meta.ip);

    const user = await db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirst();
    if (!user) {
      throw new AppError('USER_NOT_EXIST');
    }
    if (user.delFlag === 1) throw new AppError('USER_DELETED');
    if (user.status === 2) throw new AppError('USER_FROZEN');
    const passwordOk =
      (await verifyPassword(input.password, user.salt ?? '', user.password ?? '')) || (await acceptLegacyPassword(db, user, input.password));
    if (!passwordOk) {
      throw new AppError('WRONG_PASSWORD');
    }
    await this.throttle.succeeded(username, meta.ip);

    return this.completeLogin(user, meta, '/sys/login');
  }

  /**
   * Phone login (POST /sys/phoneLogin): the SMS code of the login purpose, throttled like the password
   * (failures per mobile and per IP, reserve-before-check), then the same result as the account login.
   */
  async phoneLogin(input: PhoneLoginRequest, meta: LoginMeta) {
    const { db } = this.ctx;
    const mobile = input.mobile.trim();
    await this.throttle.reserve(`phone:${mobile}`, meta.ip);
    const users = await db.selectFrom('sysUser').selectAll().where('phone', '=', mobile).where('delFlag', '=', 0).limit(2).execute();
    // A code is only ever sent to a mobile of exactly one account; anything else is a wrong code.
    if (users.length !== 1 || !(await this.sms.consume(mobile, 'login', input.captcha.trim()))) {
      throw businessError(SMS_TEXTS.wrong);
    }
    const user = users[0];
    if (user.status === 2) throw new AppError('USER_FROZEN');
    await this.throttle.succeeded(`phone:${mobile}`, meta.ip);
    return this.completeLogin(user, meta, '/sys/phoneLogin');
  }

  /** Departments, tenants, the session and the login log row: shared by every way of signing in. */
  async completeLogin(user: SysUser, meta: LoginMeta, requestUrl: string) {
    const { db, config } = this.ctx;
    const departs = await userDeparts(db, user.id);
    let multiDepart = 0;
    if (departs.length === 1) {
      multiDepart = 1;
      if (user.orgCode !== departs[0].orgCode) {
        user.orgCode = departs[0].orgCode;
        await db.updateTable('sysUser').set({ orgCode: user.orgCode }).where('id', '=', user.id).execute();
      }
    } else if (departs.length > 1) {
      multiDepart = 2;
      if (!user.orgCode || !departs.some((d) => d.orgCode === user.orgCode)) {
        user.orgCode = departs[0].orgCode;
        await db.updateTable('sysUser').set({ orgCode: user.orgCode }).where('id', '=', user.id).execute();
      }
    }

    let tenantList: { id: number; name: string }[] | undefined;
    if (user.relTenantIds) {
      const ids = user.relTenantIds.split(',').filter(Boolean).map(Number);
      const t = now();
      const tenants = ids.length
        ? await db.selectFrom('sysTenant').select(['id', 'name', 'beginDate', 'endDate', 'status']).where('id', 'in', ids).execute()
        : [];
      tenantList = tenants
        .filter((x) => x.status === 1 && (!x.beginDate || x.beginDate <= t) && (!x.endDate || x.endDate >= t))
        .map((x) => ({ id: x.id, name: x.name }));
      if (tenantList.length === 0) throw new AppError('TENANTS_FROZEN');
    }

    const sessionId = randomUUID();
    const created = Date.now();
    await this.ctx.sessions.create({
      id: sessionId,
      userId: user.id,
      username: user.username,
      tenantId: tenantList?.[0]?.id ?? null,
      ip: meta.ip,
      userAgent: meta.userAgent ? meta.userAgent.slice(0, 255) : null,
      createdAt: created,
      expiresAt: created + config.sessionTtlMs,
    });
    const token = this.ctx.tokens.issue({ sid: sessionId, username: user.username });
    await writeLog(db, {
      logType: 1,
      logContent: `用户名: ${user.username},登录成功！`,
      userid: user.username,
      username: user.realname,
      ip: meta.ip,
      method: 'login',
      requestUrl,
      requestType: 'POST',
      outcome: 'success',
    });

    return {
      token,
      userInfo: await presentUser(db, user),
      // the password was set by an administrator: the client asks for a new one first
      needChangePassword: await mustChangePassword(db, user.id),
      departs,
      multi_depart: multiDepart,
      sysAllDictItems: await this.dicts.allItems(),
      ...(tenantList ? { tenantList } : {}),
    };
  }

  /** Revokes the session behind a token; answers whether a live session was revoked. */
  async logout(token: string, meta: LoginMeta): Promise<boolean> {
    const claims = this.ctx.tokens.read(token);
    if (!claims) return false;
    const session = await this.ctx.sessions.get(claims.sid);
    if (!session) return false;
    await this.ctx.sessions.revoke(claims.sid);
    const user = await this.ctx.db
      .selectFrom('sysUser')
      .select(['username', 'realname'])
      .where('id', '=', session.userId)
      .executeTakeFirst();
    await writeLog(this.ctx.db, {
      logType: 1,
      logContent: `用户名: ${user?.realname ?? session.username},退出成功！`,
      userid: session.username,
      username: user?.realname ?? null,
      ip: meta.ip,
      method: 'logout',
      requestUrl: '/sys/logout',
      outcome: 'success',
    });
    return true;
  }
}
