import type { CurrentUser } from '../../platform/access/access.js';
import type { AppContext } from '../../platform/context.js';
import { officeServices } from '../announcement/register.js';

/** A bell notice (published USER system message) from `sender` to some users, opening `openPage`. */
export class OfficeNotifier {
  constructor(private readonly ctx: AppContext) {}

  async send(sender: CurrentUser | null, usernames: string[], title: string, content: string, openPage: string, priority: 'L' | 'M' | 'H' = 'L'): Promise<number> {
    const names = [...new Set(usernames)].filter(Boolean);
    if (names.length === 0) return 0;
    const users = await this.ctx.db.selectFrom('sysUser').select('id').where('username', 'in', names).where('delFlag', '=', 0).execute();
    if (users.length === 0) return 0;
    const from = sender ?? (await this.system());
    await officeServices(this.ctx).announcements.publish(from, {
      titile: title,
      msgContent: content,
      msgCategory: '2',
      msgType: 'USER',
      priority,
      userIds: users.map((u) => u.id).join(','),
      openType: 'url',
      openPage,
    });
    return users.length;
  }

  /** The sender of job notices: the admin account. */
  private async system(): Promise<CurrentUser> {
    const u = await this.ctx.db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', 'admin').executeTakeFirst();
    return {
      id: u?.id ?? 'system',
      username: u?.username ?? 'admin',
      realname: u?.realname ?? '系统',
      orgCode: u?.orgCode ?? 'A01',
      company: (u?.orgCode ?? 'A01').slice(0, 3),
      tenantId: 0,
      sessionId: '',
    };
  }
}
