import {
  addDays,
  effectiveStatus,
  gmt8Day,
  isOverdue,
  MISSION_PRIORITY,
  MISSION_STATUS,
  MISSION_TEXTS,
  type MissionSave,
} from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { paging } from '../../platform/query/query-builder.js';
import { plainText, sanitizeRichText } from '../../platform/http/rich-text.js';
import * as comments from './comment.repo.js';
import * as repo from './mission.repo.js';
import type { OfficeNotifier } from './notify.js';
import { recordMission } from './office-audit.js';
import type { OaMission, OaMissionItem } from './office.tables.js';

const MISSION_PAGE = '/office/mission';
const names = (csv: string | null) => (csv ?? '').split(',').filter(Boolean);

/** Missions: owner, participants, due day, priority, sub-tasks and checklists, progress, comments, reminders. */
export class MissionService {
  /** the clock (epoch ms); tests move it across month ends and the GMT+8 day boundary */
  clock: () => number = () => Date.now();

  constructor(
    private readonly ctx: AppContext,
    private readonly notifier: OfficeNotifier,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  today(): string {
    return gmt8Day(this.clock());
  }

  /** Adds the computed status, texts, names and item counts. */
  async present(rows: OaMission[]) {
    const items = await repo.itemsOf(this.db, rows.map((r) => r.id));
    const people = await repo.usersByName(this.db, [...new Set(rows.flatMap((r) => names(r.participants)))]);
    const realname = new Map(people.map((p) => [p.username, p.realname]));
    const at = this.clock();
    return rows.map((r) => {
      const own = items.filter((i) => i.missionId === r.id);
      const status = effectiveStatus(r.dueDate, r.status, at);
      return {
        ...r,
        storedStatus: r.status,
        status,
        status_dictText: MISSION_STATUS[status],
        priority_dictText: MISSION_PRIORITY[r.priority] ?? '',
        overdue: isOverdue(r.dueDate, r.status, at),
        participants: names(r.participants),
        participantNames: names(r.participants).map((n) => realname.get(n) ?? n),
        itemsTotal: own.length,
        itemsDone: own.filter((i) => i.done === 1).length,
      };
    });
  }

  async list(user: CurrentUser, q: repo.MissionFilter & { pageNo?: number; pageSize?: number }) {
    const f = { ...q, mine: q.mine === '1' ? user.username : undefined };
    const pg = await repo.pageMissions(this.db, user, f, this.today(), paging({ pageNo: q.pageNo, pageSize: q.pageSize }, 500));
    return { ...pg, records: await this.present(pg.records) };
  }

  /** A mission the user may see (company scope). */
  async visible(user: CurrentUser, id: string): Promise<OaMission> {
    const m = await repo.findMission(this.db, id);
    if (!m || !inCompanyScope(user, m.sysOrgCode)) throw businessError(MISSION_TEXTS.notFound);
    return m;
  }

  /** A mission the user may change: owner, participant or creator. */
  async editable(user: CurrentUser, id: string): Promise<OaMission> {
    const m = await this.visible(user, id);
    if (m.owner !== user.username && m.createBy !== user.username && !names(m.participants).includes(user.username)) {
      throw businessError(MISSION_TEXTS.noRight);
    }
    return m;
  }

  async get(user: CurrentUser, id: string) {
    const m = await this.visible(user, id);
    const [row] = await this.present([m]);
    return { ...row, items: await repo.itemsOf(this.db, [id]) };
  }

  private async people(user: CurrentUser, owner: string, participants: string[]) {
    const all = [...new Set([owner, ...participants])];
    const users = await repo.usersByName(this.db, all);
    if (users.length !== all.length || users.some((u) => !inCompanyScope(user, u.orgCode))) throw businessError('负责人或参与人不存在或不在本公司');
    return users.find((u) => u.username === owner)!;
  }

  async save(user: CurrentUser, input: MissionSave): Promise<string> {
    const participants = [...new Set((input.participants ?? []).filter((p) => p !== input.owner))];
    const owner = await this.people(user, input.owner, participants);
    if (input.boardId) {
      const b = await repo.findBoard(this.db, input.boardId);
      if (!b || !inCompanyScope(user, b.sysOrgCode)) throw businessError(MISSION_TEXTS.boardNotFound);
    }
    const at = now();
    const body = {
      title: plainText(input.title).slice(0, 200) || input.title,
      description: sanitizeRichText(input.description),
      owner: owner.username,
      ownerName: owner.realname,
      participants: participants.join(',') || null,
      priority: input.priority ?? '0',
      startDate: input.startDate || null,
      dueDate: input.dueDate || null,
      attachments: input.attachments?.trim() || null,
      boardId: input.boardId || null,
    };
    if (input.id) {
      const m = await this.editable(user, input.id);
      const status = input.status ?? m.status;
      const dueChanged = (input.dueDate || null) !== m.dueDate;
      const patch = { ...body, status, progress: input.progress ?? (status === '2' ? 100 : m.progress), finishTime: status === '2' ? (m.finishTime ?? at) : null };
      await this.db.transaction().execute(async (trx) => {
        await repo.updateMission(trx, m.id, {
          ...patch,
          // A new due day earns new reminders.
          ...(dueChanged ? { dueReminded: 0, overdueReminded: 0 } : {}),
          version: m.version + 1,
          updateBy: user.username,
          updateTime: at,
        });
        await recordMission(trx, { ...m, title: patch.title }, { ...m }, patch);
      });
      return m.id;
    }
    const id = newId();
    const status = input.status ?? '0';
    const row: OaMission = {
      id,
      ...body,
      status,
      progress: input.progress ?? (status === '2' ? 100 : 0),
      columnKey: null,
      sortNo: 0,
      version: 0,
      finishTime: status === '2' ? at : null,
      dueReminded: 0,
      overdueReminded: 0,
      sysOrgCode: user.orgCode,
      delFlag: 0,
      createBy: user.username,
      createTime: at,
      updateBy: null,
      updateTime: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await repo.insertMission(trx, row);
      await recordMission(trx, row, null, { ...row, delFlag: null });
    });
    const notify = [owner.username, ...participants].filter((n) => n !== user.username);
    await this.notifier.send(user, notify, `新任务：${body.title}`, `<p>${user.realname} 分配了任务「${body.title}」${body.dueDate ? `，截止 ${body.dueDate}` : ''}。</p>`, MISSION_PAGE);
    return id;
  }

