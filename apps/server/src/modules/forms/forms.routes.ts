import { binaryResponse, envelope, formDetail, formListRow, pageResponse } from '@go/contract';
import { z } from 'zod';
import { formPerms, type FormDeclaration } from '@go/contract/forms/index';
import { perm, type CurrentUser } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { attachmentHeader, streamXlsx, XLSX_MIME } from '../../platform/excel/excel.js';
import { ok } from '../../platform/http/envelope.js';
import { STATUS_TEXT, RESULT_TEXT } from '../workflow/workflow.queries.js';
import { listQuerySchema, type FormListService } from './form-list.service.js';

/** Permission codes of the built-in form types' lists (`forms:<slug>:list`, `forms:<slug>:all`). */
export const FORM_PERMS = {
  expense: 'forms:expense:list',
  /** see the whole company's expense forms (else only one's own) */
  expenseAll: 'forms:expense:all',
  performance: 'forms:performance:list',
  performanceAll: 'forms:performance:all',
} as const;

const byId = z.object({ id: z.string().min(1).max(100) });

/**
 * `/forms/<slug>/list`, `/forms/<slug>/queryById` and `/forms/<slug>/exportXls` of one declared form type,
 * behind its list permission; its `all` permission widens the rows from one's own to the company's.
 */
export async function declaredFormRoutes(app: Api, lists: FormListService, d: FormDeclaration): Promise<void> {
  const tags = ['表单'];
  const p = formPerms(d);
  const all = (user: CurrentUser) => app.ctx.permissions.has(user, p.all);
  const query = listQuerySchema(d);
  app.get(
    `/forms/${d.slug}/list`,
    { config: { access: perm(p.list) }, schema: { tags, summary: `${d.name}列表`, querystring: query, response: { 200: pageResponse(formListRow) } } },
    async (req) => ok(await lists.list(req.user!, d, req.query, await all(req.user!))),
  );
  app.get(
    `/forms/${d.slug}/queryById`,
    { config: { access: perm(p.list) }, schema: { tags, summary: `${d.name}详情`, querystring: byId, response: { 200: envelope(formDetail) } } },
    async (req) => ok(await lists.one(req.user!, d, req.query.id, await all(req.user!))),
  );
  app.get(
    `/forms/${d.slug}/exportXls`,
    { config: { access: perm(p.list), oplog: { content: `导出${d.name}`, type: 6 } }, schema: { tags, summary: `导出${d.name}（.xlsx）`, querystring: query, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const columns = [
        { header: '标题', key: 'title', width: 36 },
        { header: '申请人', key: 'applicantName', width: 12 },
        ...d.fields.filter((f) => f.list).map((f) => ({ header: f.label, key: f.options || f.ref || f.type === 'user' || f.type === 'users' ? `${f.key}_dictText` : f.key, width: Math.max(12, Math.round((f.width ?? 120) / 8)) })),
        { header: '状态', key: 'statusText', width: 10 },
        { header: '审批结果', key: 'resultText', width: 10 },
        { header: '审批进度', key: 'actStatus', width: 24 },
        { header: '创建时间', key: 'createTime', width: 20 },
      ];
      const source = lists.all(req.user!, d, req.query, await all(req.user!));
      const rows = (async function* () {
        for await (const r of source) {
          const s = r.status as number | null;
          const res = r.result as number | null;
          yield { ...r, statusText: s === null ? '未提交' : STATUS_TEXT[s], resultText: res === null ? '' : RESULT_TEXT[res] };
        }
      })();
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${d.name}.xlsx`));
      return reply.send(streamXlsx({ title: d.name, columns, rows }));
    },
  );
}
