import { sql } from 'kysely';
import { isGroupLevel, type CurrentUser } from '../../../platform/access/access.js';
import type { Database, DbKind } from '../../../platform/db/database.js';
import type { SysLog } from '../../../platform/db/schema.js';
import { formatDate } from '../../../platform/db/time.js';
import { likeContains } from '../../../platform/query/like.js';
import { withDictText, type Translator } from '../../../platform/query/present.js';
import { LOG_SEARCH, substringTerms, trigramNarrowing } from '../list-search.js';
import { applyFilters, applySort, paging, runPageCapped, type Params, type Whitelist } from '../../../platform/query/query-builder.js';

export const LOG_WHITELIST: Whitelist = {
  id: 'l.id',
  logType: { column: 'l.logType', type: 'number' },
  operateType: { column: 'l.operateType', type: 'number' },
  logContent: 'l.logContent',
  userid: 'l.userid',
  username: 'l.username',
  ip: 'l.ip',
  method: 'l.method',
  requestUrl: 'l.requestUrl',
  requestType: 'l.requestType',
  costTime: { column: 'l.costTime', type: 'number' },
  outcome: 'l.outcome',
  createTime: { column: 'l.createTime', type: 'datetime' },
};

const COLUMNS = [
  'l.id', 'l.logType', 'l.logContent', 'l.operateType', 'l.userid', 'l.username', 'l.ip', 'l.method', 'l.requestUrl',
  'l.requestParam', 'l.requestType', 'l.costTime', 'l.outcome', 'l.createTime',
] as const;

type LogListRow = Pick<
  SysLog,
  'id' | 'logType' | 'logContent' | 'operateType' | 'userid' | 'username' | 'ip' | 'method' | 'requestUrl' | 'requestParam' | 'requestType' | 'costTime' | 'outcome' | 'createTime'
>;

/** System logs (login type 1, operation type 2). Outside the group company a user sees only the rows of their company's users. */
export class LogService {
  constructor(
    private readonly db: Database,
    private readonly translate: Translator,
    /** the database kind (decides whether the SQLite trigram table serves substring searches) */
    private readonly kind: DbKind,
  ) {}

  private scoped(user: CurrentUser) {
    const qb = this.db.selectFrom('sysLog as l');
    if (isGroupLevel(user)) return qb;
    return qb.where('l.userid', 'in', (eb) =>
      eb.selectFrom('sysUser').select('username').where('orgCode', 'like', `${user.company}%`),
    );
  }

  async list(user: CurrentUser, params: Params) {
    let base = applyFilters(this.scoped(user), params, LOG_WHITELIST);
    const keyWord = typeof params.keyWord === 'string' ? params.keyWord.trim() : '';
    const terms = substringTerms(params, LOG_WHITELIST, LOG_SEARCH);
    if (keyWord) {
      base = base.where(likeContains('l.logContent', keyWord));
      terms.push({ column: 'log_content', term: keyWord });
    }
    // Substring searches of three characters or more are served by the SQLite trigram table (same rows).
    const narrow = trigramNarrowing(this.kind, LOG_SEARCH, 'l.id', terms);
    if (narrow) base = base.where(narrow);
    const p = paging(params);
    // A million-row log: the total is exact up to 10,000 rows past the page, a moving lower bound beyond.
    const pg = await runPageCapped<typeof base, LogListRow>(
      this.db,
      base,
      (qb) => applySort(qb.select([...COLUMNS]), params, LOG_WHITELIST, { field: 'createTime', order: 'desc' }),
      p,
    );
    return { ...pg, records: await withDictText(pg.records, { logType: 'log_type', operateType: 'operate_type' }, this.translate) };
  }

  /** Deletes rows by id, or every visible row for `allclear`. */
  async remove(user: CurrentUser, ids: string[] | 'allclear'): Promise<void> {
    let q = this.db.deleteFrom('sysLog');
    if (ids !== 'allclear') q = q.where('id', 'in', ids);
    if (!isGroupLevel(user)) {
      q = q.where('userid', 'in', (eb) => eb.selectFrom('sysUser').select('username').where('orgCode', 'like', `${user.company}%`));
    }
    await q.execute();
  }

  /** `/sys/loginfo`: login counts (all time, today) and today's distinct IPs. */
  async loginInfo(user: CurrentUser) {
    const today = formatDate();
    const base = this.scoped(user).where('l.logType', '=', 1);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const todayRow = await base
      .where('l.createTime', '>=', `${today} 00:00:00`)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('l.ip').distinct().as('ips')])
      .executeTakeFirst();
    return {
      totalVisitCount: Number(total?.n ?? 0),
      todayVisitCount: Number(todayRow?.n ?? 0),
      todayIp: Number(todayRow?.ips ?? 0),
    };
  }

  /** `/sys/visitInfo`: visits and distinct IPs per day over the last 7 days, ascending; empty days omitted. */
  async visitInfo(user: CurrentUser) {
    const from = formatDate(Date.now() - 6 * 86400000);
    const day = sql<string>`substr(${sql.ref('l.createTime')}, 1, 10)`;
    const rows = await this.scoped(user)
      .where('l.logType', '=', 1)
      .where('l.createTime', '>=', `${from} 00:00:00`)
      .select((eb) => [day.as('tian'), eb.fn.countAll().as('visit'), eb.fn.count('l.ip').distinct().as('ip')])
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((r) => ({ visit: Number(r.visit), ip: Number(r.ip), tian: r.tian, type: r.tian.slice(5) }));
  }
}
