import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { ok } from '../../../platform/http/envelope.js';
import { CrudService, crudRoutes, idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import type { CategoryService } from './category.service.js';

const fields = {
  pid: z.string().max(32).optional().nullable(),
  name: z.string().trim().min(1, { message: '请输入类型名称' }).max(100),
  code: z.string().trim().max(100).regex(/^[A-Za-z0-9_-]*$/, { message: '编码只允许字母、数字、下划线和横线' }).optional().nullable(),
};

export function categoryCrud(db: Database, translate: Translator, categories: CategoryService): CrudService {
  return new CrudService(db as never, {
    base: '/sys/category',
    table: 'sysCategory',
    tag: '分类字典',
    perm: 'system:category',
    whitelist: {
      id: 'id',
      pid: 'pid',
      name: 'name',
      code: 'code',
      hasChild: 'hasChild',
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: ['id', 'pid', 'name', 'code', 'hasChild', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'code', order: 'asc' },
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

const rootQuery = z.object({ async: z.string().optional(), pcode: z.string().max(100).optional() });
const pidQuery = z.object({ pid: z.string().min(1).max(64) });
const treeQuery = z.object({ pid: z.string().max(64).optional(), pcode: z.string().max(100).optional(), condition: z.string().max(2000).optional() });
const parentsQuery = z.object({ parentIds: z.string().min(1).max(20000) });
const oneQuery = z.object({ field: z.string().min(1).max(32), val: z.string().max(200) });
const dictItemQuery = z.object({ ids: z.string().max(5000).default('') });

export async function categoryRoutes(app: FastifyInstance, crud: CrudService, svc: CategoryService): Promise<void> {
  await crudRoutes(app, crud);
  const tags = ['分类字典'];
  app.get(
    '/sys/category/rootList',
    { config: { access: perm('system:category:list') }, schema: { tags, summary: '分类字典根节点列表' } },
    async (req) => {
      const q = { ...(req.query as Record<string, unknown>) };
      if (!q.pid && !q.superQueryParams && !q.name && !q.code) q.pid = '0';
      const page = await crud.list(req.user!, q);
      return ok({ ...page, records: page.records.map((r) => ({ ...r, hasChild: r.hasChild === '1' ? '1' : '0' })) });
    },
  );
  app.get(
    '/sys/category/childList',
    { config: { access: perm('system:category:list') }, schema: { tags, summary: '分类字典子节点', querystring: pidQuery } },
    async (req) => {
      const page = await crud.list(req.user!, { pid: (req.query as z.infer<typeof pidQuery>).pid, pageSize: 10000 });
      return ok(page.records);
    },
  );
  // Children of several parents at once (stock answers them as one page).
  app.get(
    '/sys/category/getChildListBatch',
    { config: { access: perm('system:category:list') }, schema: { tags, summary: '多个父节点的子节点（分页结构）', querystring: parentsQuery } },
    async (req) => {
      const ids = splitIds((req.query as z.infer<typeof parentsQuery>).parentIds);
      if (ids.length === 0) return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 });
      // One id is an equality, several a comma list (IN) for the query builder.
      const page = await crud.list(req.user!, { pid: ids.join(','), pageSize: 10000 });
      return ok({ records: page.records, total: page.records.length, size: 10, current: 1, pages: 1 });
    },
  );
  app.delete(
    '/sys/category/delete',
    { config: { access: perm('system:category:delete') }, schema: { tags, summary: '删除分类', querystring: idQuery } },
    async (req) => {
      await svc.remove(req.user!, [(req.query as z.infer<typeof idQuery>).id]);
      return ok(null, '删除成功!');
    },
  );
  app.delete(
    '/sys/category/deleteBatch',
    { config: { access: perm('system:category:delete') }, schema: { tags, summary: '批量删除分类', querystring: idsQuery } },
    async (req) => {
      await svc.remove(req.user!, splitIds((req.query as z.infer<typeof idsQuery>).ids));
      return ok(null, '批量删除成功!');
    },
  );
  app.get(
    '/sys/category/loadTreeRoot',
    { config: { access: LOGIN }, schema: { tags, summary: '分类树根', querystring: rootQuery } },
    async (req) => {
      const q = req.query as z.infer<typeof rootQuery>;
      const pid = await svc.idByCode(req.user!, q.pcode ?? '');
      return ok(await svc.children(req.user!, pid, q.async === 'false'));
    },
  );
  app.get(
    '/sys/category/loadTreeChildren',
    { config: { access: LOGIN }, schema: { tags, summary: '分类树子节点', querystring: pidQuery } },
    async (req) => ok(await svc.children(req.user!, (req.query as z.infer<typeof pidQuery>).pid)),
  );
  app.get(
    '/sys/category/loadTreeData',
    { config: { access: LOGIN }, schema: { tags, summary: '分类树数据', querystring: treeQuery } },
    async (req) => {
      const q = req.query as z.infer<typeof treeQuery>;
      return ok(await svc.treeData(req.user!, q.pid, q.pcode, q.condition));
    },
  );
  app.get(
    '/sys/category/loadOne',
    { config: { access: LOGIN }, schema: { tags, summary: '按字段取一个分类', querystring: oneQuery } },
    async (req) => {
      const q = req.query as z.infer<typeof oneQuery>;
      return ok(await svc.loadOne(req.user!, q.field, q.val));
    },
  );
  app.get(
    '/sys/category/loadDictItem',
    { config: { access: LOGIN }, schema: { tags, summary: '分类名称', querystring: dictItemQuery } },
    async (req) => ok(await svc.names(req.user!, splitIds((req.query as z.infer<typeof dictItemQuery>).ids))),
  );
}
