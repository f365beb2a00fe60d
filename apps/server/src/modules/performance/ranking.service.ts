import { RANKING_PAGE_SIZE, QUARTER_TITLES, type RankingQuery } from '@go/contract/performance/index';
import type { CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { streamXlsx } from '../../platform/excel/excel.js';
import { rankingPage, type RankingFilter } from './performance.repo.js';

const currentYear = () => String(new Date().getFullYear());

/**
 * `/rankingUserAvg/list`: people ranked by their average for a year (the yearly sheet's `avgCount`) or
 * by one quarter's score (the quarterly sheet), filtered by company and department, company scoped.
 * Equal scores share a rank. Page size 30 by default (docs/contract.md, "Limits and constants").
 */
export class RankingService {
  constructor(private readonly db: Database) {}

  private filter(q: RankingQuery): RankingFilter {
    return {
      yearPart: q.yearPart ?? currentYear(),
      quarter: q.quarter,
      sysOrgCode: q.sysOrgCode && /^[A-Z0-9]{3,64}$/.test(q.sysOrgCode) ? q.sysOrgCode : null,
      departName: q.departName,
      userName: q.userName,
    };
  }

  async list(user: CurrentUser, q: RankingQuery) {
    return rankingPage(this.db, user, this.filter(q), { pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? RANKING_PAGE_SIZE });
  }

  exportStream(user: CurrentUser, q: RankingQuery) {
    const f = this.filter(q);
    const db = this.db;
    async function* rows() {
      for (let pageNo = 1; ; pageNo++) {
        const { records: batch } = await rankingPage(db, user, f, { pageNo, pageSize: 2000 });
        yield* batch;
        if (batch.length < 2000) break;
      }
    }
    const period = f.quarter ? `${f.yearPart}年${QUARTER_TITLES[f.quarter - 1]}` : `${f.yearPart}年度`;
    return streamXlsx({
      title: `${period}绩效排名`,
      subTitle: `导出人:${user.realname}`,
      columns: [
        { header: '排名', key: 'rank', width: 8 },
        { header: '姓名', key: 'userName' },
        { header: '公司', key: 'orgName', width: 24 },
        { header: '部门', key: 'departName' },
        { header: '年度', key: 'yearPart', width: 10 },
        { header: '平均分', key: 'avgCount', width: 10 },
      ],
      rows: rows(),
    });
  }
}
