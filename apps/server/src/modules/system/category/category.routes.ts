import { envelope, listResponse, messageResponse, pageResponse, sysCategoryNode, sysCategoryRow } from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { CrudService, crudRoutes, idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import { CATEGORY_COLUMNS, CATEGORY_SORT, CATEGORY_WHITELIST, type CategoryService } from './category.service.js';

const fields = {
  pid: z.string().max(32).optional().nullable(),
  name: z.string().trim().min(1, { message: '请输入类型名称' }).max(100),
  code: z.string().trim().max(100).regex(/^[A-Za-z0-9_-]*$/, { message: '编码只允许字母、数字、下划线和横线' }).optional().nullable(),
};

export function categoryCrud(db: Database, translate: Translator, categories: CategoryService): CrudService {
  return new CrudService(db, {
    base: '/sys/category',
    table: 'sysCategory',
    row: sysCategoryRow,
    tag: '分类字典',
    perm: 'system:category',
    whitelist: CATEGORY_WHITELIST,
    columns: [...CATEGORY_COLUMNS],
    defaultSort: CATEGORY_SORT,
    orgColumn: 'sysOrgCode',
    sharedGroupRows: true,
    addSchema: z.object(fields),
    editSchema: z.object({ id: z.string().min(1).max(64), name: fields.name.optional() }),
    unique: [{ field: 'code', message: '分类编码已存在' }],
    prepare: (data, _user, existing) => (existing ? data : categories.prepareAdd(data)),
    translate,
    only: ['list', 'queryById', 'add', 'edit'],
    exportColumns: [
      { header: '分类名称', key: 'name' },
      { header: '分类编码', key: 'code' },
      { header: '父级节点', key: 'pid' },
    ],
  });
}

const rootQuery = z.object({ async: z.string().max(10).optional(), pcode: z.string().max(100).optional() });
const pidQuery = z.object({ pid: z.string().min(1).max(64) });
const treeQuery = z.object({ pid: z.string().max(64).optional(), pcode: z.string().max(100).optional(), condition: z.string().max(2000).optional() });
const parentsQuery = z.object({ parentIds: z.string().min(1).max(20000) });
const oneQuery = z.object({ field: z.string().min(1).max(32), val: z.string().max(200) });
const dictItemQuery = z.object({ ids: z.string().max(5000).default('') });
/** The root list's filters (list query builder: whitelisted fields, advanced query, paging, sorting). */
const listQuery = z.looseObject({
  pid: z.string().max(64).optional(),
  name: z.string().max(200).optional(),
  code: z.string().max(200).optional(),
  superQueryParams: z.string().max(20000).optional(),
  superQueryMatchType: z.string().max(10).optional(),
  pageNo: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).optional(),
  column: z.string().max(100).optional(),
  order: z.string().max(10).optional(),
});

const nodes = listResponse(sysCategoryNode);

export async function categoryRoutes(app: Api, crud: CrudService, svc: CategoryService): Promise<void> {
  await crudRoutes(app, crud);
  const tags = ['分类字典'];
  const view = { access: perm('system:category:list') };
  app.get(
    '/sys/category/rootList',
    { config: view, schema: { tags, summary: '分类字典根节点列表', querystring: listQuery, response: { 200: pageResponse(sysCategoryRow) } } },
    async (req) => ok(await svc.page(req.user!, req.query, { rootsByDefault: true })),
  );
  app.get(
    '/sys/category/childList',
    { config: view, schema: { tags, summary: '分类字典子节点', querystring: pidQuery, response: { 200: listResponse(sysCategoryRow) } } },
    async (req) => ok(await svc.childRows(req.user!, [req.query.pid])),
  );
  // Children of several parents at once (stock answers them as one page).
  app.get(
    '/sys/category/getChildListBatch',
    { config: view, schema: { tags, summary: '多个父节点的子节点（分页结构）', querystring: parentsQuery, response: { 200: pageResponse(sysCategoryRow) } } },
    async (req) => {
      const ids = splitIds(req.query.parentIds);
      const records = await svc.childRows(req.user!, ids);
      return ok({ records, total: records.length, size: 10, current: 1, pages: ids.length ? 1 : 0 });
    },
  );
  app.delete(
    '/sys/category/delete',
    { config: { access: perm('system:category:delete') }, schema: { tags, summary: '删除分类', querystring: idQuery, response: { 200: messageResponse } } },
    async (req) => {
      await svc.remove(req.user!, [req.query.id]);
      return ok(null, '删除成功!');
    },
  );
  app.delete(
    '/sys/category/deleteBatch',
    { config: { access: perm('system:category:delete') }, schema: { tags, summary: '批量删除分类', querystring: idsQuery, response: { 200: messageResponse } } },
    async (req) => {
      await svc.remove(req.user!, splitIds(req.query.ids));
      return ok(null, '批量删除成功!');
    },
  );
  app.get(
    '/sys/category/loadTreeRoot',
    { config: { access: LOGIN }, schema: { tags, summary: '分类树根', querystring: rootQuery, response: { 200: nodes } } },
    async (req) => {
      const pid = await svc.idByCode(req.user!, req.query.pcode ?? '');
      return ok(await svc.children(req.user!, pid, req.query.async === 'false'));
    },
  );
  app.get(
    '/sys/category/loadTreeChildren',
    { config: { access: LOGIN }, schema: { tags, summary: '分类树子节点', querystring: pidQuery, response: { 200: nodes } } },
    async (req) => ok(await svc.children(req.user!, req.query.pid)),
  );
  app.get(
    '/sys/category/loadTreeData',
    { config: { access: LOGIN }, schema: { tags, summary: '分类树数据', querystring: treeQuery, response: { 200: nodes } } },
    async (req) => ok(await svc.treeData(req.user!, req.query.pid, req.query.pcode, req.query.condition)),
  );
  app.get(
    '/sys/category/loadOne',
    { config: { access: LOGIN }, schema: { tags, summary: '按字段取一个分类', querystring: oneQuery, response: { 200: envelope(sysCategoryRow) } } },
    async (req) => ok(await svc.loadOne(req.user!, req.query.field, req.query.val)),
  );
  app.get(
    '/sys/category/loadDictItem',
    { config: { access: LOGIN }, schema: { tags, summary: '分类名称', querystring: dictItemQuery, response: { 200: envelope(z.array(z.string())) } } },
    async (req) => ok(await svc.names(req.user!, splitIds(req.query.ids))),
  );
}
