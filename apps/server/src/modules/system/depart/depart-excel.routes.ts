/**
 * 部门 export and import (stock `sysDepart/exportXls` / `importExcel`). The export lists the visible
 * departments in org-code order with their parent's code; the import adds each row under the department
 * whose code is in 上级机构编码 (empty: a top-level company, group level only) and gives it a new code;
 * a row naming a visible department (its ID, else its 机构编码) updates that department instead.
 */
import { binaryResponse } from '@go/contract';
import { z } from 'zod';
import { perm, type CurrentUser } from '../../../platform/access/access.js';
import { attachmentHeader, streamXlsx, withIdColumn, XLSX_MIME, type ExportColumn } from '../../../platform/excel/excel.js';
import { importRows, registerImport } from '../../../platform/excel/import-route.js';
import type { Api } from '../../../platform/http/api.js';
import { businessError } from '../../../platform/http/errors.js';
import { departListQuery } from './depart.routes.js';
import type { DepartService } from './depart.service.js';

const CATEGORY_TEXT: Record<string, string> = { '1': '公司', '2': '部门', '3': '岗位' };
const EXPORT_COLUMNS: ExportColumn[] = withIdColumn([
  { header: '部门名称', key: 'departName', width: 24 },
  { header: '机构编码', key: 'orgCode', width: 14 },
  { header: '上级机构编码', key: 'parentOrgCode', width: 14 },
  { header: '机构类别', key: 'orgCategory_dictText', width: 10 },
  { header: '排序', key: 'departOrder', width: 8 },
  { header: '手机号', key: 'mobile', width: 14 },
  { header: '传真', key: 'fax', width: 14 },
  { header: '地址', key: 'address', width: 30 },
  { header: '备注', key: 'memo', width: 30 },
]);
const importSchema = z.object({
  departName: z.string().trim().min(1, '请输入机构名称').max(100),
  parentOrgCode: z.string().trim().max(64).optional(),
  orgCode: z.string().trim().max(64).optional(),
  orgCategory: z.enum(['1', '2', '3']).optional(),
  departOrder: z.coerce.number().int().min(0).max(100000).optional(),
  mobile: z.string().max(32).optional(),
  fax: z.string().max(32).optional(),
  address: z.string().max(100).optional(),
  memo: z.string().max(500).optional(),
});

export async function departExcelRoutes(app: Api, departs: DepartService): Promise<void> {
  const tags = ['部门'];
  app.get(
    '/sys/sysDepart/exportXls',
    { config: { access: perm('system:depart:export'), oplog: { content: '导出部门', type: 6 } }, schema: { tags, summary: '导出部门（.xlsx，筛选条件同 list）', querystring: departListQuery, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const params = req.query;
      const user = req.user!;
      const pageOf = (pageNo: number) => departs.page(user, { ...params, column: 'orgCode', order: 'asc', pageNo: String(pageNo), pageSize: '1000' });
      // The first page is read before the download starts, so bad filters answer as an error, not a broken file.
      const first = await pageOf(1);
      async function* rows() {
        for (let pageNo = 1; ; pageNo++) {
          const pg = pageNo === 1 ? first : await pageOf(pageNo);
          for (const d of pg.records) {
            yield { ...d, parentOrgCode: d.orgCode.length > 3 ? d.orgCode.slice(0, -3) : '', orgCategory_dictText: CATEGORY_TEXT[d.orgCategory ?? ''] ?? d.orgCategory ?? '' };
          }
          if (pg.records.length < 1000) break;
        }
      }
      const stream = streamXlsx({ title: '部门列表数据', subTitle: `导出人:${user.realname}`, sheetName: '部门', columns: EXPORT_COLUMNS, rows: rows() });
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('部门列表.xlsx'));
      return reply.send(stream);
    },
  );

  const parentId = async (user: CurrentUser, code: string | undefined): Promise<string | null> => {
    if (!code) return null;
    const pg = await departs.page(user, { orgCode: code, pageSize: '1' });
    const d = pg.records.find((r) => r.orgCode === code);
    if (!d) throw businessError(`上级机构编码“${code}”不存在`);
    return d.id;
  };
  registerImport(app, {
    url: '/sys/sysDepart/importExcel',
    access: perm('system:depart:import'),
    content: '导入部门',
    tags,
    summary: '导入部门（表头同导出；按上级机构编码挂接，编码自动生成）',
    errorFile: 'depart_import_errors',
    run: (user, files) =>
      importRows(app.ctx.config, files, {
        columns: EXPORT_COLUMNS.filter((c) => c.key !== 'id'),
        required: 'departName',
        schema: importSchema,
        decode: (_field, text) => Object.entries(CATEGORY_TEXT).find(([k, v]) => v === text || k === text)?.[0] ?? null,
        save: async (row) => {
          const { parentOrgCode, orgCode: _code, ...rest } = row as z.infer<typeof importSchema>;
          void _code; // a new department gets the next code under its parent
          await departs.add(user, { ...rest, parentId: await parentId(user, parentOrgCode) });
        },
        match: async (raw) => {
          const id = typeof raw.id === 'string' ? raw.id : '';
          if (id) {
            const found = await departs.get(user, id).catch(() => null);
            if (found) return found.id;
          }
          const code = typeof raw.orgCode === 'string' ? raw.orgCode : '';
          if (!code) return null;
          const pg = await departs.page(user, { orgCode: code, pageSize: '1' });
          return pg.records.find((r) => r.orgCode === code)?.id ?? null;
        },
        editSchema: importSchema.extend({ id: z.string().min(1).max(64) }),
        update: async (row) => {
          const { id, parentOrgCode: _p, orgCode: _c, ...rest } = row as z.infer<typeof importSchema> & { id: string };
          void _p; // a department keeps its place in the tree (its org code)
          void _c;
          await departs.edit(user, id, rest);
        },
      }),
  });
}
