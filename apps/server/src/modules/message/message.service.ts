import { NO_RECEIVER_TEXT, type MsgTemplateRow } from '@go/contract';
import { PostgresAdapter, type Compilable } from 'kysely';
import { asOneStatement } from '../../platform/db/prepared.js';
import type { CurrentUser } from '../../platform/access/access.js';
import type { AppContext } from '../../platform/context.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { Page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { searchText } from '../../platform/http/list-params.js';
import { plainText, sanitizeRichText } from '../../platform/http/rich-text.js';
import type { DictService } from '../system/dict/dict.service.js';
import { isInAppChannel, type InAppChannel, type MessageChannel, type OutgoingMessage, type SendResult } from './channels.js';
import type { SysMessage, SysSmsTemplate } from './message.tables.js';
import './message.tables.js';
import { likeContains } from '../../platform/query/like.js';
import { applyFilters, applySort, paging, runPage, type Whitelist } from '../../platform/query/query-builder.js';

export interface TemplateInput {
  templateName: string;
  templateCode: string;
  templateType: string;
  templateContent: string;
  templateTestJson?: string | null;
}

export const MESSAGE_TEXTS = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  notFound: '未找到对应数据',
  codeTaken: '模板CODE已存在',
  sent: '发送成功',
  noChannel: (name: string) => `消息通道未配置：${name}`,
  noReceiver: NO_RECEIVER_TEXT,
  badJson: '测试数据不是合法的JSON',
} as const;

/** Stock app names of sendMessageTest mapped to our channels. */
const APP_CHANNEL: Record<string, string> = {
  wechat_enterprise: 'messenger',
  dingtalk: 'messenger',
  messenger: 'messenger',
  email: 'email',
  system: 'system',
};

/** Template type → channel: 1 SMS (not offered: sent in-app), 2 e-mail, 3 messenger, 4 in-app. */
const TYPE_CHANNEL: Record<string, string> = { '1': 'system', '2': 'email', '3': 'messenger', '4': 'system' };

/** `templateType` is an equal filter; `templateName` and `templateCode` are searched by substring. */
const TEMPLATE_LIST: Whitelist = {
  templateType: 'templateType',
  templateName: { column: 'templateName', filterable: false },
  templateCode: { column: 'templateCode', filterable: false },
  createTime: { column: 'createTime', filterable: false },
};

type TemplateRow = MsgTemplateRow;

/** One message of a batch: the channel, the message and who sends it (the outbox row's author). */
export interface BatchMessage {
  channel: string;
  msg: OutgoingMessage;
  by: string;
}

/** Rows of one batched write at most (PostgreSQL takes 65,535 parameters a statement). */
const BATCH_ROWS = 400;

/** The outbox row of a message not sent yet. */
const outboxRow = (channel: string, msg: OutgoingMessage, by: string, at: string): SysMessage => ({
  id: newId(),
  esTitle: msg.title.slice(0, 200),
  esType: channel,
  esReceiver: msg.receivers.join(',').slice(0, 1000),
  esParam: null,
  esContent: msg.content,
  esSendTime: null,
  esSendStatus: '0',
  esSendNum: 0,
  esResult: null,
  remark: null,
  createBy: by,
  createTime: at,
  updateBy: null,
  updateTime: null,
});

const resultText = (r: SendResult) => `送达 ${r.delivered}${r.detail ? `，${r.detail}` : ''}`;

/** Fills `${name}` placeholders from the values; unknown names stay empty. */
export function renderTemplate(content: string, values: Record<string, unknown>): string {
  return content.replace(/\$\{\s*([\w.]+)\s*\}/g, (_m, k: string) => {
    const v = values[k];
    return v === undefined || v === null ? '' : String(v);
  });
}

/** Message templates and sending through channels, with an outbox row per message. */
export class MessageService {
  private readonly channels = new Map<string, MessageChannel>();

  constructor(
    private readonly ctx: AppContext,
    private readonly dicts: DictService,
    channels: MessageChannel[],
  ) {
    for (const c of channels) this.channels.set(c.name, c);
  }

  /** Adds or replaces a channel (configuration, tests). */
  setChannel(c: MessageChannel): void {
    this.channels.set(c.name, c);
  }

