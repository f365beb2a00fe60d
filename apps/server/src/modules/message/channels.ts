import nodemailer from 'nodemailer';
import type { AppContext } from '../../platform/context.js';
import type { AnnouncementService } from '../announcement/announcement.service.js';

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
