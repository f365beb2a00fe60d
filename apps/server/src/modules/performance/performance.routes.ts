import {
  rankingQuery,
  sheetListQuery,
  sheetLookupQuery,
  userYearPartAdd,
  userYearPartEdit,
  userYearPerfAdd,
  userYearPerfEdit,
  type RankingQuery,
  type SheetLookupQuery,
  type UserYearPartAdd,
  type UserYearPartEdit,
  type UserYearPerfAdd,
  type UserYearPerfEdit,
} from '@go/contract/performance/index';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import { attachmentHeader, XLSX_MIME } from '../../platform/excel/excel.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Params } from '../../platform/query/query-builder.js';
import { PERF_PERMS } from './performance.perms.js';
import type { RankingService } from './ranking.service.js';
import type { SheetService } from './sheet.service.js';

/** Validates a merged query and body (GET and POST are both accepted); bad input answers 400 with the first message. */
function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('BAD_REQUEST', r.error.issues[0]?.message);
  return r.data;
}

/** The yearly and quarterly sheets (stock paths) and the ranking. */
export async function performanceRoutes(app: FastifyInstance, sheets: SheetService, ranking: RankingService): Promise<void> {
  const sheetsDef = [
    { base: '/userYearPerf', table: 'userYearPerf', tag: '年度绩效', add: userYearPerfAdd, edit: userYearPerfEdit, p: { list: PERF_PERMS.yearList, add: PERF_PERMS.yearAdd, edit: PERF_PERMS.yearEdit, exp: PERF_PERMS.yearExport } },
    { base: '/userYearPart', table: 'userYearPart', tag: '季度绩效', add: userYearPartAdd, edit: userYearPartEdit, p: { list: PERF_PERMS.partList, add: PERF_PERMS.partAdd, edit: PERF_PERMS.partEdit, exp: PERF_PERMS.partExport } },
  ] as const;

  for (const s of sheetsDef) {
    const tags = [s.tag];
    app.route({
      method: ['GET', 'POST'],
      url: `${s.base}/queryById`,
      config: { access: perm(s.p.list), oplog: false },
      schema: { tags, summary: `${s.tag}：按人员和年度查询（无则为空）`, querystring: sheetLookupQuery },
      handler: async (req) => {
        const q = { ...(req.query as SheetLookupQuery), ...((req.body as SheetLookupQuery | undefined) ?? {}) };
        const row = await sheets.queryById(s.table, req.user!, parseOr400(sheetLookupQuery, q));
        return ok(row, row ? '查询成功' : '未找到对应数据');
      },
    });
    app.get(
      `${s.base}/list`,
      { config: { access: perm(s.p.list) }, schema: { tags, summary: `${s.tag}列表`, querystring: sheetListQuery } },
      async (req) => ok(await sheets.list(s.table, req.user!, req.query as Params), '查询成功'),
    );
    app.post(
      `${s.base}/add`,
      { config: { access: perm(s.p.add), oplog: { content: `添加${s.tag}`, type: 2 } }, schema: { tags, summary: `添加${s.tag}`, body: s.add } },
      async (req) => {
        const row =
          s.table === 'userYearPerf'
            ? await sheets.addPerf(req.user!, req.body as UserYearPerfAdd)
            : await sheets.addPart(req.user!, req.body as UserYearPartAdd);
        return ok(row, '添加成功！');
      },
    );
    app.route({
      method: ['PUT', 'POST'],
      url: `${s.base}/edit`,
      config: { access: perm(s.p.edit), oplog: { content: `编辑${s.tag}`, type: 3 } },
      schema: { tags, summary: `编辑${s.tag}`, body: s.edit },
      handler: async (req) => {
        const row =
          s.table === 'userYearPerf'
            ? await sheets.editPerf(req.user!, req.body as UserYearPerfEdit)
            : await sheets.editPart(req.user!, req.body as UserYearPartEdit);
        return ok(row, '编辑成功!');
      },
    });
    app.get(
      `${s.base}/exportXls`,
      { config: { access: perm(s.p.exp), oplog: { content: `导出${s.tag}`, type: 6 } }, schema: { tags, summary: `导出${s.tag}（.xlsx）`, querystring: sheetListQuery } },
      async (req, reply) => {
        const stream = sheets.exportStream(s.table, req.user!, req.query as Params);
        reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${s.tag}.xlsx`));
        return reply.send(stream);
      },
    );
  }

  const tags = ['绩效排名'];
  app.route({
    method: ['GET', 'POST'],
    url: '/rankingUserAvg/list',
    config: { access: perm(PERF_PERMS.ranking), oplog: false },
    schema: { tags, summary: '绩效平均分排名（并列同名次）', querystring: rankingQuery },
    handler: async (req) => {
      const q = parseOr400(rankingQuery, { ...(req.query as object), ...((req.body as object | undefined) ?? {}) });
      return ok(await ranking.list(req.user!, q as RankingQuery), '查询成功');
    },
  });
  app.get(
    '/rankingUserAvg/exportXls',
    { config: { access: perm(PERF_PERMS.rankingExport), oplog: { content: '导出绩效排名', type: 6 } }, schema: { tags, summary: '导出绩效排名（.xlsx）', querystring: rankingQuery } },
    async (req, reply) => {
      const stream = ranking.exportStream(req.user!, req.query as RankingQuery);
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('绩效排名.xlsx'));
      return reply.send(stream);
    },
  );
}
