import {
  binaryResponse,
  envelope,
  HY_MOVE_RULES,
  HY_MOVES,
  hyAddResult,
  hyDuplicateResult,
  hyInterviewAddResult,
  hyInterviewRow,
  hyInterviewSchema,
  hyMoveSchemas,
  hyNewHireRow,
  hySensitiveResult,
  hyTransferRow,
  hyUserAddSchema,
  hyUserEditSchema,
  hyUserLogRow,
  hyUserRow,
  listResponse,
  messageResponse,
  pageResponse,
  type HyMove,
  type HyMoveInput,
} from '@go/contract';
import { z } from 'zod';
import { perm, type CurrentUser } from '../../platform/access/access.js';
import { attachmentHeader, XLSX_MIME } from '../../platform/excel/excel.js';
import { registerImport } from '../../platform/excel/import-route.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { idQuery, idsQuery, splitIds } from '../../platform/query/crud.js';
import type { HrImportService } from './hr-import.service.js';
import type { HrRecordsService } from './hr-records.service.js';
import type { HrService } from './hr.service.js';

const tags = ['人事档案'];

export interface HrRouteDeps {
  hr: HrService;
  records: HrRecordsService;
  imports: HrImportService;
  /** Starts a move: at once, or as an approval when the move's process is active. */
  startMove: <M extends HyMove>(user: CurrentUser, move: M, input: HyMoveInput<M>) => Promise<string>;
}

const onboardingBody = z.object({
  id: z.string().min(1).max(64),
  items: z.array(z.object({ name: z.string().trim().min(1).max(100), done: z.boolean() })).max(30),
});
/**
 * The query of the HR lists and exports: paging, sorting, the advanced query and the whitelisted filters
 * (any other file field, passed through to the list query builder), plus `company`, `sensitive`, `kind`
 * and `selections`.
 */
const listQuery = z.looseObject({
  pageNo: z.coerce.number().optional(),
  pageSize: z.coerce.number().optional(),
  column: z.string().max(200).optional(),
  order: z.string().max(8).optional(),
  superQueryParams: z.string().max(20000).optional(),
  superQueryMatchType: z.string().max(8).optional(),
  company: z.string().max(64).optional(),
  sensitive: z.string().max(8).optional(),
  kind: z.string().max(32).optional(),
  selections: z.string().max(40000).optional(),
});
const interviewQuery = z.object({ hyUserId: z.string().min(1).max(64) });
const duplicateQuery = z.object({ idCard: z.string().max(18).optional(), mobile: z.string().max(20).optional(), id: z.string().max(64).optional() });

