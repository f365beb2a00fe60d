import {
  binaryResponse,
  cgformSaveSchema,
  envelope,
  isCgformDictField,
  listResponse,
  messageResponse,
  onlFormColumns,
  onlFormData,
  onlFormDataRow,
  onlFormDdlPreview,
  onlFormFieldRow,
  onlFormHeadRow,
  onlFormListRow,
  onlFormQueryInfo,
  pageResponse,
  sysImportResponse,
} from '@go/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { attachmentHeader, MAX_IMPORT_BYTES, streamXlsx, withIdColumn, XLSX_MIME } from '../../../platform/excel/excel.js';
import { importRows, sendImportOutcome, type UploadedFile } from '../../../platform/excel/import-route.js';
import { ok, okMessage } from '../../../platform/http/envelope.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import type { Params } from '../../../platform/query/query-builder.js';
import type { FormDataService } from './form-data.service.js';
import { FORM_PERMS, type FormDesignService } from './form.service.js';

const tags = ['在线表单'];
const code = z.string().trim().min(1).max(32);
const noNul = (v: string) => !v.includes('\u0000');
const listQuery = z.record(z.string(), z.union([z.string().max(2000).refine(noNul, '包含非法字符'), z.array(z.string().max(2000))]).optional());
const rowBody = z.record(z.string(), z.unknown());
const truthy = (v: string | undefined) => v === 'true' || v === '1';
const splitIds = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 500);

/** Multipart import: every file (`files[]` or any name) and the stock fields `isSingleTableImport`, `foreignKeys`, `validateStatus`. */
async function readImport(req: FastifyRequest, maxFiles: number): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请上传文件');
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: maxFiles, fields: 10, fieldSize: 8192 } })) {
      if (part.type === 'file') files.push({ filename: part.filename, data: await part.toBuffer() });
      else if (typeof part.value === 'string' && ['isSingleTableImport', 'foreignKeys', 'validateStatus'].includes(part.fieldname)) fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const c = err instanceof Error && 'code' in err ? String(err.code) : '';
    if (c === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `一次最多导入${maxFiles}个文件`);
    throw new AppError('BAD_REQUEST', '文件大小不能超过10MB');
  }
  if (files.length === 0) throw new AppError('BAD_REQUEST', '请上传文件');
  return { files, fields };
}

