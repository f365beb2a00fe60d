import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import '../platform/scheduler/scheduler.tables.js';
import type { SeedOptions } from './helpers.js';

/**
 * The daily job that makes scheduled dimissions (待离职) take effect on their date (docs/hr.md): running in
 * the demo and in a clean install alike: it is part of the product (待离职 must end on its date), unlike the
 * sample jobs, which a clean install leaves paused.
 */
export async function seedHrDimissionJob(db: Database, _opts: SeedOptions = { demo: true }): Promise<void> {
  const exists = await db.selectFrom('sysQuartzJob').select('id').where('jobClassName', '=', 'hr.job.DimissionJob').executeTakeFirst();
  if (exists) return;
  await db
    .insertInto('sysQuartzJob')
    .values({
      id: newId(),
      jobClassName: 'hr.job.DimissionJob',
      cronExpression: '0 5 0 * * ? *',
      parameter: null,
      description: '每天0点05分办理离职日期已到的待离职人员',
      status: 0,
      delFlag: 0,
      nextFire: null,
      lastFire: null,
      createBy: 'admin',
      createTime: now(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
}