  async setStatus(user: CurrentUser, id: string, status: string): Promise<void> {
    const m = await this.editable(user, id);
    const at = now();
    const patch = { status, progress: status === '2' ? 100 : m.progress, finishTime: status === '2' ? at : null };
    await this.db.transaction().execute(async (trx) => {
      await repo.updateMission(trx, id, { ...patch, version: m.version + 1, updateBy: user.username, updateTime: at });
      await recordMission(trx, m, { ...m }, patch);
    });
  }

  async remove(user: CurrentUser, id: string, canDeleteAny: boolean): Promise<void> {
    const m = await this.visible(user, id);
    if (m.createBy !== user.username && !canDeleteAny) throw businessError('只有创建人可以删除任务');
    await this.db.transaction().execute(async (trx) => {
      await repo.updateMission(trx, id, { delFlag: 1, updateBy: user.username, updateTime: now() });
      await recordMission(trx, m, { delFlag: 0 }, { delFlag: 1 }, { action: 'delete' });
    });
  }

  /** Progress follows the items once there are any: done / total, rounded. */
  /**
   * Changes the mission's items in one transaction with the progress they give (done / total, rounded, once
   * there are items) and the trail: the items as one field of the mission (☑/☐ title, in order) and the progress.
   */
  private async changeItems(m: OaMission, change: (trx: Database) => Promise<void>): Promise<void> {
    const list = (items: OaMissionItem[]) => items.map((i) => `${i.done === 1 ? '☑' : '☐'} ${i.title}`).join('；') || null;
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.itemsOf(trx, [m.id]);
      await change(trx);
      const items = await repo.itemsOf(trx, [m.id]);
      const patch: Partial<OaMission> = {};
      if (items.length) {
        patch.progress = Math.round((items.filter((i) => i.done === 1).length * 100) / items.length);
        await repo.updateMission(trx, m.id, { progress: patch.progress });
      }
      await recordMission(trx, m, { items: list(before), progress: m.progress }, { items: list(items), ...patch });
    });
  }

  async addItem(user: CurrentUser, input: { missionId: string; kind: string; title: string }): Promise<OaMissionItem> {
    const m = await this.editable(user, input.missionId);
    const existing = await repo.itemsOf(this.db, [input.missionId]);
    const row: OaMissionItem = { id: newId(), missionId: input.missionId, kind: input.kind, title: plainText(input.title).slice(0, 200), done: 0, sortNo: existing.length + 1, createTime: now() };
    await this.changeItems(m, (trx) => repo.insertItem(trx, row));
    return row;
  }

  async toggleItem(user: CurrentUser, id: string, done: boolean): Promise<void> {
    const it = await repo.findItem(this.db, id);
    if (!it) throw businessError(MISSION_TEXTS.notFound);
    const m = await this.editable(user, it.missionId);
    await this.changeItems(m, (trx) => repo.updateItem(trx, id, done ? 1 : 0));
  }

  async deleteItem(user: CurrentUser, id: string): Promise<void> {
    const it = await repo.findItem(this.db, id);
    if (!it) throw businessError(MISSION_TEXTS.notFound);
    const m = await this.editable(user, it.missionId);
    await this.changeItems(m, (trx) => repo.deleteItem(trx, id));
  }

  async listComments(user: CurrentUser, id: string) {
    await this.visible(user, id);
    return comments.listComments(this.db, 'mission', id);
  }

  async comment(user: CurrentUser, input: { bizId: string; parentId?: string | null; content: string }) {
    const m = await this.visible(user, input.bizId);
    if (input.parentId) {
      const p = await comments.findComment(this.db, input.parentId);
      if (!p || p.bizType !== 'mission' || p.bizId !== m.id) throw businessError('回复的评论不存在');
    }
    const c = { id: newId(), bizType: 'mission', bizId: m.id, parentId: input.parentId || null, username: user.username, realname: user.realname, content: plainText(input.content).slice(0, 2000), createTime: now() };
    await comments.insertComment(this.db, c);
    const to = [m.owner, ...names(m.participants)].filter((n) => n !== user.username);
    await this.notifier.send(user, to, `任务评论：${m.title}`, `<p>${user.realname}：${c.content}</p>`, MISSION_PAGE);
    return c;
  }

  /**
   * The reminder job: a due-tomorrow notice once per mission and an overdue notice once per mission, to
   * the owner and participants. Days are GMT+8 calendar days of `at`.
   */
  async remind(at: number = this.clock()): Promise<{ dueSoon: number; overdue: number }> {
    const today = gmt8Day(at);
    const soon = await repo.dueSoon(this.db, addDays(today, 1));
    for (const m of soon) {
      await this.notifier.send(null, [m.owner, ...names(m.participants)], `任务即将到期：${m.title}`, `<p>任务「${m.title}」将于 ${m.dueDate} 到期，请及时处理。</p>`, MISSION_PAGE, 'M');
      await repo.updateMission(this.db, m.id, { dueReminded: 1 });
    }
    const late = await repo.overdueUnreminded(this.db, today);
    for (const m of late) {
      await this.notifier.send(null, [m.owner, ...names(m.participants)], `任务已逾期：${m.title}`, `<p>任务「${m.title}」已于 ${m.dueDate} 到期，目前已逾期。</p>`, MISSION_PAGE, 'H');
      await repo.updateMission(this.db, m.id, { overdueReminded: 1 });
    }
    return { dueSoon: soon.length, overdue: late.length };
  }
}
