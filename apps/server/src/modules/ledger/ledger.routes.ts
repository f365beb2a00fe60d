import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN, perm } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { attachmentHeader, XLSX_MIME } from '../../platform/excel/excel.js';
import { ok } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { crudRoutes, idQuery, splitIds, type CrudService } from '../../platform/query/crud.js';
import type { Params } from '../../platform/query/query-builder.js';
import { GOODS_TYPES, poolLineSchema, type GoodsType } from '@go/contract/ledger/schemas';
import type { ApplicationService } from '../workflow/application.service.js';
import { LIBRARY_STATES, type LibraryService } from './library.service.js';
import { LEDGER_PERMS, statusBody } from './master-data.js';

export interface LedgerServices {
  db: Database;
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

const libParam = z.object({ lib: z.enum(['receive', 'recycle', 'scrap', 'share']) });
const stockQuery = z.object({
  itemId: z.string().min(1).max(32),
  warehouseId: z.string().max(32).optional(),
});
const pickerQuery = z.looseObject({
  purpose: z.enum(Object.keys(GOODS_TYPES) as [GoodsType, ...GoodsType[]]),
  keyword: z.string().max(50).optional(),
});
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

function sendXlsx(reply: import('fastify').FastifyReply, name: string, stream: NodeJS.ReadableStream) {
  reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${name}.xlsx`));
  return reply.send(stream);
}

export async function ledgerRoutes(app: FastifyInstance, s: LedgerServices): Promise<void> {
  const tags = ['物资台账'];
  const P = LEDGER_PERMS;
  await crudRoutes(app, s.categories);
  await crudRoutes(app, s.items);
  await crudRoutes(app, s.warehouses);
  await crudRoutes(app, s.suppliers);

  app.get(
    '/ledger/category/tree',
    { config: { access: perm(`${P.item}:list`) }, schema: { tags, summary: '物品分类树' } },
    async () => {
      const rows = await s.db
        .selectFrom('ldCategory')
        .select(['id', 'parentId', 'name', 'code', 'sortNo'])
        .orderBy('sortNo')
        .orderBy('name')
        .execute();
      type Node = {
        key: string;
        value: string;
        title: string;
        label: string;
        parentId: string | null;
        children: Node[];
        leaf?: boolean;
      };
      const byId = new Map<string, Node>(
        rows.map((r) => [
          r.id,
          { key: r.id, value: r.id, title: r.name, label: r.name, parentId: r.parentId, children: [] },
        ]),
      );
      const roots: Node[] = [];
      for (const n of byId.values())
        (n.parentId && byId.get(n.parentId) ? byId.get(n.parentId)!.children : roots).push(n);
      for (const n of byId.values()) n.leaf = n.children.length === 0;
      return ok(roots);
    },
  );

  const guardedDelete = async (
    table: 'ldCategory' | 'ldItem' | 'ldWarehouse',
    id: string,
    svc: CrudService,
    user: NonNullable<import('fastify').FastifyRequest['user']>,
  ) => {
    if (
      table === 'ldItem' &&
      (await s.db.selectFrom('ldEntry').select('id').where('itemId', '=', id).executeTakeFirst())
    )
      throw businessError('该物品已有出入库记录，不能删除');
    if (
      table === 'ldWarehouse' &&
      (await s.db.selectFrom('ldEntry').select('id').where('warehouseId', '=', id).executeTakeFirst())
    )
      throw businessError('该仓库已有出入库记录，不能删除');
    if (table === 'ldCategory') {
      if (await s.db.selectFrom('ldCategory').select('id').where('parentId', '=', id).executeTakeFirst())
        throw businessError('该分类下还有子分类，不能删除');
      if (await s.db.selectFrom('ldItem').select('id').where('categoryId', '=', id).executeTakeFirst())
        throw businessError('该分类下还有物品，不能删除');
    }
    await svc.remove(user, [id]);
  };
  for (const [table, base, code, svc] of [
    ['ldCategory', '/ledger/category', P.item, s.categories],
    ['ldItem', '/ledger/item', P.item, s.items],
    ['ldWarehouse', '/ledger/warehouse', P.warehouse, s.warehouses],
  ] as const) {
    app.delete(
      `${base}/delete`,
      { config: { access: perm(`${code}:delete`) }, schema: { tags, summary: '删除', querystring: idQuery } },
      async (req) => {
        await guardedDelete(table, (req.query as { id: string }).id, svc, req.user!);
        return ok(null, '删除成功!');
      },
    );
  }

  app.route({
    method: ['PUT', 'POST'],
    url: '/adminstration/library/supplier/disable',
    config: { access: perm(`${P.supplier}:edit`), oplog: { content: '启用/停用供应商', type: 3 } },
    schema: { tags, summary: '启用或停用供应商', body: statusBody },
    handler: async (req) => {
      const b = req.body as z.infer<typeof statusBody>;
      await s.suppliers.edit(req.user!, { id: b.id, status: b.status });
      return ok(null, b.status === 1 ? '启用成功' : '停用成功');
    },
  });

  // ------------------------------------------------------------ libraries and history
  app.get(
    '/ledger/library/total/list',
    { config: { access: perm(P.library) }, schema: { tags, summary: '总库' } },
    async (req) => ok(await s.library.total(req.user!, req.query as Params)),
  );
  app.get(
    '/ledger/library/total/exportXls',
    {
      config: { access: perm(P.libraryExport), oplog: { content: '导出总库', type: 6 } },
      schema: { tags, summary: '导出总库' },
    },
    async (req, reply) => sendXlsx(reply, '总库', s.library.exportTotal(req.user!, req.query as Params)),
  );
  app.get(
    '/ledger/library/:lib/list',
    {
      config: { access: perm(P.library) },
      schema: { tags, summary: '领用/回收/报废/共享库', params: libParam },
    },
    async (req) => {
      const { lib } = req.params as z.infer<typeof libParam>;
      return ok(await s.library.assets(req.user!, LIBRARY_STATES[lib], req.query as Params));
    },
  );
  app.get(
    '/ledger/library/:lib/exportXls',
    {
      config: { access: perm(P.libraryExport), oplog: { content: '导出资产库', type: 6 } },
      schema: { tags, summary: '导出领用/回收/报废/共享库', params: libParam },
    },
    async (req, reply) => {
      const { lib } = req.params as z.infer<typeof libParam>;
      return sendXlsx(
        reply,
        LIB_TITLE[lib],
        s.library.exportAssets(req.user!, LIBRARY_STATES[lib], req.query as Params, LIB_TITLE[lib]),
      );
    },
  );
  app.get(
    '/ledger/asset/list',
    { config: { access: perm(P.library) }, schema: { tags, summary: '资产台账' } },
    async (req) => ok(await s.library.assets(req.user!, null, req.query as Params)),
  );
  app.get(
    '/ledger/asset/picker',
    {
      config: { access: perm(`${P.item}:list`) },
      schema: { tags, summary: '可选资产', querystring: pickerQuery },
    },
    async (req) => {
      const q = req.query as z.infer<typeof pickerQuery>;
      return ok(await s.library.assetPicker(req.user!, q.purpose, q));
    },
  );
  app.get(
    '/ledger/entry/list',
    { config: { access: perm(P.library) }, schema: { tags, summary: '出入库流水' } },
    async (req) => ok(await s.library.entries(req.user!, req.query as Params)),
  );
  app.get(
    '/ledger/stock/one',
    {
      config: { access: perm(`${P.item}:list`) },
      schema: { tags, summary: '物品库存', querystring: stockQuery },
    },
    async (req) => {
      const q = req.query as z.infer<typeof stockQuery>;
      return ok(await s.library.stockOf(req.user!, q.itemId, q.warehouseId));
    },
  );

  app.get(
    '/ledger/form/my',
    { config: { access: perm(`${P.item}:list`) }, schema: { tags, summary: '我的物资申请' } },
    async (req) => ok(await s.library.myForms(req.user!, req.query as Params)),
  );

  // 交接 handover add: a plain JSON body is accepted (SPEC §7 exemption); saves a handover draft.
  const handoverBody = z.looseObject({ procDefId: z.string().max(64).optional() });
  app.post(
    '/activiti/actHandover/add',
    {
      config: { access: LOGIN, noEncrypt: true, oplog: { content: '保存交接申请', type: 2 } },
      schema: { tags, summary: '保存交接申请草稿', body: handoverBody },
    },
    async (req) => {
      const { procDefId, ...data } = req.body as z.infer<typeof handoverBody>;
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
    { config: { access: perm(P.procure) }, schema: { tags, summary: '采购池' } },
    async (req) => ok(await s.library.pool(req.user!, req.query as Params)),
  );
  app.post(
    `${POOL}/addActProcurePool`,
    {
      config: { access: perm(P.procureAdd), noEncrypt: true, oplog: { content: '加入采购池', type: 2 } },
      schema: { tags, summary: '加入采购池', body: poolAddBody },
    },
    async (req) => {
      const b = req.body as z.infer<typeof poolAddBody>;
      const lines = Array.isArray(b) ? b : 'lines' in b ? b.lines : [b];
      const ids = await s.library.addToPool(req.user!, lines);
      return ok({ ids }, '添加成功！');
    },
  );
  app.post(
    `${POOL}/mark`,
    {
      config: { access: perm(P.procureMark), oplog: { content: '标记采购池明细', type: 3 } },
      schema: { tags, summary: '标记采购池明细', body: markBody },
    },
    async (req) => {
      const b = req.body as z.infer<typeof markBody>;
      const ids = Array.isArray(b.ids) ? b.ids : splitIds(b.ids);
      const n = await s.library.mark(req.user!, ids, b.chooseMarkName, b.supplierId);
      return ok({ count: n }, '标记成功');
    },
  );
  app.get(
    `${POOL}/allProcureExportXls`,
    {
      config: { access: perm(P.procureExport), oplog: { content: '导出采购池', type: 6 } },
      schema: { tags, summary: '导出全部采购池明细' },
    },
    async (req, reply) => sendXlsx(reply, '采购池', s.library.exportPool(req.user!, req.query as Params)),
  );
}
