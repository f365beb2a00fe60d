import { newId } from '../../platform/db/ids.js';
import type { AppContext } from '../../platform/context.js';
import type { InAppBatch, InAppChannel, OutgoingMessage, SendResult } from '../message/channels.js';
import type { AnnouncementService } from './announcement.service.js';
import type { SysAnnouncement, SysAnnouncementSend } from './announcement.tables.js';

/** Rows per insert statement of a joint write. */
const BATCH_ROWS = 400;

/** The in-app channel: a published announcement addressed to the receivers (the bell and the socket). */
export class SystemChannel implements InAppChannel {
  readonly name = 'system';
  readonly label = '系统消息';

  constructor(
    private readonly ctx: AppContext,
    private readonly annts: AnnouncementService,
  ) {}

  async send(msg: OutgoingMessage): Promise<SendResult> {
    if (msg.receivers.length === 0) return { delivered: 0 };
    const users = await this.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username'])
      .where('username', 'in', msg.receivers)
      .where('delFlag', '=', 0)
      .execute();
    if (users.length === 0) return { delivered: 0, detail: '接收人不存在' };
    const senderName = msg.sender || 'admin';
    const s = await this.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'orgCode'])
      .where('username', '=', senderName)
      .executeTakeFirst();
    const sender = {
      id: s?.id ?? 'system',
      username: s?.username ?? senderName,
      realname: s?.realname ?? senderName,
      orgCode: s?.orgCode ?? '',
      company: (s?.orgCode ?? '').slice(0, 3),
      tenantId: 0,
      sessionId: '',
    };
    await this.annts.publish(sender, {
      titile: msg.title,
      msgContent: msg.content,
      msgCategory: msg.category ?? '2',
      priority: msg.priority ?? 'L',
      msgType: 'USER',
      userIds: users.map((u) => u.id).join(','),
      openType: msg.openType ?? null,
      openPage: msg.openPage ?? null,
    });
    return { delivered: users.length };
  }

  /**
   * The rows `send` would leave for each message — an announcement published at `at` by the sender (`admin`
   * when none), addressed to the receivers that exist — with one read of the receivers for all messages.
   * Nothing is written: the batch holds the inserts, which the caller runs in one go with its own, then calls `push`.
   */
  async prepareMany(msgs: OutgoingMessage[], at: string): Promise<InAppBatch> {
    const names = [...new Set(msgs.flatMap((m) => m.receivers))];
    const rows = names.length
      ? await this.ctx.db
          .selectFrom('sysUser')
          .select(['id', 'username'])
          .where('username', 'in', names)
          .where('delFlag', '=', 0)
          .execute()
      : [];
    const idsOf = new Map<string, string[]>();
    for (const r of rows) idsOf.set(r.username, [...(idsOf.get(r.username) ?? []), r.id]);
    const announcements: SysAnnouncement[] = [];
    const recipients: SysAnnouncementSend[] = [];
    const out: InAppBatch = { writes: [], results: [], push: () => undefined };
    const pushes: { ids: string[]; msgId: string; msgTxt: string }[] = [];
    for (const msg of msgs) {
      const ids = [...new Set([...new Set(msg.receivers)].flatMap((u) => idsOf.get(u) ?? []))];
      if (ids.length === 0) {
        out.results.push(msg.receivers.length ? { delivered: 0, detail: '接收人不存在' } : { delivered: 0 });
        continue;
      }
      const sender = msg.sender || 'admin';
      const row: SysAnnouncement = {
        id: newId(),
        ...this.annts.clean({
          titile: msg.title,
          msgContent: msg.content,
          priority: msg.priority,
          msgCategory: msg.category || '2',
          msgType: 'USER',
          openType: msg.openType,
          openPage: msg.openPage,
        }),
        sender,
        sendStatus: '1',
        sendTime: at,
        cancelTime: null,
        delFlag: 0,
        userIds: ids.join(',') + ',',
        createBy: sender,
        createTime: at,
        updateBy: sender,
        updateTime: at,
      };
      announcements.push(row);
      for (const userId of ids) {
        recipients.push({
          id: newId(),
          anntId: row.id,
          userId,
          readFlag: '0',
          readTime: null,
          createBy: sender,
          createTime: at,
          updateBy: null,
          updateTime: null,
        });
      }
      out.results.push({ delivered: ids.length });
      pushes.push({ ids, msgId: row.id, msgTxt: row.titile ?? '' });
    }
    const db = this.ctx.db;
    if (announcements.length) out.writes.push(db.insertInto('sysAnnouncement').values(announcements));
    for (let i = 0; i < recipients.length; i += BATCH_ROWS)
      out.writes.push(db.insertInto('sysAnnouncementSend').values(recipients.slice(i, i + BATCH_ROWS)));
    out.push = () => {
      for (const p of pushes)
        this.ctx.realtime.sendToUsers(p.ids, { cmd: 'user', msgId: p.msgId, msgTxt: p.msgTxt });
    };
    return out;
  }
}
