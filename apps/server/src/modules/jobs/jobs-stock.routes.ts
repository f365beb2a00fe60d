/** 定时任务 export and import (stock `exportXls` / `importExcel`), in the layout of the other lists. */
import { binaryResponse, sysImportResponse } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import { attachmentHeader, primeRows, streamXlsx, XLSX_MIME, type ExportColumn } from '../../platform/excel/excel.js';
import { importAnswer, importRows, readUploads } from '../../platform/excel/import-route.js';
import type { Api } from '../../platform/http/api.js';
import type { JobService } from './jobs.service.js';

const EXPORT_COLUMNS: ExportColumn[] = [
  { header: '任务类名', key: 'jobClassName', width: 30 },
  { header: 'Cron表达式', key: 'cronExpression', width: 20 },
  { header: '参数', key: 'parameter', width: 30 },
  { header: '描述', key: 'description', width: 30 },
  { header: '状态', key: 'status_dictText', width: 10 },
];
const STATUS_BY_TEXT: Record<string, string> = { 正常: '0', 启动: '0', 运行: '0', 停止: '-1', 暂停: '-1', '0': '0', '-1': '-1' };
const importSchema = z.object({
  jobClassName: z.string().trim().min(1, '任务类名不能为空').max(255),
  cronExpression: z.string().trim().min(1, 'Cron表达式不能为空').max(255),
  parameter: z.string().max(5000).optional(),
  description: z.string().max(255).optional(),
  // Read but not used: an updated job keeps its state, a new one starts stopped.
  status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(-1)])).default(-1),
});
const listQuery = z.looseObject({
  jobClassName: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
  status: z.coerce.number().int().optional(),
  column: z.string().max(64).optional(),
  order: z.string().max(10).optional(),
});

export async function jobStockRoutes(app: Api, jobs: JobService): Promise<void> {
  const J = '/sys/quartzJob';
  const tags = ['定时任务'];
  app.get(
    `${J}/exportXls`,
    { config: { access: perm('system:quartzJob:export'), oplog: { content: '导出定时任务', type: 6 } }, schema: { tags, summary: '导出定时任务（.xlsx，筛选条件同列表）', querystring: listQuery, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const q = req.query;
      async function* rows() {
        for (let pageNo = 1; ; pageNo++) {
          const pg = await jobs.list({ ...q, pageNo, pageSize: 1000 });
          for (const r of pg.records) yield r;
          if (pg.records.length < 1000) break;
        }
      }
      const stream = streamXlsx({ title: '定时任务列表数据', subTitle: `导出人:${req.user!.realname}`, sheetName: '定时任务', columns: EXPORT_COLUMNS, rows: await primeRows(rows()) });
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('定时任务.xlsx'));
      return reply.send(stream);
    },
  );
  app.post(
    `${J}/importExcel`,
    {
      config: { access: perm('system:quartzJob:import'), oplog: { content: '导入定时任务', type: 5 } },
      schema: {
        tags,
        summary: '导入定时任务（表头同导出；同类名同参数的任务被更新且不改运行状态，其余新增为停止）',
        response: { 200: sysImportResponse },
      },
    },
    async (req) => {
      const files = await readUploads(req, app.ctx.config.limits.maxFilesPerRequest);
      const counts = { added: 0, updated: 0 };
      const r = await importRows(app.ctx.config, files, {
        columns: EXPORT_COLUMNS,
        required: 'jobClassName',
        schema: importSchema,
        decode: (_field, text) => STATUS_BY_TEXT[text] ?? null,
        save: async (row) => {
          counts[await jobs.importJob(req.user!, row as z.infer<typeof importSchema>)]++;
        },
      });
      const answer = await importAnswer(app.ctx.config, r, 'job_import_errors');
      const tally = `新增${counts.added}个任务，更新${counts.updated}个任务`;
      if (answer.result && typeof answer.result === 'object' && 'msg' in answer.result) answer.result.msg = `${answer.result.msg}，${tally}`;
      else answer.message = `${answer.message}${tally}`;
      return answer;
    },
  );
}
