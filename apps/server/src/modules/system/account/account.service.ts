import {
  SMS_TEXTS,
  type PasswordChangeQuery,
  type PhoneVerificationRequest,
  type RegisterRequest,
  type UpdatePasswordRequest,
} from '@go/contract';
import { sql } from 'kysely';
import { writeLog } from '../../../platform/oplog/oplog.js';
import type { SmsCodeService } from '../sms/sms.service.js';
import type { CurrentUser } from '../../../platform/access/access.js';
import { hashPassword, newSalt, verifyPassword } from '../../../platform/auth/password.js';
import { newId } from '../../../platform/db/ids.js';
import type { AppContext } from '../../../platform/context.js';
import type { Database } from '../../../platform/db/database.js';
import type { SysUser } from '../../../platform/db/schema.js';
import { now } from '../../../platform/db/time.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import { mustChangePassword, PASSWORD_CHANGE_TEXT, passwordChanged } from './password-state.js';

/** The departments a user belongs to, in tree order. */
export async function userDeparts(db: Database, userId: string) {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .select([
      'd.id',
      'd.parentId',
      'd.departName',
      'd.orgCode',
      'd.orgCategory',
      'd.orgType',
      'd.departOrder',
      'd.status',
    ])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', 0)
    .orderBy('d.departOrder')
    .execute();
}

/** The user as the client sees it: every column but the password and salt, plus orgCodeTxt. */
export async function presentUser(db: Database, user: SysUser) {
  const { password: _p, salt: _s, ...rest } = user;
  const depart = user.orgCode
    ? await db
        .selectFrom('sysDepart')
        .select('departName')
        .where('orgCode', '=', user.orgCode)
        .executeTakeFirst()
    : undefined;
  return { ...rest, orgCodeTxt: depart?.departName ?? null };
}

/** Self-service account operations: current departments, switching department, changing password. */
export class AccountService {
  constructor(
    private readonly ctx: AppContext,
    private readonly sms?: SmsCodeService,
  ) {}

  async currentDeparts(user: CurrentUser) {
    return { list: await userDeparts(this.ctx.db, user.id), orgCode: user.orgCode };
  }

  async selectDepart(user: CurrentUser, orgCode: string, username?: string) {
    if (username && username !== user.username) throw businessError('只允许切换自己的部门！');
    const departs = await userDeparts(this.ctx.db, user.id);
    if (!departs.some((d) => d.orgCode === orgCode)) throw businessError('您不属于该部门！');
    await this.ctx.db
      .updateTable('sysUser')
      .set({ orgCode, updateBy: user.username, updateTime: now() })
      .where('id', '=', user.id)
      .execute();
    const row = await this.ctx.db
      .selectFrom('sysUser')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { userInfo: await presentUser(this.ctx.db, row) };
  }

  /** Saves the caller's own avatar (the 更换头像 confirm) and answers the refreshed user info. */
  async updateAvatar(user: CurrentUser, avatar: string | null) {
    await this.ctx.db
      .updateTable('sysUser')
      .set({ avatar, updateBy: user.username, updateTime: now() })
      .where('id', '=', user.id)
      .execute();
    const row = await this.ctx.db
      .selectFrom('sysUser')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { userInfo: await presentUser(this.ctx.db, row) };
  }

  /** Whether the caller must change a password an administrator set (first sign-in, reset). */
  async passwordState(user: CurrentUser): Promise<{ needChangePassword: boolean; message: string | null }> {
    const need = await mustChangePassword(this.ctx.db, user.id);
    return { needChangePassword: need, message: need ? PASSWORD_CHANGE_TEXT : null };
  }

  /** Changes the caller's own password; the user's other sessions are revoked. */
  async updatePassword(user: CurrentUser, input: UpdatePasswordRequest): Promise<void> {
    if (input.username !== user.username) throw businessError('只允许修改自己的密码！');
    const row = await this.ctx.db
      .selectFrom('sysUser')
      .select(['password', 'salt'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(input.oldpassword, row.salt ?? '', row.password ?? ''))) {
      throw businessError('旧密码输入错误!');
    }
    if (input.password === input.oldpassword && (await mustChangePassword(this.ctx.db, user.id))) {
      throw businessError('新密码不能与初始密码相同');
    }
    await this.ctx.db
      .updateTable('sysUser')
      .set({
        password: await hashPassword(input.password, row.salt ?? ''),
        updateBy: user.username,
        updateTime: now(),
      })
      .where('id', '=', user.id)
      .execute();
    await passwordChanged(this.ctx.db, user.id);
    // The session that made the change stays signed in; every other one must sign in again.
    await this.ctx.sessions.revokeUser(user.id, user.sessionId);
  }

