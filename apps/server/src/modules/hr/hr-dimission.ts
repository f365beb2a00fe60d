/**
 * 离职 on its date (docs/hr.md "待离职"): a dimission whose date is after today is recorded at once (the
 * dimission fields, their change-log rows, the file marked 待离职) and takes effect on the date through the
 * daily job `hr.job.DimissionJob`, which sets the file to 离职 and freezes the linked account. A date of
 * today or earlier takes effect at once.
 */
import { HY_LEAVE_PENDING, hyLeaveScheduledMessage } from '@go/contract';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { formatDate, now } from '../../platform/db/time.js';
import { officeServices } from '../announcement/register.js';
import { insertLogs, liveFile, updateFile, type LogInput } from './hr.repo.js';
import type { HrService, Operator } from './hr.service.js';
import type { HyUser } from './hr.tables.js';

export const DIMISSION_JOB = 'hr.job.DimissionJob';

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/** The dimission fields a move writes, from its input. */
function dimissionFields(input: Row, date: string): Row {
  return { dimissionType: str(input.dimissionType), dimissionDate: date, dimissionReason: str(input.reason), handover: str(input.handover) };
}

/**
 * Records a dimission whose date is ahead: the file stays in service, marked 待离职, with the dimission
 * fields and one change-log row per changed field (action `dimission`). Runs inside the move's transaction.
 */
export async function scheduleDimission(db: Database, hr: HrService, op: Operator, f: HyUser, input: Row, date: string): Promise<string> {
  const set = dimissionFields(input, date);
  const reason = str(input.reason);
  const logs: LogInput[] = [];
  for (const [k, v] of Object.entries(set)) {
    const before = str((f as unknown as Row)[k]);
    if (before !== str(v)) logs.push(hr.logRow(op, f, 'dimission', k, before, v, reason, date));
  }
  await updateFile(db, f.id, { ...set, pendingMove: HY_LEAVE_PENDING, updateBy: op.username, updateTime: now() });
  await insertLogs(db, logs);
  return hyLeaveScheduledMessage(date);
}

/** Who recorded the dimission (the operator of its latest `dimission` change-log row), for the day it takes effect. */
async function scheduledBy(db: Database, f: HyUser): Promise<Operator> {
  const r = await db
    .selectFrom('hyUserLog')
    .select(['operator', 'operatorName'])
    .where('hyUserId', '=', f.id)
    .where('action', '=', 'dimission')
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return { username: r?.operator ?? 'system', realname: r?.operatorName ?? '系统' };
}

/**
 * Applies the dimissions due by `today` (GMT+8 `yyyy-MM-dd`): each file in its own transaction, claimed
 * with `UPDATE … WHERE pending_move = 'leave'` so that of two instances (or two runs) exactly one applies
 * it; a file already applied is not touched again. A failing file stays 待离职 for the next run.
 */
export async function applyDueDimissions(db: Database, hr: HrService, today: string): Promise<{ applied: number; failed: number }> {
  const due = await db
    .selectFrom('hyUser')
    .select('id')
    .where('pendingMove', '=', HY_LEAVE_PENDING)
    .where('dimissionDate', '<=', today)
    .where('delFlag', '=', 0)
    .orderBy('dimissionDate')
    .orderBy('id')
    .execute();
  let applied = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      const done = await db.transaction().execute(async (trx) => {
        const claim = await trx
          .updateTable('hyUser')
          .set({ pendingMove: null })
          .where('id', '=', id)
          .where('pendingMove', '=', HY_LEAVE_PENDING)
          .where('dimissionDate', '<=', today)
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) return false;
        const f = await liveFile(trx, id);
        if (!f || (f.status !== 'probation' && f.status !== 'regular')) return false;
        const op = await scheduledBy(trx, f);
        await hr.applyMove(trx, op, f, 'dimission', { id: f.id, dimissionType: f.dimissionType ?? '', date: f.dimissionDate ?? today, reason: f.dimissionReason ?? '', handover: f.handover }, { today });
        return true;
      });
      if (done) applied++;
    } catch {
      failed++;
    }
  }
  return { applied, failed };
}

/** Registers the daily job handler (the job row is seeded, see seed part `0805_hr_dimission_job`). */
export function registerDimissionJob(ctx: AppContext, hr: HrService): void {
  officeServices(ctx).jobRegistry.register(
    {
      name: DIMISSION_JOB,
      description: '离职到期生效（离职日期已到的待离职人员转为离职并冻结账号）',
      async run(_parameter, run) {
        const r = await applyDueDimissions(ctx.db, hr, formatDate(run.fireTime));
        return `离职生效 ${r.applied} 人${r.failed ? `，失败 ${r.failed} 人` : ''}`;
      },
    },
    'DimissionJob',
  );
}
