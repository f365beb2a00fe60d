/**
 * Announcement endpoints the stock client's screens call besides the maintenance ones: `syncNotic`
 * (push again), `show/{id}` (the announcement as a page), `exportXls` and `importExcel`.
 */
import { binaryResponse, messageResponse } from '@go/contract';
import { z } from 'zod';
import { PUBLIC, perm } from '../../platform/access/access.js';
import { attachmentHeader, primeRows, streamXlsx, withIdColumn, XLSX_MIME, type ExportColumn } from '../../platform/excel/excel.js';
import { importRows, registerImport } from '../../platform/excel/import-route.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import type { AnnouncementService } from './announcement.service.js';

const EXPORT_COLUMNS: ExportColumn[] = withIdColumn([
  { header: '标题', key: 'titile', width: 30 },
  { header: '摘要', key: 'msgAbstract', width: 30 },
  { header: '内容', key: 'msgContent', width: 40 },
  { header: '开始时间', key: 'startTime', width: 20 },
  { header: '结束时间', key: 'endTime', width: 20 },
  { header: '优先级', key: 'priority_dictText', width: 10 },
  { header: '消息类型', key: 'msgCategory_dictText', width: 10 },
  { header: '通告对象类型', key: 'msgType_dictText', width: 12 },
  { header: '指定用户', key: 'userIds', width: 30 },
  { header: '发布状态', key: 'sendStatus_dictText', width: 10 },
  { header: '发布人', key: 'sender' },
  { header: '发布时间', key: 'sendTime', width: 20 },
]);
/** Dictionary of each `_dictText` column the importer reads back. */
const DICTS: Record<string, string> = { priority: 'priority', msgCategory: 'msg_category', msgType: 'msg_type' };
const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为 yyyy-MM-dd HH:mm:ss')
  .optional();
const importSchema = z.object({
  titile: z.string().trim().min(1, '标题不能为空').max(500),
  msgAbstract: z.string().max(2000).optional(),
  msgContent: z.string().max(500_000).optional(),
  startTime: dateTime,
  endTime: dateTime,
  priority: z.enum(['L', 'M', 'H']).optional(),
  msgCategory: z.enum(['1', '2']).optional(),
  msgType: z.enum(['ALL', 'USER']).default('ALL'),
  userIds: z.string().max(20_000).optional(),
});
const listQuery = z.looseObject({
  titile: z.string().max(100).optional(),
  msgCategory: z.string().max(2).optional(),
  msgType: z.string().max(10).optional(),
  sendStatus: z.string().max(2).optional(),
  priority: z.string().max(2).optional(),
  sender: z.string().max(100).optional(),
  column: z.string().max(64).optional(),
  order: z.string().max(10).optional(),
});
const syncQuery = z.object({ anntId: z.string().max(32).optional() });
const idParam = z.object({ id: z.string().min(1).max(32) });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The export's rows with 指定用户 in id order: the ids are a set, stored in the order a save sorts them, so
 * an exported file imported back keeps the cell as it was.
 */
async function* exportRows(rows: AsyncIterable<Record<string, unknown>>): AsyncIterable<Record<string, unknown>> {
  for await (const r of rows) {
    const ids = typeof r.userIds === 'string' ? r.userIds.split(',').filter(Boolean) : [];
    yield ids.length ? { ...r, userIds: [...ids].sort().join(',') + ',' } : r;
  }
}

export async function announcementStockRoutes(app: Api, annts: AnnouncementService): Promise<void> {
  const A = '/sys/annountCement';
  const tags = ['通知公告'];

  app.get(`${A}/syncNotic`, { config: { access: perm('system:announcement:release') }, schema: { tags, summary: '重新推送通知（无 anntId 时通知刷新未读）', querystring: syncQuery, response: { 200: messageResponse } } }, async (req) => {
    await annts.sync(req.query.anntId || undefined);
    return ok(null, '同步成功');
  });

  // The stock "查看" link opens this page in a new window. The body was sanitised on save; the page
  // also forbids scripts outright.
  app.get(`${A}/show/:id`, { config: { access: PUBLIC, oplog: false }, schema: { tags, summary: '通知公告页面（HTML）', params: idParam, response: { 200: binaryResponse, 404: binaryResponse } } }, async (req, reply) => {
    const r = await annts.showable(req.user, req.params.id);
    reply.header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
    reply.header('x-content-type-options', 'nosniff');
    if (!r) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><meta charset="utf-8"><title>未找到</title><p>未找到对应通知</p>');
    const title = escapeHtml(r.titile ?? '');
    const meta = escapeHtml([r.sender ?? '', r.sendTime ?? ''].filter(Boolean).join('　'));
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
          `<style>body{max-width:860px;margin:24px auto;padding:0 16px;font:14px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#333}h1{font-size:20px;text-align:center}.meta{text-align:center;color:#888;margin-bottom:16px}img{max-width:100%}</style></head>` +
          `<body><h1>${title}</h1><div class="meta">${meta}</div><div class="content">${r.msgContent ?? ''}</div></body></html>`,
      );
  });

  app.get(
    `${A}/exportXls`,
    { config: { access: perm('system:announcement:export'), oplog: { content: '导出通知公告', type: 6 } }, schema: { tags, summary: '导出通知公告（.xlsx，筛选条件同列表）', querystring: listQuery, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const stream = streamXlsx({ title: '通知公告列表数据', subTitle: `导出人:${req.user!.realname}`, sheetName: '通知公告', columns: EXPORT_COLUMNS, rows: await primeRows(exportRows(annts.exportRows(req.query))) });
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('通知公告.xlsx'));
      return reply.send(stream);
    },
  );

  registerImport(app, {
    url: `${A}/importExcel`,
    access: perm('system:announcement:import'),
    content: '导入通知公告',
    tags,
    summary: '导入通知公告（草稿；表头同导出）',
    errorFile: 'announcement_import_errors',
    run: (user, files) =>
      importRows(app.ctx.config, files, {
        columns: EXPORT_COLUMNS.filter((c) => !['sendStatus_dictText', 'sender', 'sendTime', 'id'].includes(c.key)),
        required: 'titile',
        schema: importSchema,
        decode: (field, text) => (DICTS[field] ? annts.dictValue(DICTS[field], text) : text),
        save: async (row) => {
          await annts.add(user, row as z.infer<typeof importSchema>);
        },
        // a row with the ID of an announcement updates it (its publication state stays as it is)
        match: async (raw) => {
          const id = typeof raw.id === 'string' ? raw.id : '';
          return id ? ((await annts.get(id).catch(() => null))?.id ?? null) : null;
        },
        editSchema: importSchema.extend({ id: z.string().min(1).max(32) }),
        update: async (row) => {
          const { id, ...rest } = row as z.infer<typeof importSchema> & { id: string };
          await annts.edit(user, id, rest);
        },
      }),
  });
}
