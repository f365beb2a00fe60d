/**
 * The change trail of office records (docs/audit.md): weekly reports, missions, indicators and the adoption of
 * proposals write their changed fields with `recordChanges` inside the transaction of the write.
 */
import { weekLabel } from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import { recordChanges, type ChangeOptions, type Values } from '../../platform/audit/audit.js';
import { registerChangeTypeReader } from '../../platform/audit/change-log.service.js';
import type { Database } from '../../platform/db/database.js';
import type { OaIndicator, OaIndicatorMonth, OaMission, OaWeekly } from './office.tables.js';
import * as weeklyRepo from './weekly.repo.js';

export const OFFICE_CHANGE_TYPES = { weekly: 'oa_weekly', mission: 'oa_mission', indicator: 'oa_indicator', proposal: 'oa_proposal' } as const;

/** The fields of each record that people edit (bookkeeping, versions and reminder flags left out). */
const WEEKLY_FIELDS = ['weekStart', 'doneContent', 'planContent', 'problemContent', 'attachments', 'status', 'submitTime', 'recipients'];
const MISSION_FIELDS = ['title', 'description', 'owner', 'participants', 'priority', 'startDate', 'dueDate', 'status', 'progress', 'attachments', 'boardId', 'columnKey', 'finishTime', 'delFlag', 'items'];
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const INDICATOR_FIELDS = ['year', 'name', 'unit', 'target', 'weight', 'owner', 'sysOrgCode', 'delFlag', ...MONTHS.flatMap((m) => [`target_${m}`, `actual_${m}`])];

type Side = Values | null;

export function recordWeekly(trx: Database, w: Pick<OaWeekly, 'id' | 'realname' | 'username' | 'weekStart' | 'sysOrgCode'>, before: Side, after: Side, opts: ChangeOptions = {}) {
  const name = `${w.realname ?? w.username} ${weekLabel(w.weekStart)}`;
  return recordChanges(trx, { type: OFFICE_CHANGE_TYPES.weekly, id: w.id, name, orgCode: w.sysOrgCode }, before, after, { fields: WEEKLY_FIELDS, ...opts });
}

export function recordMission(trx: Database, m: Pick<OaMission, 'id' | 'title' | 'sysOrgCode'>, before: Side, after: Side, opts: ChangeOptions = {}) {
  return recordChanges(trx, { type: OFFICE_CHANGE_TYPES.mission, id: m.id, name: m.title, orgCode: m.sysOrgCode }, before, after, { fields: MISSION_FIELDS, ...opts });
}

export function recordIndicator(trx: Database, r: Pick<OaIndicator, 'id' | 'name' | 'year' | 'sysOrgCode'>, before: Side, after: Side, opts: ChangeOptions = {}) {
  return recordChanges(trx, { type: OFFICE_CHANGE_TYPES.indicator, id: r.id, name: `${r.year} ${r.name}`, orgCode: r.sysOrgCode }, before, after, { fields: INDICATOR_FIELDS, ...opts });
}

/** Monthly targets and actuals as fields `target_<m>` / `actual_<m>` of the indicator. */
export function monthValues(months: Pick<OaIndicatorMonth, 'month' | 'target' | 'actual'>[], which: ('target' | 'actual')[] = ['target', 'actual']): Values {
  const out: Values = {};
  for (const m of months) for (const k of which) out[`${k}_${m.month}`] = m[k];
  return out;
}

/**
 * A weekly report's changes are read by whoever may read the report (docs/office.md): its writer, a recipient
 * of the submitted report, or a holder of the search permission; the company scope is the trail's own.
 */
export function registerOfficeChangeReader(): void {
  registerChangeTypeReader('office', {
    matches: (type) => type === OFFICE_CHANGE_TYPES.weekly,
    async canRead(db: Database, user: CurrentUser, _type: string, id: string, has: (code: string) => Promise<boolean>) {
      const row = await weeklyRepo.findWeekly(db, id);
      if (row?.username === user.username) return true;
      if (await has('office:weekly:search')) return true;
      return !!row && row.status === '1' && !!(await weeklyRepo.recipient(db, id, user.username));
    },
  });
}
