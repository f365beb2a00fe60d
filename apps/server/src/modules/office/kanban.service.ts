import { boardColumnSchema, kanbanSocketKey, MISSION_TEXTS, STATUS_COLUMNS, type BoardColumn } from '@go/contract';
import { z } from 'zod';
import type { CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import * as repo from './mission.repo.js';
import type { MissionService } from './mission.service.js';
import { recordMission } from './office-audit.js';
import type { OaBoard, OaMission } from './office.tables.js';

/** The description of the board every company gets (docs/office.md "Kanban"). */
export const COMPANY_BOARD_DESCRIPTION = '公司默认看板';

/**
 * Gives a company its default board (named after the company, the status columns) unless the company
 * already has a board of its own: run when a company is added and by the seed for existing companies.
 */
export async function ensureCompanyBoard(db: Database, company: { orgCode: string; departName: string }, by: string): Promise<boolean> {
  const has = await db.selectFrom('oaBoard').select('id').where('sysOrgCode', '=', company.orgCode).where('delFlag', '=', 0).executeTakeFirst();
  if (has) return false;
  await repo.insertBoard(db, {
    id: newId(),
    name: `${company.departName}看板`,
    description: COMPANY_BOARD_DESCRIPTION,
    columns: null,
    sysOrgCode: company.orgCode,
    delFlag: 0,
    createBy: by,
    createTime: now(),
    updateBy: null,
    updateTime: null,
  });
  return true;
}

type Card = Awaited<ReturnType<MissionService['present']>>[number];

/**
 * Kanban boards: a company's (or team's) board shows its missions as cards in columns; a column maps to a
 * status, so moving a card sets the mission's status. Moves are claimed on the mission's version.
 */
export class KanbanService {
  constructor(
    private readonly ctx: AppContext,
    private readonly missions: MissionService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  columnsOf(b: OaBoard): BoardColumn[] {
    if (!b.columns) return STATUS_COLUMNS;
    const parsed = z.array(boardColumnSchema).safeParse(JSON.parse(b.columns));
    return parsed.success && parsed.data.length ? parsed.data : STATUS_COLUMNS;
  }

  /** The column a mission sits in: its own column key when the board has it, else the first column of its status. */
  columnOf(cols: BoardColumn[], m: Pick<OaMission, 'columnKey' | 'status'>): string {
    if (m.columnKey && cols.some((c) => c.key === m.columnKey && c.status === m.status)) return m.columnKey;
    return (cols.find((c) => c.status === m.status) ?? cols[0]).key;
  }

  async boards(user: CurrentUser) {
    const rows = await repo.boards(this.db, user);
    return rows.map((b) => ({ ...b, columns: this.columnsOf(b) }));
  }

  private async board(user: CurrentUser, id: string): Promise<OaBoard> {
    const b = await repo.findBoard(this.db, id);
    if (!b || !inCompanyScope(user, b.sysOrgCode)) throw businessError(MISSION_TEXTS.boardNotFound);
    return b;
  }

  async saveBoard(user: CurrentUser, input: { id?: string; name: string; description?: string | null; columns?: BoardColumn[] | null }): Promise<string> {
    const columns = input.columns?.length ? JSON.stringify(input.columns) : null;
    if (input.columns && new Set(input.columns.map((c) => c.key)).size !== input.columns.length) throw businessError('看板列的标识不能重复');
    const at = now();
    if (input.id) {
      await this.board(user, input.id);
      await repo.updateBoard(this.db, input.id, { name: input.name, description: input.description ?? null, columns, updateBy: user.username, updateTime: at });
      return input.id;
    }
    const id = newId();
    await repo.insertBoard(this.db, { id, name: input.name, description: input.description ?? null, columns, sysOrgCode: user.orgCode, delFlag: 0, createBy: user.username, createTime: at, updateBy: null, updateTime: null });
    return id;
  }

  /** The board with its columns and their cards (filters: owner, due range). */
  async view(user: CurrentUser, id: string, f: { owner?: string; dueFrom?: string; dueTo?: string }) {
    const b = await this.board(user, id);
    const cols = this.columnsOf(b);
    const rows = await repo.boardMissions(this.db, user, id, f, this.missions.today());
    const cards = await this.missions.present(rows);
    const byCol = new Map<string, Card[]>(cols.map((c) => [c.key, []]));
    rows.forEach((r, i) => byCol.get(this.columnOf(cols, r))!.push(cards[i]));
    return {
      id: b.id,
      name: b.name,
      description: b.description,
      socketKey: kanbanSocketKey(b.id),
      columns: cols.map((c) => ({ ...c, cards: byCol.get(c.key)! })),
    };
  }

  /**
   * Moves a card. The claim `UPDATE … WHERE version = ?` lets exactly one of two concurrent moves win; the
   * loser gets the card where the winner put it. Others watching the board are told on the table socket.
   */
  async move(user: CurrentUser, input: { id: string; toColumn: string; toIndex?: number; version: number }) {
    const m = await this.missions.editable(user, input.id);
    if (!m.boardId) throw businessError(MISSION_TEXTS.boardNotFound);
    const b = await this.board(user, m.boardId);
    const cols = this.columnsOf(b);
    const target = cols.find((c) => c.key === input.toColumn);
    if (!target) throw businessError(MISSION_TEXTS.columnUnknown);
    const at = now();
    const won = await this.db.transaction().execute(async (trx) => {
      const patch = {
        status: target.status,
        columnKey: target.key,
        progress: target.status === '2' ? 100 : m.progress,
        finishTime: target.status === '2' ? (m.finishTime ?? at) : null,
      };
      const ok = await repo.claimMission(trx, m.id, input.version, { ...patch, updateBy: user.username, updateTime: at });
      if (!ok) return false;
      await recordMission(trx, m, { ...m }, patch);
      // Renumber the target column with the card at its new place.
      const inCol = (await repo.boardMissions(trx, user, b.id, {}, this.missions.today())).filter(
        (r) => r.id !== m.id && this.columnOf(cols, r) === target.key,
      );
      const order = [...inCol.map((r) => r.id)];
      order.splice(Math.min(input.toIndex ?? order.length, order.length), 0, m.id);
      for (let i = 0; i < order.length; i++) await repo.setSortNo(trx, order[i], i + 1);
      return true;
    });
    const fresh = await repo.findMission(this.db, m.id);
    const [card] = await this.missions.present([fresh!]);
    const column = this.columnOf(cols, fresh!);
    if (!won) throw businessError(MISSION_TEXTS.moveConflict, { card, column });
    // Only ids travel on the table socket (every signed-in socket hears it); viewers reload through the API.
    this.ctx.realtime.broadcastTable({
      type: 'update_vxe_table',
      data: { socketKey: kanbanSocketKey(b.id), id: m.id, column, version: fresh!.version, by: user.username },
    });
    return { card, column };
  }
}