  /**
   * Self-registration: a new account with the 普通员工 role and no department. Without a department it
   * belongs to no company and sees no company's data until an administrator places it. Open only when
   * configured and an SMS provider can send the register code, which must be the live one of this mobile.
   */
  async register(input: RegisterRequest, ip: string): Promise<void> {
    const { db, kv } = this.ctx;
    const sms = this.requireSms();
    if (!sms.registrationOpen()) throw businessError(SMS_TEXTS.registrationClosed);
    if ((await kv.incr(`register:ip:${ip}`, 3600_000)) > 10)
      throw new AppError('TOO_MANY_ATTEMPTS', '注册过于频繁，请稍后再试');
    // Usernames are unique ignoring case (Admin and admin are the same account to a person).
    if (
      await db
        .selectFrom('sysUser')
        .select('id')
        .where(sql<string>`lower(username)`, '=', input.username.toLowerCase())
        .executeTakeFirst()
    ) {
      throw businessError('用户名已注册');
    }
    // The code first: without it nobody learns whether a mobile or e-mail is registered.
    await sms.reserveGuess(input.phone);
    if (!(await sms.check(input.phone, 'register', input.smscode))) throw businessError(SMS_TEXTS.wrong);
    if (await db.selectFrom('sysUser').select('id').where('phone', '=', input.phone).executeTakeFirst()) {
      throw businessError('该手机号已注册');
    }
    if (
      input.email &&
      (await db.selectFrom('sysUser').select('id').where('email', '=', input.email).executeTakeFirst())
    ) {
      throw businessError('邮箱已被注册');
    }
    if (!(await sms.consume(input.phone, 'register', input.smscode))) throw businessError(SMS_TEXTS.wrong);
    await sms.guessSucceeded(input.phone);
    const salt = newSalt();
    const id = newId();
    const t = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysUser')
        .values({
          id,
          username: input.username,
          realname: input.username,
          password: await hashPassword(input.password, salt),
          salt,
          phone: input.phone,
          email: input.email || null,
          status: 1,
          delFlag: 0,
          userIdentity: 1,
          createBy: input.username,
          createTime: t,
        })
        .execute();
      const staff = await trx
        .selectFrom('sysRole')
        .select('id')
        .where('roleCode', '=', 'staff')
        .executeTakeFirst();
      if (staff)
        await trx.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: staff.id }).execute();
    });
  }

  private requireSms(): SmsCodeService {
    if (!this.sms) throw businessError(SMS_TEXTS.notConfigured);
    return this.sms;
  }

  /**
   * 找回密码 step 1 (POST /sys/user/phoneVerification): consumes the forgot-password code of the mobile and
   * answers the account's username; the same code then sets the password once within 10 minutes.
   */
  async phoneVerification(input: PhoneVerificationRequest): Promise<{ smscode: string; username: string }> {
    const sms = this.requireSms();
    if (!sms.provider) throw businessError(SMS_TEXTS.notConfigured);
    await sms.reserveGuess(input.phone);
    const users = await this.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username'])
      .where('phone', '=', input.phone)
      .where('delFlag', '=', 0)
      .limit(2)
      .execute();
    if (users.length !== 1 || !(await sms.consume(input.phone, 'forgot', input.smscode))) throw businessError(SMS_TEXTS.wrong);
    await sms.guessSucceeded(input.phone);
    await sms.issueResetTicket(input.phone, input.smscode, users[0].id);
    return { smscode: input.smscode, username: users[0].username };
  }

  /**
   * 找回密码 step 2 (GET /sys/user/passwordChange as the stock client calls it): the verified code sets a
   * new password (the shared password rule) once; every session of the user ends.
   */
  async passwordChangeBySms(input: PasswordChangeQuery, ip: string): Promise<void> {
    const sms = this.requireSms();
    await sms.reserveGuess(input.phone);
    const userId = await sms.peekResetTicket(input.phone, input.smscode);
    if (!userId) throw businessError('短信验证码失效！');
    const user = await this.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'phone', 'delFlag'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.delFlag !== 0 || user.username !== input.username || user.phone !== input.phone) {
      throw businessError('未找到用户！');
    }
    if ((await sms.takeResetTicket(input.phone, input.smscode)) !== userId) throw businessError('短信验证码失效！');
    await sms.guessSucceeded(input.phone);
    const salt = newSalt();
    await this.ctx.db
      .updateTable('sysUser')
      .set({ password: await hashPassword(input.password, salt), salt, updateBy: user.username, updateTime: now() })
      .where('id', '=', user.id)
      .execute();
    await passwordChanged(this.ctx.db, user.id);
    await this.ctx.sessions.revokeUser(user.id);
    await writeLog(this.ctx.db, {
      logType: 2,
      operateType: 3,
      logContent: `用户名: ${user.username},通过短信验证码重置密码`,
      userid: user.username,
      username: user.realname,
      ip,
      method: 'passwordChange',
      requestUrl: '/sys/user/passwordChange',
      requestType: 'GET',
      outcome: 'success',
    });
  }
}