/** `foreignKeys`: a JSON object of field → value set on every imported row (a sub table's rows for one main row). */
function parseForeignKeys(s: string | undefined): Record<string, string> {
  if (!s) return {};
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch {
    throw new AppError('BAD_REQUEST', 'foreignKeys 格式不正确');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new AppError('BAD_REQUEST', 'foreignKeys 格式不正确');
  return Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string' || typeof x === 'number').map(([k, x]) => [k, String(x)]));
}

/** `exportXls?paramsStr=`: the list's query parameters as a JSON object. */
function parseParamsStr(s: string | undefined): Params {
  if (!s) return {};
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch {
    throw new AppError('BAD_REQUEST', 'paramsStr 格式不正确');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new AppError('BAD_REQUEST', 'paramsStr 格式不正确');
  return Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string' || typeof x === 'number').map(([k, x]) => [k, String(x).slice(0, 2000)]));
}

/** `/online/cgform/*`: the designer (online:form:design) and the generated pages' calls (online:form:data). docs/online.md. */
export async function formRoutes(app: Api, design: FormDesignService, data: FormDataService): Promise<void> {
  const designAccess = perm(FORM_PERMS.design);
  const audited = (content: string, type = 2) => ({ access: designAccess, oplog: { content, type } });

  // ---- designer ----
  app.get('/online/cgform/head/list', {
    config: { access: designAccess },
    schema: {
      tags,
      summary: '表单列表',
      querystring: z
        .object({
          tableName: z.string().max(64).optional(),
          tableTxt: z.string().max(100).optional(),
          tableType: z.coerce.number().int().min(1).max(3).optional(),
          pageNo: z.coerce.number().int().min(1).max(100000).default(1),
          pageSize: z.coerce.number().int().min(1).max(500).default(10),
        })
        .passthrough(),
      response: { 200: pageResponse(onlFormListRow) },
    },
  }, async (req) => ok(await design.list({ ...req.query, tableName: req.query.tableName?.replace(/\*/g, ''), tableTxt: req.query.tableTxt?.replace(/\*/g, '') })));

  app.get('/online/cgform/head/queryById', { config: { access: designAccess }, schema: { tags, summary: '表单', querystring: z.object({ id: code }), response: { 200: envelope(onlFormHeadRow) } } }, async (req) => {
    const { syncedFields: _s, ...head } = await design.head(req.query.id);
    return ok(head);
  });
  app.get('/online/cgform/field/listByHeadId', { config: { access: designAccess }, schema: { tags, summary: '表单字段', querystring: z.object({ headId: code }), response: { 200: listResponse(onlFormFieldRow) } } }, async (req) =>
    ok(await design.fields(req.query.headId)),
  );

  app.post('/online/cgform/api/addAll', { config: audited('在线表单-新增', 1), schema: { tags, summary: '新增表单（表头与字段）', body: cgformSaveSchema, response: { 200: envelope(z.string()) } } }, async (req) =>
    ok(await design.save(req.user!, req.body, false), '添加成功！'),
  );
  app.put('/online/cgform/api/editAll', { config: audited('在线表单-编辑', 3), schema: { tags, summary: '编辑表单（表头与字段）', body: cgformSaveSchema, response: { 200: messageResponse } } }, async (req) => {
    await design.save(req.user!, req.body, true);
    return okMessage('全部修改成功');
  });
  app.delete('/online/cgform/head/delete', { config: audited('在线表单-删除', 4), schema: { tags, summary: '删除表单（表与数据保留）', querystring: z.object({ id: code }), response: { 200: messageResponse } } }, async (req) => {
    await design.remove([req.query.id]);
    return okMessage('删除成功!');
  });
  app.delete('/online/cgform/head/deleteBatch', {
    config: audited('在线表单-批量删除', 4),
    schema: { tags, summary: '批量删除表单（表与数据保留）', querystring: z.object({ ids: z.string().min(1).max(20000) }), response: { 200: messageResponse } },
  }, async (req) => {
    await design.remove(splitIds(req.query.ids));
    return okMessage('删除成功!');
  });

  app.get('/online/cgform/head/ddlPreview/:code', { config: { access: designAccess }, schema: { tags, summary: '同步数据库预览（DDL）', params: z.object({ code }), response: { 200: envelope(onlFormDdlPreview) } } }, async (req) =>
    ok(await design.preview(req.params.code)),
  );
  app.post('/online/cgform/api/doDbSynch/:code/:synMethod', {
    config: audited('在线表单-同步数据库', 2),
    schema: {
      tags,
      summary: '同步数据库（丢失数据的变更须 confirm=true）',
      params: z.object({ code, synMethod: z.enum(['normal', 'force'], { message: '同步方式不正确' }) }),
      querystring: z.object({ confirm: z.string().max(5).optional() }),
      response: { 200: messageResponse },
    },
  }, async (req) => {
    await design.synchronise(req.user!, req.params.code, truthy(req.query.confirm));
    return okMessage('同步数据库成功!');
  });
  app.post('/online/cgform/head/genMenu/:code', { config: audited('在线表单-生成菜单', 1), schema: { tags, summary: '生成菜单', params: z.object({ code }), response: { 200: messageResponse } } }, async (req) => {
    await design.genMenu(req.user!, req.params.code);
    return okMessage('菜单生成成功！');
  });

  // ---- generated pages (stock /online/cgform/api) ----
  const A = '/online/cgform/api';
  const view = { access: perm(FORM_PERMS.data) };
  const write = (content: string, type: number) => ({ access: perm(FORM_PERMS.data), oplog: { content, type } });

  app.get(`${A}/getColumns/:code`, { config: view, schema: { tags, summary: '表单列表列', params: z.object({ code }), response: { 200: envelope(onlFormColumns) } } }, async (req) => ok(await data.columns(req.params.code)));
  app.get(`${A}/getQueryInfo/:code`, { config: view, schema: { tags, summary: '表单查询条件', params: z.object({ code }), response: { 200: listResponse(onlFormQueryInfo) } } }, async (req) => ok(await data.queryInfo(req.params.code)));
  app.get(`${A}/getData/:code`, { config: view, schema: { tags, summary: '表单数据', params: z.object({ code }), querystring: listQuery, response: { 200: envelope(onlFormData) } } }, async (req) =>
    ok(await data.data(req.user!, req.params.code, req.query)),
  );
  app.get(`${A}/form/:code/:id`, { config: view, schema: { tags, summary: '一行（含附表）', params: z.object({ code, id: code }), response: { 200: envelope(onlFormDataRow) } } }, async (req) =>
    ok(await data.get(req.user!, req.params.code, req.params.id)),
  );
  app.post(`${A}/form/:code`, { config: write('在线表单-新增数据', 2), schema: { tags, summary: '新增一行（含附表）', params: z.object({ code }), body: rowBody, response: { 200: envelope(z.string()) } } }, async (req) =>
    ok(await data.add(req.user!, req.params.code, req.body), '添加成功！'),
  );
  app.put(`${A}/form/:code`, { config: write('在线表单-修改数据', 3), schema: { tags, summary: '修改一行（附表随之替换）', params: z.object({ code }), body: rowBody, response: { 200: messageResponse } } }, async (req) => {
    await data.edit(req.user!, req.params.code, req.body);
    return okMessage('修改成功！');
  });
  app.delete(`${A}/form/:code/:ids`, {
    config: write('在线表单-删除数据', 4),
    schema: { tags, summary: '删除行（含附表）', params: z.object({ code, ids: z.string().min(1).max(20000) }), response: { 200: messageResponse } },
  }, async (req) => {
    await data.remove(req.user!, req.params.code, splitIds(req.params.ids));
    return okMessage('删除成功!');
  });

  app.post(`${A}/importXls/:code`, {
    config: write('在线表单-导入', 5),
    schema: { tags, summary: '导入（files[]、isSingleTableImport、foreignKeys、validateStatus）', params: z.object({ code }), querystring: listQuery, response: { 200: sysImportResponse } },
  }, async (req, reply) => {
    const form = await data.form(req.params.code);
    const { files, fields } = await readImport(req, app.ctx.config.limits.maxFilesPerRequest);
    const q = (k: string) => {
      const v = req.query[k];
      return typeof v === 'string' ? v : undefined;
    };
    const foreignKeys = parseForeignKeys(fields.foreignKeys ?? q('foreignKeys'));
    for (const k of Object.keys(foreignKeys))
      if (!form.fields.some((f) => f.dbFieldName === k)) throw businessError(`foreignKeys 中的字段 ${k.slice(0, 64)} 不存在`);
    // validateStatus 0: check the rows only, nothing is saved.
    const checkOnly = (fields.validateStatus ?? q('validateStatus')) === '0';
    const columns = form.fields.map((f) => ({ header: f.dbFieldTxt, key: isCgformDictField(f) ? `${f.dbFieldName}_dictText` : f.dbFieldName }));
    const aliases = Object.fromEntries(form.fields.map((f) => [f.dbFieldName, isCgformDictField(f) ? `${f.dbFieldName}_dictText` : f.dbFieldName]));
    const required = form.fields.find((f) => f.dbIsNull === 0 && !foreignKeys[f.dbFieldName]) ?? form.fields.find((f) => !foreignKeys[f.dbFieldName]);
    if (!required) throw businessError('表单没有可导入的字段');
    const schema = z.record(z.string(), z.unknown());
    const r = await importRows(app.ctx.config, files, {
      columns,
      aliases,
      required: isCgformDictField(required) ? `${required.dbFieldName}_dictText` : required.dbFieldName,
      schema,
      decode: (field, text) => data.decode(form, field, text),
      save: async (row) => {
        const full = { ...row, ...foreignKeys };
        if (checkOnly) {
          await data.check(form, full);
          return;
        }
        await data.insert(req.user!, { ...form, subs: [] }, full);
      },
      // a row whose ID names a row of the importer's companies updates it (the export ends with that ID)
      match: async (raw) => {
        const id = typeof raw.id === 'string' ? raw.id.trim() : '';
        if (!id) return null;
        const found = await data.get(req.user!, req.params.code, id).catch(() => null);
        return found ? id : null;
      },
      update: async (row) => {
        const full = { ...row, ...foreignKeys };
        if (checkOnly) {
          await data.check(form, full);
          return;
        }
        await data.edit(req.user!, req.params.code, full);
      },
    });
    return sendImportOutcome(reply, app.ctx.config, r, `${form.head.tableName}_import_errors`);
  });

  app.get(`${A}/exportXls/:code`, {
    config: { access: perm(FORM_PERMS.data), oplog: { content: '在线表单-导出', type: 6 } },
    schema: { tags, summary: '导出（paramsStr 为列表查询参数的 JSON）', params: z.object({ code }), querystring: z.object({ paramsStr: z.string().max(20000).optional() }).passthrough(), response: { 200: binaryResponse } },
  }, async (req, reply) => {
    const form = await data.form(req.params.code);
    // paramsStr (stock) or, without it, the list's own query parameters.
    const { paramsStr, ...plain } = req.query;
    const params = paramsStr ? parseParamsStr(paramsStr) : plain;
    // ends with the row id (`ID`), so the file imports back as updates of its own rows
    const cols = withIdColumn(form.fields.filter((f) => f.isShowList === 1).map((f) => ({ header: f.dbFieldTxt, key: isCgformDictField(f) ? `${f.dbFieldName}_dictText` : f.dbFieldName })));
    const title = form.head.tableTxt;
    reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${title}.xlsx`));
    return reply.send(streamXlsx({ title, subTitle: `导出人:${req.user!.realname}`, columns: cols, rows: data.exportRows(req.user!, form, params) }));
  });
}
