import {
  envelope,
  failure,
  listResponse,
  messageResponse,
  pageResponse,
  sysDictItemRow,
  sysDictOption,
  sysDictRow,
  sysDictTreeNode,
} from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import { registerCrudImport } from '../../../platform/excel/import-route.js';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { CrudService, crudRoutes, idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import { DICT_ITEM_COLUMNS, DICT_ITEM_DICT_FIELDS, DICT_ITEM_SORT, DICT_ITEM_WHITELIST, type DictService } from './dict.service.js';
import { parseTableDict } from './table-dict.js';

const dictFields = {
  dictName: z.string().trim().min(1, { message: '请输入字典名称' }).max(100),
  dictCode: z.string().trim().min(1, { message: '字典Code不能为空!' }).max(100).regex(/^[A-Za-z0-9_]+$/, { message: '字典编码只允许字母、数字、下划线' }),
  description: z.string().max(255).optional().nullable(),
  type: z.coerce.number().int().min(0).max(1).optional(),
};
const itemFields = {
  dictId: z.string().min(1).max(64),
  itemText: z.string().trim().min(1, { message: '请输入名称' }).max(100),
  itemValue: z.string().trim().min(1, { message: '请输入数据值' }).max(100),
  description: z.string().max(255).optional().nullable(),
  sortOrder: z.coerce.number().int().min(0).max(100000).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
};

/** 数据字典: group-wide configuration (dictionaries have no company); only admin holds these codes. */
export function dictCrud(db: Database, translate: Translator, dicts: DictService): CrudService {
  return new CrudService(db, {
    base: '/sys/dict',
    table: 'sysDict',
    row: sysDictRow,
    changeLog: { type: 'sys_dict', name: 'dictCode' },
    tag: '字典',
    perm: 'system:dict',
    whitelist: {
      id: 'id',
      dictName: 'dictName',
      dictCode: 'dictCode',
      description: 'description',
      type: { column: 'type', type: 'number' },
      delFlag: { column: 'delFlag', type: 'number', sortable: false },
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: ['id', 'dictName', 'dictCode', 'description', 'type', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'desc' },
    addSchema: z.object(dictFields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...dictFields, dictName: dictFields.dictName.optional(), dictCode: dictFields.dictCode.optional() }),
    unique: [{ field: 'dictCode', message: '字典编码已存在' }],
    prepare: (data) => {
      dicts.refresh();
      return data;
    },
    translate,
    softDeleteColumn: 'delFlag',
    only: ['list', 'queryById', 'add', 'edit'],
    exportColumns: [
      { header: '字典名称', key: 'dictName' },
      { header: '字典编码', key: 'dictCode' },
      { header: '描述', key: 'description', width: 30 },
    ],
  });
}

export function dictItemCrud(db: Database, translate: Translator, dicts: DictService): CrudService {
  return new CrudService(db, {
    base: '/sys/dictItem',
    table: 'sysDictItem',
    row: sysDictItemRow,
    changeLog: { type: 'sys_dict_item', name: 'itemText' },
    tag: '字典项',
    perm: 'system:dict',
    whitelist: DICT_ITEM_WHITELIST,
    columns: [...DICT_ITEM_COLUMNS],
    defaultSort: DICT_ITEM_SORT,
    dictFields: DICT_ITEM_DICT_FIELDS,
    addSchema: z.object(itemFields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...itemFields, dictId: itemFields.dictId.optional(), itemText: itemFields.itemText.optional(), itemValue: itemFields.itemValue.optional() }),
    prepare: async (data, _user, existing) => {
      const dictId = (data.dictId ?? existing?.dictId) as string;
      if (!(await dicts.isActive(dictId))) throw businessError('字典不存在');
      if (data.itemValue !== undefined && (await dicts.itemValueTaken(dictId, String(data.itemValue), existing ? String(existing.id) : undefined))) {
        throw businessError('该字典中数据值已存在');
      }
      dicts.refresh();
      return { status: 1, ...data };
    },
    translate,
  });
}

const idParam = z.object({ id: z.string().min(1).max(64) });
const itemCheckQuery = z.object({ dictId: z.string().min(1).max(64), itemValue: z.string().max(100).default(''), id: z.string().max(64).optional() });
const loadDictQuery = z.object({ keyword: z.string().max(200).optional(), pageSize: z.coerce.number().int().min(1).max(5000).optional() });
const loadItemQuery = z.object({ key: z.string().max(10000).default(''), delNotExist: z.string().max(10).optional() });
const dictParam = z.object({ dict: z.string().min(1).max(500) });
const treeQuery = z.object({
  pid: z.string().max(64).optional(),
  tableName: z.string().min(1).max(64),
  text: z.string().min(1).max(64),
  code: z.string().min(1).max(64),
  pidField: z.string().min(1).max(64),
  hasChildField: z.string().max(64).optional(),
  condition: z.string().max(2000).optional(),
});
/** The item list's filters (list query builder: whitelisted fields, paging, sorting), by query or by body. */
const itemListParams = z.looseObject({
  dictId: z.string().max(64).optional(),
  itemText: z.string().max(200).optional(),
  itemValue: z.string().max(200).optional(),
  pageNo: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).optional(),
  column: z.string().max(100).optional(),
  order: z.string().max(10).optional(),
});

const message = messageResponse;
const checked = z.union([messageResponse, failure]);

