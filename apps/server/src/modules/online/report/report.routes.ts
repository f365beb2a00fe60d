import {
  binaryResponse,
  envelope,
  listResponse,
  messageResponse,
  onlReportColumns,
  onlReportData,
  onlReportHeadRow,
  onlReportItemRow,
  onlReportParamRow,
  onlReportParsed,
  onlReportQueryInfo,
  onlReportTableRow,
  pageResponse,
  reportSaveSchema,
  reportTableSchema,
} from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { attachmentHeader, streamXlsx, XLSX_MIME } from '../../../platform/excel/excel.js';
import { ok, okMessage } from '../../../platform/http/envelope.js';
import type { ReportService } from './report.service.js';

export const REPORT_PERMS = {
  /** The designer: reports, their SQL, and the tables reports may read. */
  design: 'online:report:design',
  /** Opening report pages and the popup report selector. */
  view: 'online:report:view',
} as const;

const tags = ['在线报表'];
const id = z.string().trim().min(1).max(32);
const noNul = (v: string) => !v.includes('\u0000');
/** A report page sends its parameters and search values as arbitrary query keys. */
const reportQuery = z.record(z.string(), z.union([z.string().max(2000).refine(noNul, '包含非法字符'), z.array(z.string().max(2000))]).optional());
const flatten = (q: Record<string, string | string[] | undefined>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));

