import type { CurrentUser } from '../../../platform/access/access.js';
import { isGroupLevel } from '../../../platform/access/access.js';
import { scopeToCompany } from '../../../platform/access/scope.js';
import type { AppContext } from '../../../platform/context.js';
import { formatDateTime } from '../../../platform/db/time.js';
import { page } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { writeLog } from '../../../platform/oplog/oplog.js';
import { likeContains } from '../../../platform/query/like.js';
import { describeUserAgent } from './user-agent.js';

export interface OnlineQuery {
  pageNo: number;
  pageSize: number;
  username?: string;
}

/**
 * 在线用户: the live sessions (who, since when, from which IP and browser, last activity) and ending one.
 * Company scope: A01 sees every session, anyone else the sessions of users of their company.
 */
export class OnlineUserService {
  constructor(private readonly ctx: AppContext) {}

  /** The user ids the caller may see, or undefined for all; narrowed by a username search. */
  private async visibleUserIds(user: CurrentUser, username?: string): Promise<string[] | undefined> {
    // the list page sends `*text*` for a like search
    const search = username?.trim().replace(/^\*+|\*+$/g, '');
    if (isGroupLevel(user) && !search) return undefined;
    let q = this.ctx.db.selectFrom('sysUser').select('id');
    q = scopeToCompany(q, user, 'orgCode');
    if (search) {
      q = q.where((eb) => eb.or([likeContains('username', search), likeContains('realname', search)]));
    }
    return (await q.execute()).map((r) => r.id);
  }

  async list(user: CurrentUser, query: OnlineQuery) {
    const userIds = await this.visibleUserIds(user, query.username);
    const { records, total } = await this.ctx.sessions.list({
      offset: (query.pageNo - 1) * query.pageSize,
      limit: query.pageSize,
      ...(userIds ? { userIds } : {}),
    });
    const ids = [...new Set(records.map((r) => r.userId))];
    const users = ids.length
      ? await this.ctx.db
          .selectFrom('sysUser as u')
          .leftJoin('sysDepart as d', 'd.orgCode', 'u.orgCode')
          .select(['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.orgCode', 'd.departName'])
          .where('u.id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const rows = records.map((s) => {
      const u = byId.get(s.userId);
      const { browser, os } = describeUserAgent(s.userAgent);
      return {
        id: s.id,
        // the stock client sends the row's token back to forceLogout; here it is the session id, never a credential
        token: s.id,
        userId: s.userId,
        username: u?.username ?? s.username,
        realname: u?.realname ?? null,
        avatar: u?.avatar ?? null,
        orgCode: u?.orgCode ?? null,
        orgCodeTxt: u?.departName ?? null,
        ip: s.ip,
        browser,
        os,
        loginTime: formatDateTime(s.createdAt),
        lastActiveTime: formatDateTime(s.lastSeenAt ?? s.createdAt),
        expireTime: formatDateTime(s.expiresAt),
        current: s.id === user.sessionId,
      };
    });
    return page(rows, total, query.pageNo, query.pageSize);
  }

  /** Ends a session (its sockets close at once on every instance through the session-end event). */
  async forceLogout(user: CurrentUser, tokenOrSessionId: string, ip: string): Promise<void> {
    const claims = tokenOrSessionId.includes('.') ? this.ctx.tokens.read(tokenOrSessionId) : null;
    const sessionId = claims ? claims.sid : tokenOrSessionId;
    if (sessionId === user.sessionId) throw businessError('不能强制退出当前登录的会话');
    const session = await this.ctx.sessions.get(sessionId);
    if (!session) throw businessError('该用户已不在线');
    const target = await this.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'orgCode'])
      .where('id', '=', session.userId)
      .executeTakeFirst();
    const visible = await this.visibleUserIds(user);
    if (visible && !visible.includes(session.userId)) throw businessError('该用户已不在线');
    await this.ctx.sessions.revoke(sessionId);
    await writeLog(this.ctx.db, {
      logType: 1,
      logContent: `用户名: ${target?.realname ?? session.username},已被 ${user.username} 强制退出！`,
      userid: session.username,
      username: target?.realname ?? null,
      ip,
      method: 'forceLogout',
      requestUrl: '/sys/online/forceLogout',
      requestType: 'POST',
      outcome: 'success',
    });
  }
}