export async function dictAdminRoutes(app: Api, dicts: DictService, dictSvc: CrudService, itemSvc: CrudService): Promise<void> {
  const tags = ['字典'];
  await crudRoutes(app, dictSvc);
  await crudRoutes(app, itemSvc, ['queryById', 'add', 'edit', 'delete', 'deleteBatch']);
  // The stock client loads items with GET; another caller uses POST with the filters in the body (docs/security.md, "AES payload envelope": its item list is exempt).
  const itemList = { access: LOGIN, oplog: false, noEncrypt: true };
  const itemPage = pageResponse(sysDictItemRow);
  app.get('/sys/dictItem/list', { config: itemList, schema: { tags, summary: '字典项列表（dictId）', querystring: itemListParams, response: { 200: itemPage } } }, async (req) =>
    ok(await dicts.itemPage(req.query), '查询成功'),
  );
  app.post(
    '/sys/dictItem/list',
    { config: itemList, schema: { tags, summary: '字典项列表（dictId，条件在请求体）', querystring: itemListParams, body: itemListParams.optional(), response: { 200: itemPage } } },
    async (req) => ok(await dicts.itemPage({ ...req.query, ...(req.body ?? {}) }), '查询成功'),
  );

  // Delete is logical (stock @TableLogic): the dictionary goes to the recycle bin with its items, where it
  // can be restored (`back/{id}`) or deleted for good (`deletePhysic/{id}`).
  const recycle = { access: perm('system:dict:delete') };
  app.get('/sys/dict/deleteList', { config: recycle, schema: { tags, summary: '字典回收站（已删除的字典）', response: { 200: listResponse(sysDictRow) } } }, async () =>
    ok(await dicts.deleted()),
  );
  app.put('/sys/dict/back/:id', { config: recycle, schema: { tags, summary: '还原字典', params: idParam, response: { 200: message } } }, async (req) => {
    await dicts.restore(req.params.id);
    return ok(null, '操作成功!');
  });
  app.delete('/sys/dict/deletePhysic/:id', { config: recycle, schema: { tags, summary: '彻底删除字典（含字典项）', params: idParam, response: { 200: message } } }, async (req) => {
    await dicts.purge(req.params.id);
    return ok(null, '删除成功!');
  });
  // The item form's value check (stock dictItemCheck): the value must be new within its dictionary.
  app.get(
    '/sys/dictItem/dictItemCheck',
    { config: { access: perm('system:dict:list') }, schema: { tags, summary: '字典项数据值是否可用', querystring: itemCheckQuery, response: { 200: checked } } },
    async (req) => ((await dicts.itemValueTaken(req.query.dictId, req.query.itemValue, req.query.id)) ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！')),
  );
  registerCrudImport(app, dictSvc, { required: 'dictCode' });
  app.delete(
    '/sys/dict/delete',
    { config: { access: { permission: 'system:dict:delete' } }, schema: { tags, summary: '删除字典', querystring: idQuery, response: { 200: message } } },
    async (req) => {
      await dicts.remove([req.query.id], req.user!.username);
      return ok(null, '删除成功!');
    },
  );
  app.delete(
    '/sys/dict/deleteBatch',
    { config: { access: { permission: 'system:dict:delete' } }, schema: { tags, summary: '批量删除字典', querystring: idsQuery, response: { 200: message } } },
    async (req) => {
      await dicts.remove(splitIds(req.query.ids), req.user!.username);
      return ok(null, '批量删除成功!');
    },
  );

  app.get(
    '/sys/dict/loadDict/:dict',
    {
      config: { access: LOGIN, signed: true },
      schema: { tags, summary: '表字典搜索（table,text,code）', params: dictParam, querystring: loadDictQuery, response: { 200: z.union([listResponse(sysDictOption), failure]) } },
    },
    async (req) => {
      const ref = parseTableDict(req.params.dict);
      if (!ref) return fail('字典Code格式不正确！');
      return ok(await dicts.tableItems(ref, req.user, { keyword: req.query.keyword, limit: req.query.pageSize ?? 1000 }));
    },
  );

  app.get(
    '/sys/dict/loadDictItem/:dict',
    {
      config: { access: LOGIN, signed: true },
      schema: { tags, summary: '按值取字典文本', params: dictParam, querystring: loadItemQuery, response: { 200: z.union([envelope(z.array(z.string())), failure]) } },
    },
    async (req) => {
      const { dict } = req.params;
      const keys = req.query.key.split(',').filter(Boolean);
      const delNotExist = req.query.delNotExist !== 'false';
      if (!dict.includes(',')) return ok(await dicts.texts(dict, keys, delNotExist));
      const ref = parseTableDict(dict);
      if (!ref) return fail('字典Code格式不正确！');
      return ok(await dicts.tableTexts(ref, keys, delNotExist, req.user));
    },
  );

  app.get(
    '/sys/dict/loadTreeData',
    { config: { access: LOGIN, signed: true }, schema: { tags, summary: '表字典树', querystring: treeQuery, response: { 200: z.union([listResponse(sysDictTreeNode), failure]) } } },
    async (req) => {
      const q = req.query;
      let condition: Record<string, unknown> | undefined;
      if (q.condition) {
        try {
          const parsed: unknown = JSON.parse(q.condition);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
          condition = parsed as Record<string, unknown>;
        } catch {
          return fail('组件JTreeSelect-condition传值有误，需要一个json字符串!');
        }
      }
      const nodes = await dicts.tableTree(req.user!, { ...q, condition });
      if (!nodes) return fail('字典Code格式不正确！');
      return ok(nodes);
    },
  );
}
