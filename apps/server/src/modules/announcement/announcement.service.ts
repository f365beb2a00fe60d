import type { AnnDetail, AnnListRow } from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { Page } from '../../platform/http/envelope.js';
import { paging } from '../../platform/query/query-builder.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import type { DictService } from '../system/dict/dict.service.js';
import * as repo from './announcement.repo.js';
import type { SysAnnouncement } from './announcement.tables.js';
import { idList } from '../../platform/http/list-params.js';
import { plainText, sanitizeRichText } from '../../platform/http/rich-text.js';

export interface AnnouncementInput {
  titile: string;
  msgContent?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  priority?: string | null;
  msgCategory?: string | null;
  msgType?: string | null;
  userIds?: string | null;
  busType?: string | null;
  busId?: string | null;
  openType?: string | null;
  openPage?: string | null;
  msgAbstract?: string | null;
}

export interface ListQuery extends repo.AnnouncementFilter {
  pageNo?: number;
  pageSize?: number;
}

export const TEXTS = {
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  batchDeleted: '删除成功!',
  notFound: '未找到对应实体',
  usersRequired: '请选择指定用户',
} as const;

type WithDictText = AnnListRow;

/**
 * Announcements: maintenance, publish and revoke with WebSocket pushes, and each user's read state.
 * Titles are stored as plain text and bodies as sanitised HTML, whoever wrote them.
 */
export class AnnouncementService {
  constructor(
    private readonly ctx: AppContext,
    private readonly dicts: DictService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  async list(q: ListQuery): Promise<Page<WithDictText>> {
    const pg = await repo.listAnnouncements(this.db, q, paging({ ...q }));
    const out: WithDictText[] = [];
    for (const r of pg.records) out.push(await this.withDictText(r));
    return { ...pg, records: out };
  }

  private async withDictText(r: SysAnnouncement): Promise<WithDictText> {
    return {
      ...r,
      priority_dictText: await this.dicts.translate('priority', r.priority),
      msgCategory_dictText: await this.dicts.translate('msg_category', r.msgCategory),
      msgType_dictText: await this.dicts.translate('msg_type', r.msgType),
      sendStatus_dictText: await this.dicts.translate('send_status', r.sendStatus),
    };
  }

  /** The addressed users of a USER announcement (existing ones only), or [] for ALL. */
  private async targetUsers(input: AnnouncementInput): Promise<string[]> {
    if ((input.msgType ?? 'ALL') !== 'USER') return [];
    const ids = await repo.existingUserIds(this.db, idList(input.userIds ?? ''));
    if (ids.length === 0) throw new AppError('BAD_REQUEST', TEXTS.usersRequired);
    return ids;
  }

  /** The stored fields of an announcement from its input: plain-text title and pages, sanitised content, defaults. */
  clean(input: AnnouncementInput) {
    return {
      titile: plainText(input.titile).slice(0, 100),
      msgContent: sanitizeRichText(input.msgContent),
      msgAbstract: input.msgAbstract ? plainText(input.msgAbstract).slice(0, 500) : null,
      startTime: input.startTime || null,
      endTime: input.endTime || null,
      priority: input.priority || 'L',
      msgCategory: input.msgCategory || '1',
      msgType: input.msgType || 'ALL',
      busType: input.busType ? plainText(input.busType) : null,
      busId: input.busId ? plainText(input.busId) : null,
      openType: input.openType || null,
      openPage: input.openPage ? plainText(input.openPage) : null,
    };
  }

  async add(user: CurrentUser, input: AnnouncementInput): Promise<SysAnnouncement> {
    const users = await this.targetUsers(input);
    const at = now();
    const row: SysAnnouncement = {
      id: newId(),
      ...this.clean(input),
      sender: user.username,
      sendStatus: '0',
      sendTime: null,
      cancelTime: null,
      delFlag: 0,
      userIds: users.length ? users.join(',') + ',' : null,
      createBy: user.username,
      createTime: at,
      updateBy: null,
      updateTime: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await repo.insertAnnouncement(trx, row);
      if (users.length) await repo.syncSendRows(trx, row.id, users, user.username, at);
    });
    return row;
  }

  async edit(user: CurrentUser, id: string, input: AnnouncementInput): Promise<void> {
    const existing = await repo.findAnnouncement(this.db, id);
    if (!existing) throw businessError(TEXTS.notFound);
    const users = await this.targetUsers(input);
    const at = now();
    await this.db.transaction().execute(async (trx) => {
      await repo.updateAnnouncement(trx, id, {
        ...this.clean(input),
        userIds: users.length ? users.join(',') + ',' : null,
        updateBy: user.username,
        updateTime: at,
      });
      if (users.length) await repo.syncSendRows(trx, id, users, user.username, at);
      else if (existing.msgType === 'USER') await repo.deleteSendRows(trx, [id]);
    });
    if (existing.sendStatus === '1') this.push(await repo.findAnnouncement(this.db, id));
  }

  async remove(user: CurrentUser, ids: string[]): Promise<number> {
    const rows = await Promise.all(ids.map((id) => repo.findAnnouncement(this.db, id)));
    const n = await repo.softDeleteAnnouncements(this.db, ids, user.username, now());
    for (const r of rows) if (r && r.sendStatus === '1') this.push(r);
    return n;
  }

  async get(id: string): Promise<AnnDetail> {
    const r = await repo.findAnnouncement(this.db, id);
    if (!r) throw businessError(TEXTS.notFound);
    const names = await repo.realnames(this.db, [r.sender ?? '']);
    return { ...(await this.withDictText(r)), senderRealname: names.get(r.sender ?? '') ?? r.sender };
  }

