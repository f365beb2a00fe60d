import nodemailer from 'nodemailer';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import type { AnnouncementService } from '../announcement/announcement.service.js';
import type { SysAnnouncement, SysAnnouncementSend } from '../announcement/announcement.tables.js';

/** One outgoing message: receivers are usernames (the channel resolves ids, addresses or messenger ids). */
export interface OutgoingMessage {
  title: string;
  content: string;
  receivers: string[];
  /** for the in-app channel: 1 notice, 2 system message (default) */
  category?: '1' | '2';
  priority?: 'L' | 'M' | 'H';
  /** who sends (username); the in-app channel shows it as the sender */
  sender?: string;
  openType?: 'component' | 'url' | null;
  openPage?: string | null;
}

export interface SendResult {
  /** receivers the message went to */
  delivered: number;
  detail?: string;
}

/** A way to reach people. `system` (in-app) always exists; others come from configuration. */
export interface MessageChannel {
  readonly name: string;
  /** shown in the UI */
  readonly label: string;
  send(msg: OutgoingMessage): Promise<SendResult>;
}

/**
 * Several in-app messages made ready to be written together: the published announcements, their recipient
 * rows and each message's result; `push` tells the recipients' sockets once the rows are committed.
 */
export interface InAppBatch {
  announcements: SysAnnouncement[];
  recipients: SysAnnouncementSend[];
  results: SendResult[];
  push(): void;
}

/** The in-app channel: a published announcement addressed to the receivers (the bell and the socket). */
export class SystemChannel implements MessageChannel {
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
   * Nothing is written; the caller writes the rows in one go and then calls `push`.
   */
  async prepareMany(msgs: OutgoingMessage[], at: string): Promise<InAppBatch> {
    const names = [...new Set(msgs.flatMap((m) => m.receivers))];
    const rows = names.length
      ? await this.ctx.db.selectFrom('sysUser').select(['id', 'username']).where('username', 'in', names).where('delFlag', '=', 0).execute()
      : [];
    const idsOf = new Map<string, string[]>();
    for (const r of rows) idsOf.set(r.username, [...(idsOf.get(r.username) ?? []), r.id]);
    const out: InAppBatch = { announcements: [], recipients: [], results: [], push: () => undefined };
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
      out.announcements.push(row);
      for (const userId of ids) {
        out.recipients.push({ id: newId(), anntId: row.id, userId, readFlag: '0', readTime: null, createBy: sender, createTime: at, updateBy: null, updateTime: null });
      }
      out.results.push({ delivered: ids.length });
      pushes.push({ ids, msgId: row.id, msgTxt: row.titile ?? '' });
    }
    out.push = () => {
      for (const p of pushes) this.ctx.realtime.sendToUsers(p.ids, { cmd: 'user', msgId: p.msgId, msgTxt: p.msgTxt });
    };
    return out;
  }
}

/**
 * Enterprise messenger through a group-robot webhook (WeCom / DingTalk style `{msgtype:'text', text:{…}}`),
 * configured with MESSENGER_WEBHOOK_URL.
 */
export class MessengerWebhookChannel implements MessageChannel {
  readonly name = 'messenger';
  readonly label = '企业消息';

  constructor(private readonly url: string) {}

  async send(msg: OutgoingMessage): Promise<SendResult> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        msgtype: 'text',
        text: { content: `${msg.title}\n${stripTags(msg.content)}`, mentioned_list: msg.receivers },
        at: { atUserIds: msg.receivers },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`企业消息发送失败：HTTP ${res.status}`);
    return { delivered: msg.receivers.length };
  }
}

/** E-mail through SMTP (SMTP_URL, e.g. `smtps://user:pass@smtp.example.com`, and MAIL_FROM). */
export class EmailChannel implements MessageChannel {
  readonly name = 'email';
  readonly label = '邮件';
  private readonly transport: nodemailer.Transporter;

  constructor(
    private readonly ctx: AppContext,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(msg: OutgoingMessage): Promise<SendResult> {
    if (msg.receivers.length === 0) return { delivered: 0 };
    const rows = await this.ctx.db.selectFrom('sysUser').select(['email']).where('username', 'in', msg.receivers).execute();
    const to = rows.map((r) => r.email).filter((e): e is string => !!e);
    if (to.length === 0) return { delivered: 0, detail: '接收人没有邮箱' };
    await this.transport.sendMail({ from: this.from, to, subject: msg.title, html: msg.content });
    return { delivered: to.length };
  }
}

/** Keeps what it is given, for tests and for a dry run of a configuration. */
export class RecordingChannel implements MessageChannel {
  readonly sent: OutgoingMessage[] = [];

  constructor(
    readonly name = 'record',
    readonly label = '记录',
  ) {}

  async send(msg: OutgoingMessage): Promise<SendResult> {
    this.sent.push(msg);
    return { delivered: msg.receivers.length };
  }
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
}

/** The channels configured in the environment besides the in-app one. */
export function configuredChannels(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): MessageChannel[] {
  const out: MessageChannel[] = [];
  if (env.MESSENGER_WEBHOOK_URL) out.push(new MessengerWebhookChannel(env.MESSENGER_WEBHOOK_URL));
  if (env.SMTP_URL) out.push(new EmailChannel(ctx, env.SMTP_URL, env.MAIL_FROM || 'noreply@localhost'));
  if ((env.MESSAGE_RECORD || '').toLowerCase() === 'on') out.push(new RecordingChannel());
  return out;
}
