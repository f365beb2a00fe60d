import { envelope, onlReportPopupData, POPUP_CONFIG_ERROR } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { REPORT_PERMS } from './report.routes.js';
import type { ReportService } from './report.service.js';

const noNul = (v: string) => !v.includes('\u0000');
/** The report's own paging, sort, `self_` parameters and search values, plus the columns the popup copies. */
const popupQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(10),
    /** Report columns the popup copies into the form (comma separated); each must be a column of the report. */
    fields: z.string().max(500).optional(),
  })
  .catchall(z.union([z.string().max(2000).refine(noNul, '包含非法字符'), z.array(z.string().max(2000))]).optional());

/**
 * The popup report selector's data (docs/online.md, online reports; stock JPopup): one page of an online report
 * found by its code, with the report's parameters and search values. Columns come from `getRpColumns/{code}`.
 */
export async function reportPopupRoutes(app: Api, svc: ReportService): Promise<void> {
  app.get('/online/cgreport/api/getPopupData/:code', {
    config: { access: perm(REPORT_PERMS.view) },
    schema: {
      tags: ['在线报表'],
      summary: '弹出报表数据（按报表编码）',
      params: z.object({ code: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_]+$/, POPUP_CONFIG_ERROR) }),
      querystring: popupQuery,
      response: { 200: envelope(onlReportPopupData) },
    },
  }, async (req) => {
    const { pageNo, pageSize, fields, ...rest } = req.query;
    const cols = await svc.columns(req.params.code).catch(() => null);
    if (!cols) throw businessError(`${POPUP_CONFIG_ERROR}：报表 ${req.params.code} 不存在`);
    const wanted = (fields ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const known = new Set((await svc.items(cols.cgRpConfigId)).map((i) => i.fieldName));
    const missing = wanted.find((w) => !known.has(w.toLowerCase()));
    if (missing) throw businessError(`${POPUP_CONFIG_ERROR}：报表没有字段 ${missing}`);
    const q: Record<string, string | undefined> = { pageNo: String(pageNo), pageSize: String(pageSize) };
    for (const [k, v] of Object.entries(rest)) q[k] = Array.isArray(v) ? v.join(',') : v;
    const r = await svc.data(req.user!, cols.cgRpConfigId, q);
    return ok({ total: r.total, records: r.records, current: pageNo, size: pageSize, pages: Math.ceil(r.total / pageSize) });
  });
}