  /** queryById for someone without the maintenance permission: only what is addressed to them. */
  async getForReader(user: CurrentUser, id: string): Promise<AnnDetail> {
    const r = await repo.findAnnouncement(this.db, id);
    if (!r || !repo.addressedTo(r, user.id)) throw businessError(TEXTS.notFound);
    return this.get(id);
  }

  /** doReleaseData: published now by the current user, then pushed to its audience. */
  async release(user: CurrentUser, id: string): Promise<void> {
    const r = await repo.findAnnouncement(this.db, id);
    if (!r) throw businessError(TEXTS.notFound);
    const at = now();
    await repo.updateAnnouncement(this.db, id, { sendStatus: '1', sendTime: at, sender: user.username, cancelTime: null, updateBy: user.username, updateTime: at });
    this.push({ ...r, sendStatus: '1' });
  }

  /** doReovkeData: revoked; the audience is told to reload so the notice leaves their bell. */
  async revoke(user: CurrentUser, id: string): Promise<void> {
    const r = await repo.findAnnouncement(this.db, id);
    if (!r) throw businessError(TEXTS.notFound);
    const at = now();
    await repo.updateAnnouncement(this.db, id, { sendStatus: '2', cancelTime: at, updateBy: user.username, updateTime: at });
    this.push(r);
  }

  /** Publishes in one step (jobs, message channels): add then release, as `sender`. */
  async publish(sender: CurrentUser, input: AnnouncementInput): Promise<SysAnnouncement> {
    const row = await this.add(sender, input);
    await this.release(sender, row.id);
    return row;
  }

  /**
   * `syncNotic`: pushes a published announcement to its audience again; without an id, tells every
   * client to refresh its unread list (stock sends `批量设置已读`).
   */
  async sync(id?: string): Promise<void> {
    if (!id) {
      this.ctx.realtime.broadcast({ cmd: 'topic', msgTxt: '批量设置已读' });
      return;
    }
    const r = await repo.findAnnouncement(this.db, id);
    if (!r) throw businessError(TEXTS.notFound);
    if (r.sendStatus !== '1') throw businessError('该系统通知未发布');
    this.push(r);
  }

  /**
   * `show/{id}`: the announcement a reader may see as a page. Without a signed-in reader only published
   * announcements to everyone (ALL) are shown; a signed-in user also sees those addressed to them.
   */
  async showable(user: CurrentUser | null, id: string): Promise<SysAnnouncement | null> {
    const r = await repo.findAnnouncement(this.db, id);
    if (!r || r.sendStatus !== '1') return null;
    if (r.msgType === 'USER' && !(user && repo.addressedTo(r, user.id))) return null;
    return r;
  }

  /** The value of an item of a dictionary, named by its text or value (imports). */
  dictValue(dictCode: string, text: string): Promise<string | null> {
    return repo.dictValue(this.db, dictCode, text);
  }

  /** Every announcement matching the list filters, in list order, a page at a time (for the export). */
  async *exportRows(q: ListQuery): AsyncIterable<Record<string, unknown>> {
    for (let pageNo = 1; ; pageNo++) {
      const pg = await this.list({ ...q, pageNo, pageSize: 1000 });
      for (const r of pg.records) yield r;
      if (pg.records.length < 1000) break;
    }
  }

  /** `{cmd:'topic'}` to everyone for ALL, `{cmd:'user'}` to each addressed user otherwise. */
  private push(r: SysAnnouncement | undefined): void {
    if (!r) return;
    const msg = { msgId: r.id, msgTxt: r.titile ?? '' };
    if (r.msgType === 'USER') {
      this.ctx.realtime.sendToUsers(idList(r.userIds ?? ''), { cmd: 'user', ...msg });
    } else {
      this.ctx.realtime.broadcast({ cmd: 'topic', ...msg });
    }
  }

  /** listByUser: the unread notices (category 1) and system messages (category 2) with their counts. */
  async listByUser(user: CurrentUser, pageSize = 5) {
    const created = await repo.userCreateTime(this.db, user.id);
    const annt = await repo.unreadForUser(this.db, user.id, created, '1', pageSize);
    const sys = await repo.unreadForUser(this.db, user.id, created, '2', pageSize);
    return { anntMsgList: annt.rows, anntMsgTotal: annt.total, sysMsgList: sys.rows, sysMsgTotal: sys.total };
  }

  async markRead(user: CurrentUser, anntId: string): Promise<void> {
    const r = await repo.findAnnouncement(this.db, anntId);
    if (!r || !repo.addressedTo(r, user.id)) throw businessError(TEXTS.notFound);
    await repo.markRead(this.db, anntId, user.id, now());
  }

  async readAll(user: CurrentUser): Promise<void> {
    await repo.markAllRead(this.db, user.id, await repo.userCreateTime(this.db, user.id), now());
    this.ctx.realtime.sendToUser(user.id, { cmd: 'topic', msgTxt: '' });
  }

  async mySends(user: CurrentUser, q: repo.MySendFilter & { pageNo?: number; pageSize?: number }) {
    const pg = await repo.mySends(this.db, user.id, await repo.userCreateTime(this.db, user.id), q, paging({ ...q }));
    const names = await repo.realnames(this.db, pg.records.map((r) => r.sender ?? ''));
    const out = [];
    for (const r of pg.records) {
      out.push({
        ...r,
        senderRealname: names.get(r.sender ?? '') ?? r.sender,
        priority_dictText: await this.dicts.translate('priority', r.priority),
        msgCategory_dictText: await this.dicts.translate('msg_category', r.msgCategory),
        readFlag_dictText: r.readFlag === '1' ? '已读' : '未读',
      });
    }
    return { ...pg, records: out };
  }
}