  channelNames(): { name: string; label: string }[] {
    return [...this.channels.values()].map((c) => ({ name: c.name, label: c.label }));
  }

  /** Sends through one channel and writes the outbox row; failures are recorded and rethrown as a business error. */
  async send(channelName: string, msg: OutgoingMessage, by: string): Promise<number> {
    const channel = this.channels.get(channelName);
    if (!channel) throw businessError(MESSAGE_TEXTS.noChannel(channelName));
    const row = outboxRow(channelName, msg, by, now());
    const id = row.id;
    await this.ctx.db.insertInto('sysMessage').values(row).execute();
    try {
      const r = await channel.send(msg);
      await this.ctx.db
        .updateTable('sysMessage')
        .set({ esSendStatus: '1', esSendNum: 1, esSendTime: now(), esResult: resultText(r) })
        .where('id', '=', id)
        .execute();
      return r.delivered;
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      await this.ctx.db
        .updateTable('sysMessage')
        .set({ esSendStatus: '2', esSendNum: 1, esSendTime: now(), esResult: text.slice(0, 500) })
        .where('id', '=', id)
        .execute();
      this.ctx.log.warn({ err, channel: channelName }, 'message send failed');
      throw businessError(`发送失败：${text}`);
    }
  }

  /**
   * Sends several messages, each with its outbox row, as `send` would one by one. The in-app ones are
   * written together: one read of their receivers and one write of every announcement, recipient and
   * outbox row (a single statement on PostgreSQL, one transaction elsewhere), then the socket pushes.
   * Messages of other channels, and in-app ones whose joint write failed, go through `send` one at a time,
   * so a failure is recorded on that message's own outbox row. Settles with each message's outcome.
   */
  async sendMany(items: readonly BatchMessage[]): Promise<PromiseSettledResult<number>[]> {
    const out: PromiseSettledResult<number>[] = new Array(items.length);
    const system = this.channels.get('system');
    const inApp = isInAppChannel(system) ? items.map((it, i) => [it, i] as const).filter(([it]) => it.channel === 'system') : [];
    for (let from = 0; from < inApp.length; from += BATCH_ROWS) {
      const part = inApp.slice(from, from + BATCH_ROWS);
      const sent = await this.writeInApp(system as InAppChannel, part.map(([it]) => it)).catch((err: unknown) => {
        this.ctx.log.warn({ err }, 'in-app messages: the joint write failed, sending one by one');
        return null;
      });
      if (sent) part.forEach(([, i], k) => (out[i] = { status: 'fulfilled', value: sent[k] }));
    }
    for (const [i, it] of items.entries()) {
      if (out[i]) continue;
      try {
        out[i] = { status: 'fulfilled', value: await this.send(it.channel, it.msg, it.by) };
      } catch (reason) {
        out[i] = { status: 'rejected', reason };
      }
    }
    return out;
  }

  /** The joint write of in-app messages (see `sendMany`); resolves to each message's delivered count. */
  private async writeInApp(channel: InAppChannel, items: readonly BatchMessage[]): Promise<number[]> {
    const at = now();
    const batch = await channel.prepareMany(
      items.map((it) => it.msg),
      at,
    );
    const outbox: SysMessage[] = items.map((it, k) => ({
      ...outboxRow('system', it.msg, it.by, at),
      esSendTime: at,
      esSendStatus: '1',
      esSendNum: 1,
      esResult: resultText(batch.results[k]),
    }));
    const db = this.ctx.db;
    const writes: Compilable[] = [...batch.writes, db.insertInto('sysMessage').values(outbox)];
    if (db.getExecutor().adapter instanceof PostgresAdapter && writes.length > 1) {
      // one statement: each insert a data-modifying CTE, the outbox the main insert
      await db.executeQuery(asOneStatement(writes.slice(0, -1), writes[writes.length - 1]));
    } else {
      await db.transaction().execute(async (trx) => {
        for (const w of writes) await trx.executeQuery(w.compile());
      });
    }
    batch.push();
    return batch.results.map((r) => r.delivered);
  }

