import { KPI_ROUND_TEXT, kpiRoundListQuery, kpiRoundResult, kpiRoundRow, kpiRoundStart } from '@go/contract/performance/index';
import { envelope, pageResponse } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import type { KpiRoundService } from './kpi-round.service.js';

const tags = ['季度KPI考评'];

/** 发起KPI考评: start a round for a department or company, list rounds, read one round's outcomes. */
export async function kpiRoundRoutes(app: Api, rounds: KpiRoundService): Promise<void> {
  app.post(
    '/performance/kpiRound/start',
    {
      config: { access: perm(KPI_ROUND_TEXT.perm), oplog: { content: '发起KPI考评', type: 2 } },
      schema: { tags, summary: '发起部门或公司的季度KPI考评（每人一份，按正常流程提交）', body: kpiRoundStart, response: { 200: envelope(kpiRoundResult) } },
    },
    async (req) => {
      const r = await rounds.start(req.user!, req.body);
      return ok(r, `已发起${r.createdCount}份，跳过${r.skippedCount}人${r.failedCount ? `，失败${r.failedCount}人` : ''}`);
    },
  );
  app.get(
    '/performance/kpiRound/list',
    { config: { access: perm(KPI_ROUND_TEXT.listPerm) }, schema: { tags, summary: 'KPI考评轮次', querystring: kpiRoundListQuery, response: { 200: pageResponse(kpiRoundRow) } } },
    async (req) => ok(await rounds.list(req.user!, req.query), '查询成功'),
  );
  app.get(
    '/performance/kpiRound/queryById',
    { config: { access: perm(KPI_ROUND_TEXT.listPerm) }, schema: { tags, summary: 'KPI考评轮次及每人结果', querystring: z.object({ id: z.string().min(1).max(64) }), response: { 200: envelope(kpiRoundResult) } } },
    async (req) => ok(await rounds.result(req.user!, req.query.id), '查询成功'),
  );
}
