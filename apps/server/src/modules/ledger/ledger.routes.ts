import { binaryResponse, envelope, listResponse, messageResponse, pageResponse } from '@go/contract';
import {
  ldAssetRow,
  ldCategoryNode,
  ldEntryRow,
  ldMyFormRow,
  ldPoolPage,
  ldSavedApplication,
  ldStockOf,
  ldStockRow,
} from '@go/contract/ledger/responses';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { LOGIN, perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { attachmentHeader, XLSX_MIME } from '../../platform/excel/excel.js';
import { ok } from '../../platform/http/envelope.js';
import { crudRoutes, idQuery, splitIds, type CrudService } from '../../platform/query/crud.js';
import { GOODS_TYPES, poolLineSchema, type GoodsType } from '@go/contract/ledger/schemas';
import type { ApplicationService } from '../workflow/application.service.js';
import { LIBRARY_STATES, type LibraryService } from './library.service.js';
import { LEDGER_PERMS, statusBody } from './master-data.js';
import type { MasterDataService } from './master-data.service.js';
import { registerSupplierImport } from './supplier-import.js';

export interface LedgerServices {
  masterData: MasterDataService;
  applications: ApplicationService;
  categories: CrudService;
  items: CrudService;
  warehouses: CrudService;
  suppliers: CrudService;
  library: LibraryService;
}

const LIB_TITLE: Record<string, string> = {
  receive: '领用库',
  recycle: '回收库',
  scrap: '报废库',
  share: '共享库',
};

/**
 * A list's query: paging, sorting, filters on the list's whitelisted fields and the advanced query — any
 * key (the list query builder ignores what its whitelist does not name).
 */
const listQuery = z.record(z.string().max(200), z.union([z.string().max(20000), z.array(z.string().max(20000)).max(100)]).optional());
const libParam = z.object({ lib: z.enum(['receive', 'recycle', 'scrap', 'share']) });
const stockQuery = z.object({
  itemId: z.string().min(1).max(32),
  warehouseId: z.string().max(32).optional(),
});
const pickerQuery = z.looseObject({
  purpose: z.enum(Object.keys(GOODS_TYPES) as [GoodsType, ...GoodsType[]]),
  keyword: z.string().max(50).optional(),
});
const poolAddResult = envelope(z.object({ ids: z.array(z.string()) }));
const markResult = envelope(z.object({ count: z.number() }));
const poolAddBody = z.union([
  z.object({ lines: z.array(poolLineSchema).min(1, '请至少添加一行物品明细').max(200) }),
  z.array(poolLineSchema).min(1).max(200),
  poolLineSchema,
]);
const markBody = z.object({
  ids: z.union([z.string().min(1).max(20000), z.array(z.string().max(32)).min(1).max(1000)]),
  chooseMarkName: z.string({ error: '请输入标记名称' }).trim().min(1, '请输入标记名称').max(200),
  supplierId: z.string().max(32).optional().nullable(),
});

function sendXlsx(reply: FastifyReply, name: string, stream: NodeJS.ReadableStream) {
  reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${name}.xlsx`));
  return reply.send(stream);
}

export async function ledgerRoutes(app: Api, s: LedgerServices): Promise<void> {
  const tags = ['物资台账'];
  const P = LEDGER_PERMS;
  await crudRoutes(app, s.categories);
  await crudRoutes(app, s.items);
  await crudRoutes(app, s.warehouses);
  await crudRoutes(app, s.suppliers);
  registerSupplierImport(app, s.suppliers);

  app.get(
    '/ledger/category/tree',
    { config: { access: perm(`${P.item}:list`) }, schema: { tags, summary: '物品分类树', response: { 200: listResponse(ldCategoryNode) } } },
    async () => ok(await s.masterData.categoryTree()),
  );

  for (const [table, base, code, svc] of [
    ['ldCategory', '/ledger/category', P.item, s.categories],
    ['ldItem', '/ledger/item', P.item, s.items],
    ['ldWarehouse', '/ledger/warehouse', P.warehouse, s.warehouses],
  ] as const) {
    app.delete(
      `${base}/delete`,
      { config: { access: perm(`${code}:delete`) }, schema: { tags, summary: '删除', querystring: idQuery, response: { 200: messageResponse } } },
      async (req) => {
        await s.masterData.guardedDelete(table, req.query.id, svc, req.user!);
        return ok(null, '删除成功!');
      },
    );
  }

  // the supplier picker of the goods forms (everyone applying): ids and names only
  app.get(
    '/ledger/supplier/options',
    {
      config: { access: perm(`${P.item}:list`) },
      schema: { tags, summary: '供应商选项（仅名称）', querystring: z.object({ keyword: z.string().max(50).optional() }), response: { 200: listResponse(z.object({ id: z.string(), name: z.string() })) } },
    },
    async (req) => ok(await s.masterData.supplierOptions(req.user!, req.query.keyword)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/adminstration/library/supplier/disable',
    config: { access: perm(`${P.supplier}:edit`), oplog: { content: '启用/停用供应商', type: 3 } },
    schema: { tags, summary: '启用或停用供应商', body: statusBody, response: { 200: messageResponse } },
    handler: async (req) => {
      const b = req.body;
      await s.suppliers.edit(req.user!, { id: b.id, status: b.status });
      return ok(null, b.status === 1 ? '启用成功' : '停用成功');
    },
  });

  // ------------------------------------------------------------ libraries and history
  app.get(
    '/ledger/library/total/list',
    { config: { access: perm(P.library) }, schema: { tags, summary: '总库', querystring: listQuery, response: { 200: pageResponse(ldStockRow) } } },
    async (req) => ok(await s.library.total(req.user!, req.query)),
  );
  app.get(
    '/ledger/library/total/exportXls',
    {
      config: { access: perm(P.libraryExport), oplog: { content: '导出总库', type: 6 } },
      schema: { tags, summary: '导出总库', querystring: listQuery, response: { 200: binaryResponse } },
    },
    async (req, reply) => sendXlsx(reply, '总库', s.library.exportTotal(req.user!, req.query)),
  );
  app.get(
    '/ledger/library/:lib/list',
    {
      config: { access: perm(P.library) },
      schema: { tags, summary: '领用/回收/报废/共享库', params: libParam, querystring: listQuery, response: { 200: pageResponse(ldAssetRow) } },
    },
    async (req) => {
      const { lib } = req.params;
      return ok(await s.library.assets(req.user!, LIBRARY_STATES[lib], req.query));
    },
  );
  app.get(
    '/ledger/library/:lib/exportXls',
    {
      config: { access: perm(P.libraryExport), oplog: { content: '导出资产库', type: 6 } },
      schema: { tags, summary: '导出领用/回收/报废/共享库', params: libParam, querystring: listQuery, response: { 200: binaryResponse } },
    },
    async (req, reply) => {
      const { lib } = req.params;
      return sendXlsx(
        reply,
        LIB_TITLE[lib],
        s.library.exportAssets(req.user!, LIBRARY_STATES[lib], req.query, LIB_TITLE[lib]),
      );
    },
  );
  app.get(
    '/ledger/asset/list',
    { config: { access: perm(P.library) }, schema: { tags, summary: '资产台账', querystring: listQuery, response: { 200: pageResponse(ldAssetRow) } } },
    async (req) => ok(await s.library.assets(req.user!, null, req.query)),
  );
  app.get(
    '/ledger/asset/picker',
    {
      config: { access: perm(`${P.item}:list`) },
      schema: { tags, summary: '可选资产', querystring: pickerQuery, response: { 200: listResponse(ldAssetRow) } },
    },
    async (req) => {
      const q = req.query;
      return ok(await s.library.assetPicker(req.user!, q.purpose, q));
    },
  );
  app.get(
    '/ledger/entry/list',
    { config: { access: perm(P.library) }, schema: { tags, summary: '出入库流水', querystring: listQuery, response: { 200: pageResponse(ldEntryRow) } } },
    async (req) => ok(await s.library.entries(req.user!, req.query)),
  );
  app.get(
    '/ledger/stock/one',
    {
      config: { access: perm(`${P.item}:list`) },
      schema: { tags, summary: '物品库存', querystring: stockQuery, response: { 200: envelope(ldStockOf) } },
    },
    async (req) => {
      const q = req.query;
      return ok(await s.library.stockOf(req.user!, q.itemId, q.warehouseId));
    },
  );

  app.get(
    '/ledger/form/my',
    { config: { access: perm(`${P.item}:list`) }, schema: { tags, summary: '我的物资申请', querystring: listQuery, response: { 200: pageResponse(ldMyFormRow) } } },
    async (req) => ok(await s.library.myForms(req.user!, req.query)),
  );

  // 交接 handover add: a plain JSON body is accepted (docs/security.md, "AES payload envelope"); saves a handover draft.
  const handoverBody = z.looseObject({ procDefId: z.string().max(64).optional() });
  app.post(
    '/activiti/actHandover/add',
    {
      config: { access: LOGIN, noEncrypt: true, oplog: { content: '保存交接申请', type: 2 } },
      schema: { tags, summary: '保存交接申请草稿', body: handoverBody, response: { 200: envelope(ldSavedApplication) } },
    },
    async (req) => {
      const { procDefId, ...data } = req.body;
      return ok(
        await s.applications.add(req.user!, { tableName: 'ld_handover', procDefId, data }),
        '保存成功',
      );
    },
  );

  // ------------------------------------------------------------ procure pool
  const POOL = '/activiti/actProcurePoolExtend';
  app.get(
    `${POOL}/list`,
    { config: { access: perm(P.procure) }, schema: { tags, summary: '采购池', querystring: listQuery, response: { 200: envelope(ldPoolPage) } } },
    async (req) => ok(await s.library.pool(req.user!, req.query)),
  );
  app.post(
    `${POOL}/addActProcurePool`,
    {
      config: { access: perm(P.procureAdd), noEncrypt: true, oplog: { content: '加入采购池', type: 2 } },
      schema: { tags, summary: '加入采购池', body: poolAddBody, response: { 200: poolAddResult } },
    },
    async (req) => {
      const b = req.body;
      const lines = Array.isArray(b) ? b : 'lines' in b ? b.lines : [b];
      const ids = await s.library.addToPool(req.user!, lines);
      return ok({ ids }, '添加成功！');
    },
  );
  app.post(
    `${POOL}/mark`,
    {
      config: { access: perm(P.procureMark), oplog: { content: '标记采购池明细', type: 3 } },
      schema: { tags, summary: '标记采购池明细', body: markBody, response: { 200: markResult } },
    },
    async (req) => {
      const b = req.body;
      const ids = Array.isArray(b.ids) ? b.ids : splitIds(b.ids);
      const n = await s.library.mark(req.user!, ids, b.chooseMarkName, b.supplierId);
      return ok({ count: n }, '标记成功');
    },
  );
  app.get(
    `${POOL}/allProcureExportXls`,
    {
      config: { access: perm(P.procureExport), oplog: { content: '导出采购池', type: 6 } },
      schema: { tags, summary: '导出全部采购池明细', querystring: listQuery, response: { 200: binaryResponse } },
    },
    async (req, reply) => sendXlsx(reply, '采购池', s.library.exportPool(req.user!, req.query)),
  );
}