  private async usernames(receiver: string | undefined, sendAll: boolean): Promise<string[]> {
    if (sendAll) {
      const rows = await this.ctx.db.selectFrom('sysUser').select('username').where('delFlag', '=', 0).where('status', '=', 1).execute();
      return rows.map((r) => r.username);
    }
    const names = [...new Set((receiver ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
    if (names.length === 0) throw businessError(MESSAGE_TEXTS.noReceiver);
    return names;
  }

  /** sendMessageTest: `{app, content, receiver, sendAll}` through the app's channel. */
  async sendTest(user: CurrentUser, p: { app?: string; content: string; receiver?: string; sendAll?: boolean; title?: string }): Promise<number> {
    const channel = APP_CHANNEL[p.app ?? 'system'] ?? p.app ?? 'system';
    const receivers = await this.usernames(p.receiver, !!p.sendAll);
    return this.send(channel, { title: p.title ? plainText(p.title) : '测试消息', content: sanitizeRichText(p.content), receivers, sender: user.username }, user.username);
  }

  /** sendWXMessage: tells the next approver (and a copied user) that a task waits; in-app always, messenger when configured. */
  /**
   * `POST /sys/thirdApp/sendWXMessage`: the same notice, but every recipient must be an active user in the
   * caller's company scope, and a sender may send at most `limits.noticePerMinute` per minute.
   */
  async sendTaskNoticeOverHttp(
    user: CurrentUser,
    p: { userName: string; csUserName?: string | null; nodeName?: string | null; processName?: string | null; applyer?: string | null; createTime?: string | null },
  ): Promise<number> {
    const receivers = [...new Set([p.userName, ...(p.csUserName ?? '').split(',')].map((s) => s.trim()).filter(Boolean))];
    if (receivers.length === 0) throw businessError(MESSAGE_TEXTS.noReceiver);
    if (receivers.length > 50) throw businessError('接收人过多');
    const found = await this.ctx.db.selectFrom('sysUser').select(['username', 'orgCode']).where('username', 'in', receivers).where('delFlag', '=', 0).execute();
    const visible = new Set(found.filter((u) => inCompanyScope(user, u.orgCode)).map((u) => u.username));
    const unknown = receivers.filter((r) => !visible.has(r));
    if (unknown.length) throw businessError(`接收人不存在：${unknown.join(',')}`);
    const sent = await this.ctx.kv.incr(`notice:rate:${user.id}`, 60_000);
    if (sent > this.ctx.config.limits.noticePerMinute) throw businessError('发送过于频繁，请稍后再试');
    return this.sendTaskNotice(user, p);
  }

  async sendTaskNotice(
    user: CurrentUser,
    p: { userName: string; csUserName?: string | null; nodeName?: string | null; processName?: string | null; applyer?: string | null; createTime?: string | null },
  ): Promise<number> {
    const receivers = [p.userName, ...(p.csUserName ?? '').split(',')].map((s) => s.trim()).filter(Boolean);
    if (receivers.length === 0) throw businessError(MESSAGE_TEXTS.noReceiver);
    const t = (s: string | null | undefined) => plainText(s ?? '');
    const title = `待办提醒：${t(p.processName) || '审批流程'}`;
    const content = `<p>${t(p.applyer)}${p.createTime ? `于${t(p.createTime)}` : ''}提交的「${t(p.processName)}」已到达「${t(p.nodeName)}」环节，请及时处理。</p>`;
    const msg: OutgoingMessage = { title, content, receivers, sender: user.username, priority: 'M', openType: 'url', openPage: '/activiti/todoManage' };
    let n = await this.send('system', msg, user.username);
    if (this.channels.has('messenger')) {
      try {
        n += await this.send('messenger', msg, user.username);
      } catch {
        // the in-app notice went out; the messenger failure is in the outbox
      }
    }
    return n;
  }

  // Templates (sys_sms_template)

  async listTemplates(q: {
    pageNo?: number;
    pageSize?: number;
    column?: string;
    order?: string;
    templateName?: string;
    templateCode?: string;
    templateType?: string;
  }): Promise<Page<TemplateRow>> {
    let base = applyFilters(this.ctx.db.selectFrom('sysSmsTemplate'), { ...q }, TEMPLATE_LIST);
    if (searchText(q.templateName)) base = base.where(likeContains('templateName', searchText(q.templateName)));
    if (searchText(q.templateCode)) base = base.where(likeContains('templateCode', searchText(q.templateCode)));
    const pg = await runPage<typeof base, SysSmsTemplate>(
      base,
      (qb) => applySort(qb.selectAll(), { ...q }, TEMPLATE_LIST, { field: 'createTime', order: 'desc', lenient: true }).orderBy('id', 'desc'),
      paging({ ...q }),
    );
    const out: TemplateRow[] = [];
    for (const r of pg.records) out.push({ ...r, templateType_dictText: await this.dicts.translate('msgType', r.templateType) });
    return { ...pg, records: out };
  }

  private clean(input: TemplateInput) {
    if (input.templateTestJson) {
      try {
        JSON.parse(input.templateTestJson);
      } catch {
        throw businessError(MESSAGE_TEXTS.badJson);
      }
    }
    return {
      templateName: plainText(input.templateName).slice(0, 50),
      templateCode: input.templateCode.trim(),
      templateType: input.templateType,
      templateContent: input.templateType === '2' || input.templateType === '4' ? sanitizeRichText(input.templateContent) : plainText(input.templateContent),
      templateTestJson: input.templateTestJson ?? null,
    };
  }

  private async codeTaken(code: string, exceptId?: string): Promise<boolean> {
    let q = this.ctx.db.selectFrom('sysSmsTemplate').select('id').where('templateCode', '=', code);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async addTemplate(user: CurrentUser, input: TemplateInput): Promise<SysSmsTemplate> {
    const v = this.clean(input);
    if (await this.codeTaken(v.templateCode)) throw businessError(MESSAGE_TEXTS.codeTaken);
    const row: SysSmsTemplate = { id: newId(), ...v, createBy: user.username, createTime: now(), updateBy: null, updateTime: null };
    await this.ctx.db.insertInto('sysSmsTemplate').values(row).execute();
    return row;
  }

  async editTemplate(user: CurrentUser, id: string, input: TemplateInput): Promise<void> {
    const v = this.clean(input);
    if (await this.codeTaken(v.templateCode, id)) throw businessError(MESSAGE_TEXTS.codeTaken);
    const r = await this.ctx.db
      .updateTable('sysSmsTemplate')
      .set({ ...v, updateBy: user.username, updateTime: now() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw businessError(MESSAGE_TEXTS.notFound);
  }

  async removeTemplates(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.ctx.db.deleteFrom('sysSmsTemplate').where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async getTemplate(id: string): Promise<TemplateRow> {
    const r = await this.ctx.db.selectFrom('sysSmsTemplate').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw businessError(MESSAGE_TEXTS.notFound);
    return { ...r, templateType_dictText: await this.dicts.translate('msgType', r.templateType) };
  }

  /** sendMsg: renders a template with JSON values and sends it through the template type's channel. */
  async sendByTemplate(user: CurrentUser, p: { templateCode: string; testData?: string | null; receiver: string; msgType?: string | null }): Promise<number> {
    const t = await this.ctx.db.selectFrom('sysSmsTemplate').selectAll().where('templateCode', '=', p.templateCode).executeTakeFirst();
    if (!t) throw businessError(MESSAGE_TEXTS.notFound);
    let values: Record<string, unknown> = {};
    const json = p.testData ?? t.templateTestJson;
    if (json) {
      try {
        values = JSON.parse(json) as Record<string, unknown>;
      } catch {
        throw businessError(MESSAGE_TEXTS.badJson);
      }
    }
    const receivers = await this.usernames(p.receiver, false);
    const channel = p.msgType ? (APP_CHANNEL[p.msgType] ?? TYPE_CHANNEL[p.msgType] ?? p.msgType) : (TYPE_CHANNEL[t.templateType] ?? 'system');
    const content = renderTemplate(t.templateContent, values);
    return this.send(channel, { title: t.templateName, content: t.templateType === '2' || t.templateType === '4' ? sanitizeRichText(content) : plainText(content), receivers, sender: user.username }, user.username);
  }
}
