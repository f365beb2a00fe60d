import nodemailer from 'nodemailer';
import type { Compilable } from 'kysely';
import type { AppContext } from '../../platform/context.js';

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

/** A way to reach people. `system` (in-app, from the announcement module) always exists; others come from configuration. */
export interface MessageChannel {
  readonly name: string;
  /** shown in the UI */
  readonly label: string;
  send(msg: OutgoingMessage): Promise<SendResult>;
}

/**
 * Several in-app messages made ready to be written together: the writes of their rows (built by the channel,
 * whose module owns those tables), each message's result, and `push`, which tells the recipients' sockets once
 * the rows are committed.
 */
export interface InAppBatch {
  writes: Compilable[];
  results: SendResult[];
  push(): void;
}

/**
 * The in-app channel (`system`) as the message service uses it: besides `send`, it prepares many messages
 * for one joint write with their outbox rows. The announcement module provides it (the bell and the socket).
 */
export interface InAppChannel extends MessageChannel {
  prepareMany(msgs: OutgoingMessage[], at: string): Promise<InAppBatch>;
}

export function isInAppChannel(c: MessageChannel | undefined): c is InAppChannel {
  return !!c && typeof (c as Partial<InAppChannel>).prepareMany === 'function';
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
    const rows = await this.ctx.db
      .selectFrom('sysUser')
      .select(['email'])
      .where('username', 'in', msg.receivers)
      .execute();
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
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

/** The channels configured in the environment besides the in-app one. */
export function configuredChannels(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): MessageChannel[] {
  const out: MessageChannel[] = [];
  if (env.MESSENGER_WEBHOOK_URL) out.push(new MessengerWebhookChannel(env.MESSENGER_WEBHOOK_URL));
  if (env.SMTP_URL) out.push(new EmailChannel(ctx, env.SMTP_URL, env.MAIL_FROM || 'noreply@localhost'));
  if ((env.MESSAGE_RECORD || '').toLowerCase() === 'on') out.push(new RecordingChannel());
  return out;
}