/** The HR endpoints (docs/hr.md): files, moves, interviews, new hires, transfers, logs, relations, import/export. */
export async function hrRoutes(app: Api, deps: HrRouteDeps): Promise<void> {
  const { hr, records, imports } = deps;
  const list = perm('hr:user:list');

  app.get('/manager/hyUser/list', { config: { access: list }, schema: { tags, summary: '人事档案列表（status 逗号分隔多个状态；company 公司筛选；sensitive=1 明文）', querystring: listQuery, response: { 200: pageResponse(hyUserRow) } } }, async (req) =>
    ok(await hr.list(req.user!, req.query), '查询成功'),
  );
  app.get('/manager/hyUser/queryById', { config: { access: list }, schema: { tags, summary: '人事档案详情（脱敏）', querystring: idQuery, response: { 200: envelope(hyUserRow) } } }, async (req) =>
    ok(await hr.detail(req.user!, req.query.id)),
  );
  app.get(
    '/manager/hyUser/sensitive',
    { config: { access: perm('hr:sensitive:view'), oplog: { content: '查看人事敏感信息', type: 1 } }, schema: { tags, summary: '明文身份证号、银行卡号、手机号（记录查看日志）', querystring: idQuery, response: { 200: envelope(hySensitiveResult) } } },
    async (req) => ok(await hr.sensitive(req.user!, req.query.id)),
  );
  app.get('/manager/hyUser/checkDuplicate', { config: { access: list }, schema: { tags, summary: '重复人员检查', querystring: duplicateQuery, response: { 200: envelope(hyDuplicateResult) } } }, async (req) => {
    const q = req.query;
    return ok(await hr.duplicateCheck(req.user!, q.idCard || null, q.mobile || null, q.id || undefined));
  });
  app.post('/manager/hyUser/add', { config: { access: perm('hr:user:add') }, schema: { tags, summary: '新增应聘人员档案', body: hyUserAddSchema, response: { 200: envelope(hyAddResult) } } }, async (req) => {
    const r = await hr.add(req.user!, req.body);
    return ok({ id: r.id, blacklistFlag: r.flagged ? 1 : 0 }, r.message);
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/manager/hyUser/edit',
    config: { access: perm('hr:user:edit') },
    schema: { tags, summary: '编辑人事档案（逐字段记录变更日志）', body: hyUserEditSchema, response: { 200: messageResponse } },
    handler: async (req) => {
      await hr.edit(req.user!, req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/manager/hyUser/delete', { config: { access: perm('hr:user:delete') }, schema: { tags, summary: '删除档案（仅应聘和人才库）', querystring: idQuery, response: { 200: messageResponse } } }, async (req) => {
    await hr.remove(req.user!, [req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/manager/hyUser/deleteBatch', { config: { access: perm('hr:user:delete') }, schema: { tags, summary: '批量删除档案', querystring: idsQuery, response: { 200: messageResponse } } }, async (req) => {
    await hr.remove(req.user!, splitIds(req.query.ids));
    return ok(null, '批量删除成功!');
  });

  for (const move of HY_MOVES) {
    const rule = HY_MOVE_RULES[move];
    app.post(
      `/manager/hyUser/${move}`,
      { config: { access: perm(rule.perm), oplog: { content: `人事${rule.label}`, type: 2 } }, schema: { tags, summary: rule.label, body: hyMoveSchemas[move], response: { 200: messageResponse } } },
      async (req) => {
        const message = await deps.startMove(req.user!, move, req.body);
        return ok(null, message);
      },
    );
  }

  app.get(
    '/manager/hyInterview/list',
    { config: { access: list }, schema: { tags, summary: '面试记录', querystring: interviewQuery, response: { 200: listResponse(hyInterviewRow) } } },
    async (req) => ok(await records.interviews(req.user!, req.query.hyUserId)),
  );
  app.post('/manager/hyInterview/add', { config: { access: perm('hr:interview:edit') }, schema: { tags, summary: '记录一轮面试', body: hyInterviewSchema, response: { 200: envelope(hyInterviewAddResult) } } }, async (req) => {
    const round = await records.addInterview(req.user!, req.body);
    return ok({ round }, '添加成功！');
  });

  app.get(
    '/manager/hyNew/list',
    { config: { access: list }, schema: { tags, summary: '新员工（待入职）', querystring: listQuery, response: { 200: pageResponse(hyNewHireRow) } } },
    async (req) => ok(await records.newHires(req.user!, req.query), '查询成功'),
  );
  app.post('/manager/hyNew/onboarding', { config: { access: perm('hr:move:entry') }, schema: { tags, summary: '入职清单', body: onboardingBody, response: { 200: messageResponse } } }, async (req) => {
    const b = req.body;
    await records.saveOnboarding(req.user!, b.id, b.items);
    return ok(null, '保存成功');
  });

  app.get(
    '/manager/hyTransfer/list',
    { config: { access: list }, schema: { tags, summary: '调动记录', querystring: listQuery, response: { 200: pageResponse(hyTransferRow) } } },
    async (req) => ok(await records.transfers(req.user!, req.query), '查询成功'),
  );
  app.get(
    '/manager/hyUser/mobilizeExportXls',
    { config: { access: perm('hr:user:export'), oplog: { content: '导出调动记录', type: 6 } }, schema: { tags, summary: '导出调动记录（.xlsx）', querystring: listQuery, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const stream = records.transferExport(req.user!, req.query);
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('人员调动.xlsx'));
      return reply.send(stream);
    },
  );
  app.get(
    '/manager/hyUser/exportXls',
    { config: { access: perm('hr:user:export'), oplog: { content: '导出花名册', type: 6 } }, schema: { tags, summary: '导出花名册（.xlsx，脱敏；sensitive=1 明文并记录）', querystring: listQuery, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const stream = await records.rosterExport(req.user!, req.query);
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('花名册.xlsx'));
      return reply.send(stream);
    },
  );
  registerImport(app, {
    url: '/manager/hyUser/importExcel',
    access: perm('hr:user:import'),
    content: '导入花名册',
    tags,
    summary: '导入花名册（.xls/.xlsx）',
    errorFile: 'hr_import_errors',
    run: (user, files) => imports.importFiles(user, files),
  });

  app.get(
    '/manager/hyUserLog/list',
    { config: { access: perm('hr:log:list') }, schema: { tags, summary: '人事变更日志', querystring: listQuery, response: { 200: pageResponse(hyUserLogRow) } } },
    async (req) => ok(await records.logs(req.user!, req.query), '查询成功'),
  );
  app.get(
    '/manager/hyRelation/list',
    { config: { access: perm('hr:relation:list') }, schema: { tags, summary: '员工关系提醒（kind: contract30/contract60/contract90/probation/birthday/anniversary）', querystring: listQuery, response: { 200: pageResponse(hyUserRow) } } },
    async (req) => ok(await hr.relations(req.user!, req.query), '查询成功'),
  );
}
