import {
  addDays,
  READ_FLAG,
  WEEKLY_STATUS,
  WEEKLY_TEXTS,
  weekLabel,
  type WeeklySave,
} from '@go/contract';
import type { Readable } from 'node:stream';
import { isGroupLevel, type CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { streamXlsx } from '../../platform/excel/excel.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { paging as pageOf } from '../../platform/query/query-builder.js';
import { plainText, sanitizeRichText } from '../../platform/http/rich-text.js';
import * as comments from './comment.repo.js';
import type { OfficeNotifier } from './notify.js';
import { recordWeekly } from './office-audit.js';
import type { OaWeekly } from './office.tables.js';
import * as repo from './weekly.repo.js';

const RECEIVED_PAGE = '/office/weeklyReceived';
const MY_PAGE = '/office/weekly';
const EXPORT_CAP = 20_000;

type Paging = { pageNo?: number; pageSize?: number };
/** `pageNo` (default 1) and `pageSize` (default 10; the routes allow at most 500). */
const paging = (q: Paging) => pageOf(q, 500);

/**
 * Weekly reports: one per person and week, drafts, submission to chosen recipients (never oneself),
 * per-recipient read state, comments, the team's not-yet-submitted list, search and export.
 */
export class WeeklyService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifier: OfficeNotifier,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  private async withRecipients(rows: OaWeekly[]) {
    const rec = await repo.recipientsOf(this.db, rows.map((r) => r.id));
    const orgs = await repo.departNames(this.db, [...new Set(rows.map((r) => r.sysOrgCode ?? '').filter(Boolean))]);
    const dept = new Map(orgs.map((o) => [o.orgCode, o.departName]));
    return rows.map((r) => {
      const recipients = rec
        .filter((x) => x.weeklyId === r.id)
        .map((x) => ({ username: x.username, realname: x.realname, readFlag: x.readFlag, readFlag_dictText: READ_FLAG[x.readFlag], readTime: x.readTime }));
      return {
        ...r,
        weekLabel: weekLabel(r.weekStart),
        status_dictText: WEEKLY_STATUS[r.status] ?? '',
        departName: dept.get(r.sysOrgCode ?? '') ?? '',
        recipients,
        readCount: recipients.filter((x) => x.readFlag === '1').length,
      };
    });
  }

  /** The caller's own reports, newest week first. */
  async my(user: CurrentUser, q: Paging & { weekStart?: string }) {
    const pg = await repo.pageOwn(this.db, user.username, q.weekStart, paging(q));
    return { ...pg, records: await this.withRecipients(pg.records) };
  }

  /** This week's report when it exists, else last week's plan as this week's done. */
  async prefill(user: CurrentUser, weekStart: string) {
    const existing = await repo.findWeeklyOf(this.db, user.username, weekStart);
    if (existing) return { weekStart, existing: (await this.withRecipients([existing]))[0], doneContent: existing.doneContent ?? '' };
    const last = await repo.findWeeklyOf(this.db, user.username, addDays(weekStart, -7));
    return { weekStart, existing: null, doneContent: last?.planContent ?? '', lastWeekStart: last ? last.weekStart : null };
  }

  /** Checks recipients (at least one, never oneself, active users in the caller's company) and returns them. */
  private async checkRecipients(user: CurrentUser, names: string[]) {
    const list = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    if (list.length === 0) throw businessError(WEEKLY_TEXTS.recipientsRequired);
    if (list.includes(user.username)) throw businessError(WEEKLY_TEXTS.notToSelf);
    const users = await repo.activeUsers(this.db, list);
    if (users.length !== list.length || users.some((u) => !inCompanyScope(user, u.orgCode))) {
      throw businessError(WEEKLY_TEXTS.recipientUnknown);
    }
    return list.map((n) => users.find((u) => u.username === n)!);
  }

  /** Creates or updates the caller's report of a week; submits it when asked. */
  async save(user: CurrentUser, input: WeeklySave): Promise<{ id: string; status: string }> {
    const body = {
      doneContent: sanitizeRichText(input.doneContent),
      planContent: sanitizeRichText(input.planContent),
      problemContent: sanitizeRichText(input.problemContent),
      attachments: input.attachments?.trim() || null,
    };
    if (input.submit) {
      if (!plainText(body.doneContent).trim()) throw businessError(WEEKLY_TEXTS.contentRequired);
      await this.checkRecipients(user, input.recipients ?? []);
    }
    const at = now();
    let id: string;
    if (input.id) {
      const row = await repo.findWeekly(this.db, input.id);
      if (!row) throw businessError(WEEKLY_TEXTS.notFound);
      if (row.username !== user.username) throw businessError(WEEKLY_TEXTS.notOwner);
      if (row.weekStart !== input.weekStart) {
        const clash = await repo.findWeeklyOf(this.db, user.username, input.weekStart);
        if (clash) throw businessError(WEEKLY_TEXTS.exists);
      }
      const patch = { ...body, weekStart: input.weekStart };
      await this.db.transaction().execute(async (trx) => {
        await repo.updateWeekly(trx, row.id, { ...patch, updateBy: user.username, updateTime: at });
        await recordWeekly(trx, { ...row, weekStart: input.weekStart }, { ...row }, patch);
      });
      id = row.id;
    } else {
      if (await repo.findWeeklyOf(this.db, user.username, input.weekStart)) throw businessError(WEEKLY_TEXTS.exists);
      id = newId();
      const fresh: OaWeekly = {
        id,
        username: user.username,
        realname: user.realname,
        sysOrgCode: user.orgCode,
        weekStart: input.weekStart,
        ...body,
        status: '0',
        submitTime: null,
        createBy: user.username,
        createTime: at,
        updateBy: null,
        updateTime: null,
      };
      await this.db.transaction().execute(async (trx) => {
        await repo.insertWeekly(trx, fresh);
        await recordWeekly(trx, fresh, null, { ...fresh });
      });
    }
    if (input.submit) {
      await this.submit(user, id, input.recipients ?? []);
      return { id, status: '1' };
    }
    const row = await repo.findWeekly(this.db, id);
    return { id, status: row?.status ?? '0' };
  }

  /** Submits to recipients: keeps the read state of those who stay, notifies the new ones. */
  async submit(user: CurrentUser, id: string, names: string[]): Promise<void> {
    const row = await repo.findWeekly(this.db, id);
    if (!row) throw businessError(WEEKLY_TEXTS.notFound);
    if (row.username !== user.username) throw businessError(WEEKLY_TEXTS.notOwner);
    if (!plainText(row.doneContent).trim()) throw businessError(WEEKLY_TEXTS.contentRequired);
    const users = await this.checkRecipients(user, names);
    const at = now();
    const existing = await repo.recipientsOf(this.db, [id]);
    const keep = new Set(existing.map((r) => r.username));
    const fresh = users.filter((u) => !keep.has(u.username));
    const wanted = new Set(users.map((u) => u.username));
    await this.db.transaction().execute(async (trx) => {
      await repo.deleteRecipients(trx, id, existing.filter((r) => !wanted.has(r.username)).map((r) => r.username));
      await repo.insertRecipients(
        trx,
        fresh.map((u) => ({ id: newId(), weeklyId: id, username: u.username, realname: u.realname, readFlag: '0', readTime: null, createTime: at })),
      );
      const patch = { status: '1', submitTime: row.submitTime ?? at };
      await repo.updateWeekly(trx, id, { ...patch, updateBy: user.username, updateTime: at });
      const recipients = (names: string[]) => [...names].sort().join(',') || null;
      await recordWeekly(trx, row, { ...row, recipients: recipients(existing.map((r) => r.username)) }, { ...patch, recipients: recipients(users.map((u) => u.username)) });
    });
    const label = weekLabel(row.weekStart);
    await this.notifier.send(user, fresh.map((u) => u.username), `周报：${user.realname} ${label}`, `<p>${user.realname} 提交了${label}的周报，请查阅。</p>`, RECEIVED_PAGE);
  }

  async remove(user: CurrentUser, id: string): Promise<void> {
    const row = await repo.findWeekly(this.db, id);
    if (!row) throw businessError(WEEKLY_TEXTS.notFound);
    if (row.username !== user.username) throw businessError(WEEKLY_TEXTS.notOwner);
    if (row.status === '1') throw businessError(WEEKLY_TEXTS.submittedNoDelete);
    await this.db.transaction().execute(async (trx) => {
      await repo.deleteWeekly(trx, id);
      await recordWeekly(trx, row, { ...row }, null);
    });
  }

  async received(user: CurrentUser, q: Paging & { readFlag?: string; realname?: string; weekStart?: string }) {
    const pg = await repo.pageReceived(this.db, user.username, q, paging(q));
    const records = pg.records.map((r) => ({
      ...r,
      doneContent: undefined,
      summary: plainText(r.doneContent).slice(0, 80),
      weekLabel: weekLabel(r.weekStart),
      readFlag_dictText: READ_FLAG[r.readFlag],
    }));
    return { ...pg, records };
  }

  /** Who may read a report: the writer, a recipient of a submitted one, or a searcher in scope. */
  private async readable(user: CurrentUser, id: string, canSearch: boolean) {
    const row = await repo.findWeekly(this.db, id);
    if (!row) throw businessError(WEEKLY_TEXTS.notFound);
    if (row.username === user.username) return { row, asRecipient: false };
    if (row.status === '1') {
      if (await repo.recipient(this.db, id, user.username)) return { row, asRecipient: true };
      if (canSearch && inCompanyScope(user, row.sysOrgCode)) return { row, asRecipient: false };
    }
    throw new AppError('NO_PERMISSION');
  }

  /** A report with its recipients; a recipient's first open marks their copy read. */
  async get(user: CurrentUser, id: string, canSearch: boolean) {
    const { row, asRecipient } = await this.readable(user, id, canSearch);
    if (asRecipient) await repo.markRead(this.db, id, user.username, now());
    return (await this.withRecipients([row]))[0];
  }

  async listComments(user: CurrentUser, id: string, canSearch: boolean) {
    await this.readable(user, id, canSearch);
    return comments.listComments(this.db, 'weekly', id);
  }

  /** A comment or a reply; the writer (and the replied-to author) get a notice. */
  async comment(user: CurrentUser, input: { bizId: string; parentId?: string | null; content: string }, canSearch: boolean) {
    const { row } = await this.readable(user, input.bizId, canSearch);
    let parentAuthor: string | null = null;
    if (input.parentId) {
      const parent = await comments.findComment(this.db, input.parentId);
      if (!parent || parent.bizType !== 'weekly' || parent.bizId !== row.id) throw businessError('回复的评论不存在');
      parentAuthor = parent.username;
    }
    const c = {
      id: newId(),
      bizType: 'weekly',
      bizId: row.id,
      parentId: input.parentId || null,
      username: user.username,
      realname: user.realname,
      content: plainText(input.content).slice(0, 2000),
      createTime: now(),
    };
    await comments.insertComment(this.db, c);
    const to = [row.username, parentAuthor].filter((n): n is string => !!n && n !== user.username);
    const page = to.includes(row.username) && to.length === 1 ? MY_PAGE : RECEIVED_PAGE;
    await this.notifier.send(user, to, `周报评论：${user.realname}`, `<p>${c.content}</p>`, page);
    return c;
  }

  /**
   * The org-code prefixes a manager watches: the departments they belong to (and below); a company
   * administrator (role admin) their company, an administrator of A01 every company. A named department must
   * lie inside one of them (else 403); no department: all of them.
   */
  private async teamPrefixes(user: CurrentUser, orgCode?: string): Promise<string[]> {
    const admin = await repo.isAdministrator(this.db, user);
    const departs = admin ? [isGroupLevel(user) ? '' : user.company] : await repo.memberDepartCodes(this.db, user.id);
    const reach = departs.length ? departs : [user.orgCode].filter(Boolean);
    if (!orgCode) return reach;
    if (!reach.some((p) => orgCode.startsWith(p))) throw new AppError('NO_PERMISSION');
    return [orgCode];
  }

  async unsubmitted(user: CurrentUser, weekStart: string, orgCode?: string) {
    const prefixes = await this.teamPrefixes(user, orgCode);
    const rows = prefixes.length ? await repo.teamWithStatus(this.db, prefixes, weekStart) : [];
    const seen = new Set<string>();
    const missing = rows.filter((r) => {
      if (seen.has(r.username)) return false;
      seen.add(r.username);
      return r.status !== '1' && r.username !== user.username;
    });
    const orgs = await repo.departNames(this.db, [...new Set(missing.map((m) => m.orgCode ?? '').filter(Boolean))]);
    const dept = new Map(orgs.map((o) => [o.orgCode, o.departName]));
    return {
      weekStart,
      weekLabel: weekLabel(weekStart),
      teamSize: seen.size,
      records: missing.map((m) => ({
        username: m.username,
        realname: m.realname,
        orgCode: m.orgCode,
        departName: dept.get(m.orgCode ?? '') ?? '',
        draft: m.status === '0',
      })),
    };
  }

  /** Reminds the team's people without a submitted report (all of them, or the named ones among them). */
  async remind(user: CurrentUser, weekStart: string, usernames?: string[], orgCode?: string): Promise<number> {
    const { records } = await this.unsubmitted(user, weekStart, orgCode);
    const wanted = usernames?.length ? new Set(usernames) : null;
    const to = records.filter((r) => !wanted || wanted.has(r.username)).map((r) => r.username);
    const label = weekLabel(weekStart);
    return this.notifier.send(user, to, `周报提醒：请提交${label}的周报`, `<p>${user.realname} 提醒您提交${label}的周报。</p>`, MY_PAGE, 'M');
  }

  async search(user: CurrentUser, q: Paging & repo.WeeklyFilter) {
    const pg = await repo.pageSearch(this.db, user, q, paging(q));
    return { ...pg, records: await this.withRecipients(pg.records) };
  }

  async export(user: CurrentUser, q: repo.WeeklyFilter): Promise<Readable> {
    const rows = await this.withRecipients(await repo.allSearch(this.db, user, q, EXPORT_CAP));
    async function* gen() {
      for (const r of rows) {
        yield {
          realname: r.realname,
          departName: r.departName,
          week: r.weekLabel,
          done: plainText(r.doneContent),
          plan: plainText(r.planContent),
          problem: plainText(r.problemContent),
          status: r.status_dictText,
          submitTime: r.submitTime,
          recipients: r.recipients.map((x) => `${x.realname ?? x.username}(${x.readFlag_dictText})`).join('、'),
        };
      }
    }
    return streamXlsx({
      title: '周报',
      subTitle: `导出人:${user.realname}`,
      sheetName: '周报',
      columns: [
        { header: '姓名', key: 'realname', width: 12 },
        { header: '部门', key: 'departName', width: 14 },
        { header: '周', key: 'week', width: 28 },
        { header: '本周完成', key: 'done', width: 40 },
        { header: '下周计划', key: 'plan', width: 40 },
        { header: '问题', key: 'problem', width: 30 },
        { header: '状态', key: 'status', width: 8 },
        { header: '提交时间', key: 'submitTime', width: 20 },
        { header: '接收人', key: 'recipients', width: 30 },
      ],
      rows: gen(),
    });
  }
}
