import {
  evenMonths,
  INDICATOR_TEXTS,
  indicatorFigures,
  LIGHT_TEXT,
  monthsMatch,
  rollUp,
  type IndicatorSave,
} from '@go/contract';
import { GROUP_COMPANY, isGroupLevel, type CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { plainText } from '../../platform/http/rich-text.js';
import * as repo from './indicator.repo.js';
import type { OaIndicator } from './office.tables.js';
import { monthValues, recordIndicator } from './office-audit.js';

/** The parent in the group → company → department tree: companies hang under the group (A01). */
export function parentOrg(code: string): string | null {
  if (code === GROUP_COMPANY) return null;
  if (code.length === 3) return GROUP_COMPANY;
  return code.slice(0, -3);
}

/** Whether an indicator of `org` counts in the node `node` (the group node counts every company). */
function inSubtree(node: string, org: string): boolean {
  return node === GROUP_COMPANY || org.startsWith(node);
}

/**
 * Strategic indicators: yearly targets per company or department, monthly decomposition, actuals by the
 * owner, completion and traffic light, weighted roll-ups up the organisation tree.
 */
export class IndicatorService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  async present(rows: OaIndicator[]) {
    const months = await repo.monthsOf(this.db, rows.map((r) => r.id));
    const departs = new Map((await repo.departs(this.db)).map((d) => [d.orgCode, d.departName]));
    return rows.map((r) => {
      const own = months.filter((m) => m.indicatorId === r.id);
      const monthly = Array.from({ length: 12 }, (_, i) => {
        const m = own.find((x) => x.month === i + 1);
        return { month: i + 1, target: m?.target ?? null, actual: m?.actual ?? null };
      });
      const figures = indicatorFigures(r.target, monthly);
      return { ...r, departName: departs.get(r.sysOrgCode) ?? r.sysOrgCode, months: monthly, ...figures, light_dictText: LIGHT_TEXT[figures.light] };
    });
  }

  async list(user: CurrentUser, year: number, orgCode?: string) {
    const prefix = orgCode && orgCode !== GROUP_COMPANY ? orgCode : undefined;
    if (orgCode && !isGroupLevel(user) && !orgCode.startsWith(user.company)) return [];
    return this.present(await repo.indicators(this.db, user, year, prefix));
  }

  async get(user: CurrentUser, id: string) {
    const r = await repo.findIndicator(this.db, id);
    if (!r || !inCompanyScope(user, r.sysOrgCode)) throw businessError(INDICATOR_TEXTS.notFound);
    return (await this.present([r]))[0];
  }

  /** The organisation tree of the year with each node's weighted roll-up of its subtree. */
  async tree(user: CurrentUser, year: number) {
    const rows = await this.present(await repo.indicators(this.db, user, year));
    const departs = (await repo.departs(this.db)).filter((d) => inCompanyScope(user, d.orgCode));
    const codes = new Set(departs.map((d) => d.orgCode));
    // Keep the organisation units that hold indicators, and their ancestors.
    const keep = new Set<string>();
    for (const r of rows) {
      for (let c: string | null = r.sysOrgCode; c; c = parentOrg(c)) if (codes.has(c)) keep.add(c);
    }
    const name = new Map(departs.map((d) => [d.orgCode, d.departName]));
    type Node = ReturnType<typeof rollUp> & { orgCode: string; departName: string; own: number; children: Node[] };
    const build = (code: string): Node => {
      const members = rows.filter((r) => inSubtree(code, r.sysOrgCode));
      const children = [...keep].filter((c) => parentOrg(c) === code).sort().map(build);
      return { orgCode: code, departName: name.get(code) ?? code, own: rows.filter((r) => r.sysOrgCode === code).length, ...rollUp(members.map((r) => ({ weight: r.weight, figures: r }))), children };
    };
    const roots = [...keep].filter((c) => !parentOrg(c) || !keep.has(parentOrg(c)!)).sort();
    return roots.map(build);
  }

  private async checkOwner(user: CurrentUser, owner: string) {
    const u = await repo.user(this.db, owner);
    if (!u || !inCompanyScope(user, u.orgCode)) throw businessError('责任人不存在或不在本公司');
    return u;
  }

  private async checkOrg(user: CurrentUser, orgCode: string) {
    const d = (await repo.departs(this.db)).find((x) => x.orgCode === orgCode);
    if (!d || !inCompanyScope(user, orgCode)) throw businessError(INDICATOR_TEXTS.orgUnknown);
  }

  async save(user: CurrentUser, input: IndicatorSave): Promise<string> {
    await this.checkOrg(user, input.orgCode);
    const owner = await this.checkOwner(user, input.owner);
    if (input.months && !monthsMatch(input.target, input.months)) throw businessError(INDICATOR_TEXTS.monthsSum);
    const at = now();
    const body = {
      year: input.year,
      name: plainText(input.name).slice(0, 200) || input.name,
      unit: input.unit?.trim() || null,
      target: input.target,
      weight: input.weight,
      owner: owner.username,
      ownerName: owner.realname,
      sysOrgCode: input.orgCode,
    };
    return this.db.transaction().execute(async (trx) => {
      let id = input.id;
      if (id) {
        const r = await repo.findIndicator(trx, id);
        if (!r || !inCompanyScope(user, r.sysOrgCode)) throw businessError(INDICATOR_TEXTS.notFound);
        await repo.updateIndicator(trx, id, { ...body, updateBy: user.username, updateTime: at });
        const months = input.months ?? (r.target !== input.target ? evenMonths(input.target) : null);
        const before = monthValues(await repo.monthsOf(trx, [id]), ['target']);
        if (months) for (let i = 0; i < 12; i++) await repo.upsertMonth(trx, id, i + 1, { target: months[i] }, user.username, at, newId);
        const after = months ? monthValues(months.map((target, i) => ({ month: i + 1, target, actual: null })), ['target']) : {};
        await recordIndicator(trx, { ...r, ...body }, { ...r, ...before }, { ...body, ...after });
      } else {
        id = newId();
        await repo.insertIndicator(trx, { id, ...body, sortNo: 0, delFlag: 0, createBy: user.username, createTime: at, updateBy: null, updateTime: null });
        const months = input.months ?? evenMonths(input.target);
        for (let i = 0; i < 12; i++) await repo.upsertMonth(trx, id, i + 1, { target: months[i] }, user.username, at, newId);
        await recordIndicator(trx, { id, ...body }, null, { ...body, ...monthValues(months.map((target, i) => ({ month: i + 1, target, actual: null })), ['target']) });
      }
      return id;
    });
  }

  async setTargets(user: CurrentUser, id: string, months: number[]): Promise<void> {
    const r = await repo.findIndicator(this.db, id);
    if (!r || !inCompanyScope(user, r.sysOrgCode)) throw businessError(INDICATOR_TEXTS.notFound);
    if (!monthsMatch(r.target, months)) throw businessError(INDICATOR_TEXTS.monthsSum);
    const at = now();
    await this.db.transaction().execute(async (trx) => {
      const before = monthValues(await repo.monthsOf(trx, [id]), ['target']);
      for (let i = 0; i < 12; i++) await repo.upsertMonth(trx, id, i + 1, { target: months[i] }, user.username, at, newId);
      await recordIndicator(trx, r, before, monthValues(months.map((target, i) => ({ month: i + 1, target, actual: null })), ['target']));
    });
  }

  /** A month's actual, by the indicator's owner (or a manager of the company's indicators). */
  async setActual(user: CurrentUser, id: string, month: number, actual: number | null, canManage: boolean): Promise<void> {
    const r = await repo.findIndicator(this.db, id);
    if (!r || !inCompanyScope(user, r.sysOrgCode)) throw businessError(INDICATOR_TEXTS.notFound);
    if (r.owner !== user.username && !canManage) throw businessError(INDICATOR_TEXTS.notOwner);
    await this.db.transaction().execute(async (trx) => {
      const before = monthValues(await repo.monthsOf(trx, [id]), ['actual']);
      await repo.upsertMonth(trx, id, month, { actual }, user.username, now(), newId);
      await recordIndicator(trx, r, before, { [`actual_${month}`]: actual });
    });
  }

  async remove(user: CurrentUser, id: string): Promise<void> {
    const r = await repo.findIndicator(this.db, id);
    if (!r || !inCompanyScope(user, r.sysOrgCode)) throw businessError(INDICATOR_TEXTS.notFound);
    await this.db.transaction().execute(async (trx) => {
      await repo.updateIndicator(trx, id, { delFlag: 1, updateBy: user.username, updateTime: now() });
      await recordIndicator(trx, r, { delFlag: 0 }, { delFlag: 1 }, { action: 'delete' });
    });
  }
}