/** `/online/cgreport/*`: the stock designer and report calls (docs/online.md). */
export async function reportRoutes(app: Api, svc: ReportService): Promise<void> {
  const H = '/online/cgreport/head';
  const design = (content: string, type = 2) => ({ access: perm(REPORT_PERMS.design), oplog: { content, type } });

  app.get(`${H}/list`, {
    config: { access: perm(REPORT_PERMS.design) },
    schema: {
      tags,
      summary: '报表列表',
      querystring: z.object({
        code: z.string().max(100).optional(),
        name: z.string().max(100).optional(),
        pageNo: z.coerce.number().int().min(1).max(100000).default(1),
        pageSize: z.coerce.number().int().min(1).max(500).default(10),
      }).passthrough(),
      response: { 200: pageResponse(onlReportHeadRow) },
    },
  }, async (req) => ok(await svc.list(req.user!, req.query)));

  app.post(`${H}/add`, { config: design('在线报表-新增'), schema: { tags, summary: '新增报表', body: reportSaveSchema, response: { 200: messageResponse } } }, async (req) => {
    await svc.save(req.user!, req.body, false);
    return okMessage('添加成功！');
  });

  const editOpts = { config: design('在线报表-编辑', 3), schema: { tags, summary: '编辑报表（表头、字段、参数）', body: reportSaveSchema, response: { 200: messageResponse } } };
  app.put(`${H}/editAll`, editOpts, async (req) => {
    await svc.save(req.user!, req.body, true);
    return okMessage('编辑成功!');
  });
  app.post(`${H}/editAll`, editOpts, async (req) => {
    await svc.save(req.user!, req.body, true);
    return okMessage('编辑成功!');
  });

  app.delete(`${H}/delete`, { config: design('在线报表-删除', 4), schema: { tags, summary: '删除报表', querystring: z.object({ id }), response: { 200: messageResponse } } }, async (req) => {
    await svc.remove(req.user!, [req.query.id]);
    return okMessage('删除成功!');
  });
  app.delete(`${H}/deleteBatch`, {
    config: design('在线报表-批量删除', 4),
    schema: { tags, summary: '批量删除报表', querystring: z.object({ ids: z.string().min(1).max(5000) }), response: { 200: messageResponse } },
  }, async (req) => {
    await svc.remove(req.user!, req.query.ids.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 500));
    return okMessage('删除成功!');
  });

  app.get(`${H}/parseSql`, {
    config: { access: perm(REPORT_PERMS.design) },
    schema: { tags, summary: '解析报表 SQL（字段与参数）', querystring: z.object({ sql: z.string().min(1, '请输入查询SQL').max(20000), dbKey: z.string().max(100).optional() }), response: { 200: envelope(onlReportParsed) } },
  }, async (req) => ok(await svc.parseSql(req.user!, req.query.sql, req.query.dbKey), '解析成功'));

  app.get('/online/cgreport/item/listByHeadId', {
    config: { access: perm(REPORT_PERMS.design) },
    schema: { tags, summary: '报表字段', querystring: z.object({ headId: id }), response: { 200: listResponse(onlReportItemRow) } },
  }, async (req) => ok(await svc.items(req.query.headId)));
  app.get('/online/cgreport/param/listByHeadId', {
    config: { access: perm(REPORT_PERMS.design) },
    schema: { tags, summary: '报表参数', querystring: z.object({ headId: id }), response: { 200: listResponse(onlReportParamRow) } },
  }, async (req) => ok(await svc.params(req.query.headId)));

  // The allow-list: the tables reports of one data source may read ('' = the app database).
  app.get('/online/cgreport/table/list', {
    config: { access: perm(REPORT_PERMS.design) },
    schema: { tags, summary: '可查询的表', querystring: z.object({ dbSource: z.string().max(100).optional() }), response: { 200: listResponse(onlReportTableRow) } },
  }, async (req) => ok(await svc.listTables(req.query.dbSource)));
  app.post('/online/cgreport/table/add', { config: design('在线报表-放行表', 1), schema: { tags, summary: '放行一张表', body: reportTableSchema, response: { 200: messageResponse } } }, async (req) => {
    await svc.allowTable(req.user!, req.body.dbSource, req.body.tableName);
    return okMessage('添加成功！');
  });
  app.delete('/online/cgreport/table/delete', { config: design('在线报表-移除放行表', 4), schema: { tags, summary: '移除放行的表', querystring: z.object({ id }), response: { 200: messageResponse } } }, async (req) => {
    await svc.disallowTable(req.query.id);
    return okMessage('删除成功!');
  });

  // ---- report pages (stock /online/cgreport/api) ----
  const A = '/online/cgreport/api';
  const view = { access: perm(REPORT_PERMS.view) };
  app.get(`${A}/getRpColumns/:code`, { config: view, schema: { tags, summary: '报表列', params: z.object({ code: z.string().min(1).max(100) }), response: { 200: envelope(onlReportColumns) } } }, async (req) =>
    ok(await svc.columns(req.params.code)),
  );
  app.get(`${A}/getQueryInfo/:id`, { config: view, schema: { tags, summary: '报表查询条件', params: z.object({ id }), response: { 200: listResponse(onlReportQueryInfo) } } }, async (req) =>
    ok(await svc.queryInfo(req.params.id)),
  );
  app.get(`${A}/getParamsInfo/:id`, { config: view, schema: { tags, summary: '报表参数', params: z.object({ id }), response: { 200: listResponse(onlReportParamRow) } } }, async (req) =>
    ok(await svc.paramsInfo(req.params.id)),
  );
  app.get(`${A}/getData/:id`, { config: view, schema: { tags, summary: '报表数据', params: z.object({ id }), querystring: reportQuery, response: { 200: envelope(onlReportData) } } }, async (req) => {
    const { total, records, totals } = await svc.data(req.user!, req.params.id, flatten(req.query));
    return ok({ total, records, ...(totals ? { totals } : {}) });
  });
  app.get(`${A}/exportXls/:id`, {
    config: { access: perm(REPORT_PERMS.view), oplog: { content: '在线报表-导出', type: 1 } },
    schema: { tags, summary: '导出报表', params: z.object({ id }), querystring: reportQuery, response: { 200: binaryResponse } },
  }, async (req, reply) => {
    const r = await svc.data(req.user!, req.params.id, flatten(req.query), { all: true });
    const shown = r.items.filter((i) => i.isShow === 1);
    async function* rows() {
      yield* r.records;
    }
    reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${r.head.name}.xlsx`));
    return reply.send(streamXlsx({ title: r.head.name, columns: shown.map((i) => ({ header: i.fieldTxt ?? i.fieldName, key: i.fieldName })), rows: rows() }));
  });
}
