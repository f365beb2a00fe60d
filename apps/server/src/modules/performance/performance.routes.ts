import {
  pfRankingRow,
  pfYearPartRow,
  pfYearPerfRow,
  rankingQuery,
  sheetListQuery,
  sheetLookupQuery,
  userYearPartAdd,
  userYearPartEdit,
  userYearPerfAdd,
  userYearPerfEdit,
} from '@go/contract/performance/index';
import { binaryResponse, envelope, pageResponse } from '@go/contract';
import type { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import { attachmentHeader, XLSX_MIME } from '../../platform/excel/excel.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { PERF_PERMS } from './performance.perms.js';
import type { RankingService } from './ranking.service.js';
import type { SheetService } from './sheet.service.js';

/** Validates a merged query and body (GET and POST are both accepted); bad input answers 400 with the first message. */
function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('BAD_REQUEST', r.error.issues[0]?.message);
  return r.data;
}

/** The fields of a form body sent with a POST (nothing for a GET or a body that is not an object). */
function bodyFields(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
}

const SHEETS = {
  perf: { base: '/userYearPerf', tag: '年度绩效', p: { list: PERF_PERMS.yearList, add: PERF_PERMS.yearAdd, edit: PERF_PERMS.yearEdit, exp: PERF_PERMS.yearExport } },
  part: { base: '/userYearPart', tag: '季度绩效', p: { list: PERF_PERMS.partList, add: PERF_PERMS.partAdd, edit: PERF_PERMS.partEdit, exp: PERF_PERMS.partExport } },
} as const;

/** The yearly and quarterly sheets (stock paths) and the ranking. */
export async function performanceRoutes(app: Api, sheets: SheetService, ranking: RankingService): Promise<void> {
  // 年度绩效 (userYearPerf)
  {
    const s = SHEETS.perf;
    const tags = [s.tag];
    app.route({
      method: ['GET', 'POST'],
      url: `${s.base}/queryById`,
      config: { access: perm(s.p.list), oplog: false },
      schema: { tags, summary: `${s.tag}：按人员和年度查询（无则为空）`, querystring: sheetLookupQuery, response: { 200: envelope(pfYearPerfRow.nullable()) } },
      handler: async (req) => {
        const row = await sheets.queryById('userYearPerf', req.user!, parseOr400(sheetLookupQuery, { ...req.query, ...bodyFields(req.body) }));
        return ok(row, row ? '查询成功' : '未找到对应数据');
      },
    });
    app.get(
      `${s.base}/list`,
      { config: { access: perm(s.p.list) }, schema: { tags, summary: `${s.tag}列表`, querystring: sheetListQuery, response: { 200: pageResponse(pfYearPerfRow) } } },
      async (req) => ok(await sheets.list('userYearPerf', req.user!, req.query), '查询成功'),
    );
    app.post(
      `${s.base}/add`,
      { config: { access: perm(s.p.add), oplog: { content: `添加${s.tag}`, type: 2 } }, schema: { tags, summary: `添加${s.tag}`, body: userYearPerfAdd, response: { 200: envelope(pfYearPerfRow) } } },
      async (req) => ok(await sheets.addPerf(req.user!, req.body), '添加成功！'),
    );
    app.route({
      method: ['PUT', 'POST'],
      url: `${s.base}/edit`,
      config: { access: perm(s.p.edit), oplog: { content: `编辑${s.tag}`, type: 3 } },
      schema: { tags, summary: `编辑${s.tag}`, body: userYearPerfEdit, response: { 200: envelope(pfYearPerfRow) } },
      handler: async (req) => ok(await sheets.editPerf(req.user!, req.body), '编辑成功!'),
    });
    app.get(
      `${s.base}/exportXls`,
      { config: { access: perm(s.p.exp), oplog: { content: `导出${s.tag}`, type: 6 } }, schema: { tags, summary: `导出${s.tag}（.xlsx）`, querystring: sheetListQuery, response: { 200: binaryResponse } } },
      async (req, reply) => {
        const stream = sheets.exportStream('userYearPerf', req.user!, req.query);
        reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${s.tag}.xlsx`));
        return reply.send(stream);
      },
    );
  }

  // 季度绩效 (userYearPart)
  {
    const s = SHEETS.part;
    const tags = [s.tag];
    app.route({
      method: ['GET', 'POST'],
      url: `${s.base}/queryById`,
      config: { access: perm(s.p.list), oplog: false },
      schema: { tags, summary: `${s.tag}：按人员和年度查询（无则为空）`, querystring: sheetLookupQuery, response: { 200: envelope(pfYearPartRow.nullable()) } },
      handler: async (req) => {
        const row = await sheets.queryById('userYearPart', req.user!, parseOr400(sheetLookupQuery, { ...req.query, ...bodyFields(req.body) }));
        return ok(row, row ? '查询成功' : '未找到对应数据');
      },
    });
    app.get(
      `${s.base}/list`,
      { config: { access: perm(s.p.list) }, schema: { tags, summary: `${s.tag}列表`, querystring: sheetListQuery, response: { 200: pageResponse(pfYearPartRow) } } },
      async (req) => ok(await sheets.list('userYearPart', req.user!, req.query), '查询成功'),
    );
    app.post(
      `${s.base}/add`,
      { config: { access: perm(s.p.add), oplog: { content: `添加${s.tag}`, type: 2 } }, schema: { tags, summary: `添加${s.tag}`, body: userYearPartAdd, response: { 200: envelope(pfYearPartRow) } } },
      async (req) => ok(await sheets.addPart(req.user!, req.body), '添加成功！'),
    );
    app.route({
      method: ['PUT', 'POST'],
      url: `${s.base}/edit`,
      config: { access: perm(s.p.edit), oplog: { content: `编辑${s.tag}`, type: 3 } },
      schema: { tags, summary: `编辑${s.tag}`, body: userYearPartEdit, response: { 200: envelope(pfYearPartRow) } },
      handler: async (req) => ok(await sheets.editPart(req.user!, req.body), '编辑成功!'),
    });
    app.get(
      `${s.base}/exportXls`,
      { config: { access: perm(s.p.exp), oplog: { content: `导出${s.tag}`, type: 6 } }, schema: { tags, summary: `导出${s.tag}（.xlsx）`, querystring: sheetListQuery, response: { 200: binaryResponse } } },
      async (req, reply) => {
        const stream = sheets.exportStream('userYearPart', req.user!, req.query);
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
    schema: { tags, summary: '绩效平均分排名（并列同名次）', querystring: rankingQuery, response: { 200: pageResponse(pfRankingRow) } },
    handler: async (req) => {
      const q = parseOr400(rankingQuery, { ...req.query, ...bodyFields(req.body) });
      return ok(await ranking.list(req.user!, q), '查询成功');
    },
  });
  app.get(
    '/rankingUserAvg/exportXls',
    { config: { access: perm(PERF_PERMS.rankingExport), oplog: { content: '导出绩效排名', type: 6 } }, schema: { tags, summary: '导出绩效排名（.xlsx）', querystring: rankingQuery, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const stream = ranking.exportStream(req.user!, req.query);
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('绩效排名.xlsx'));
      return reply.send(stream);
    },
  );
}
