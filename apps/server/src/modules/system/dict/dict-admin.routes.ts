import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import { now } from '../../../platform/db/time.js';
import { registerCrudImport } from '../../../platform/excel/import-route.js';
import type { Database } from '../../../platform/db/database.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { CrudService, crudRoutes, idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import type { DictService } from './dict.service.js';
import { parseTableDict, tableDictItems, tableDictTexts, tableTreeData } from './table-dict.js';

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
  return new CrudService(db as never, {
    base: '/sys/dict',
    table: 'sysDict',
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
  return new CrudService(db as never, {
    base: '/sys/dictItem',
    table: 'sysDictItem',
    tag: '字典项',
    perm: 'system:dict',
    whitelist: {
      id: 'id',
      dictId: 'dictId',
      itemText: 'itemText',
      itemValue: 'itemValue',
      description: 'description',
      sortOrder: { column: 'sortOrder', type: 'number' },
      status: { column: 'status', type: 'number' },
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: ['id', 'dictId', 'itemText', 'itemValue', 'description', 'sortOrder', 'status', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'sortOrder', order: 'asc' },
    dictFields: { status: 'valid_status' },
    addSchema: z.object(itemFields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...itemFields, dictId: itemFields.dictId.optional(), itemText: itemFields.itemText.optional(), itemValue: itemFields.itemValue.optional() }),
    prepare: async (data, _user, existing) => {
      const dictId = (data.dictId ?? existing?.dictId) as string;
      const dict = await db.selectFrom('sysDict').select('id').where('id', '=', dictId).where('delFlag', '=', 0).executeTakeFirst();
      if (!dict) throw businessError('字典不存在');
      if (data.itemValue !== undefined) {
        let q = db.selectFrom('sysDictItem').select('id').where('dictId', '=', dictId).where('itemValue', '=', String(data.itemValue));
        if (existing) q = q.where('id', '<>', String(existing.id));
        if (await q.executeTakeFirst()) throw businessError('该字典中数据值已存在');
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
const loadItemQuery = z.object({ key: z.string().max(10000).default(''), delNotExist: z.string().optional() });
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

export async function dictAdminRoutes(
  app: FastifyInstance,
  dicts: DictService,
  dictSvc: CrudService,
  itemSvc: CrudService,
): Promise<void> {
  const db = app.ctx.db;
  const tags = ['字典'];
  await crudRoutes(app, dictSvc);
  await crudRoutes(app, itemSvc, ['queryById', 'add', 'edit', 'delete', 'deleteBatch']);
  // The stock client loads items with GET; another caller uses POST (SPEC §7): accept both.
  app.route({
    method: ['GET', 'POST'],
    url: '/sys/dictItem/list',
    config: { access: LOGIN, oplog: false, noEncrypt: true },
    schema: { tags, summary: '字典项列表（dictId）' },
    handler: async (req) => {
      const params = { ...((req.query as Record<string, unknown>) ?? {}), ...((req.body as Record<string, unknown>) ?? {}) };
      return ok(await itemSvc.list(req.user!, params), '查询成功');
    },
  });

  // Delete is logical (stock @TableLogic): the dictionary goes to the recycle bin with its items, where it
  // can be restored (`back/{id}`) or deleted for good (`deletePhysic/{id}`).
  const removeDicts = async (ids: string[], username: string) => {
    if (ids.length === 0) throw businessError('未找到对应数据');
    const r = await db.updateTable('sysDict').set({ delFlag: 1, updateBy: username, updateTime: now() }).where('id', 'in', ids).where('delFlag', '=', 0).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw businessError('未找到对应数据');
    dicts.refresh();
  };
  const deletedDict = async (id: string) => {
    const d = await db.selectFrom('sysDict').select('id').where('id', '=', id).where('delFlag', '=', 1).executeTakeFirst();
    if (!d) throw businessError('未找到对应数据');
  };
  const recycle = { access: perm('system:dict:delete') };
  app.get('/sys/dict/deleteList', { config: recycle, schema: { tags, summary: '字典回收站（已删除的字典）' } }, async () =>
    ok(
      await db
        .selectFrom('sysDict')
        .select(['id', 'dictName', 'dictCode', 'description', 'type', 'delFlag', 'createBy', 'createTime', 'updateBy', 'updateTime'])
        .where('delFlag', '=', 1)
        .orderBy('updateTime', 'desc')
        .orderBy('id', 'desc')
        .limit(2000)
        .execute(),
    ),
  );
  app.put('/sys/dict/back/:id', { config: recycle, schema: { tags, summary: '还原字典', params: idParam } }, async (req) => {
    const { id } = req.params as z.infer<typeof idParam>;
    await deletedDict(id);
    await db.updateTable('sysDict').set({ delFlag: 0, updateTime: now() }).where('id', '=', id).execute();
    dicts.refresh();
    return ok(null, '操作成功!');
  });
  app.delete('/sys/dict/deletePhysic/:id', { config: recycle, schema: { tags, summary: '彻底删除字典（含字典项）', params: idParam } }, async (req) => {
    const { id } = req.params as z.infer<typeof idParam>;
    await deletedDict(id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysDictItem').where('dictId', '=', id).execute();
      await trx.deleteFrom('sysDict').where('id', '=', id).where('delFlag', '=', 1).execute();
    });
    dicts.refresh();
    return ok(null, '删除成功!');
  });
  // The item form's value check (stock dictItemCheck): the value must be new within its dictionary.
  app.get('/sys/dictItem/dictItemCheck', { config: { access: perm('system:dict:list') }, schema: { tags, summary: '字典项数据值是否可用', querystring: itemCheckQuery } }, async (req) => {
    const q = req.query as z.infer<typeof itemCheckQuery>;
    let qb = db.selectFrom('sysDictItem').select('id').where('dictId', '=', q.dictId).where('itemValue', '=', q.itemValue);
    if (q.id) qb = qb.where('id', '<>', q.id);
    return (await qb.executeTakeFirst()) ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！');
  });
  registerCrudImport(app, dictSvc, { required: 'dictCode' });
  app.delete(
    '/sys/dict/delete',
    { config: { access: { permission: 'system:dict:delete' } }, schema: { tags, summary: '删除字典', querystring: idQuery } },
    async (req) => {
      await removeDicts([(req.query as z.infer<typeof idQuery>).id], req.user!.username);
      return ok(null, '删除成功!');
    },
  );
  app.delete(
    '/sys/dict/deleteBatch',
    { config: { access: { permission: 'system:dict:delete' } }, schema: { tags, summary: '批量删除字典', querystring: idsQuery } },
    async (req) => {
      await removeDicts(splitIds((req.query as z.infer<typeof idsQuery>).ids), req.user!.username);
      return ok(null, '批量删除成功!');
    },
  );

  app.get(
    '/sys/dict/loadDict/:dict',
    { config: { access: LOGIN, signed: true }, schema: { tags, summary: '表字典搜索（table,text,code）', params: dictParam, querystring: loadDictQuery } },
    async (req) => {
      const ref = parseTableDict((req.params as z.infer<typeof dictParam>).dict);
      if (!ref) return fail('字典Code格式不正确！');
      const q = req.query as z.infer<typeof loadDictQuery>;
      return ok(await tableDictItems(db, ref, req.user, { keyword: q.keyword, limit: q.pageSize ?? 1000 }));
    },
  );

  app.get(
    '/sys/dict/loadDictItem/:dict',
    { config: { access: LOGIN, signed: true }, schema: { tags, summary: '按值取字典文本', params: dictParam, querystring: loadItemQuery } },
    async (req) => {
      const { dict } = req.params as z.infer<typeof dictParam>;
      const q = req.query as z.infer<typeof loadItemQuery>;
      const keys = q.key.split(',').filter(Boolean);
      const delNotExist = q.delNotExist !== 'false';
      if (!dict.includes(',')) {
        const items = (await dicts.items(dict)) ?? [];
        const out: string[] = [];
        for (const k of keys) {
          const hit = items.find((i) => i.value === k);
          if (hit) out.push(hit.text);
          else if (!delNotExist) out.push(k);
        }
        return ok(out);
      }
      const ref = parseTableDict(dict);
      if (!ref) return fail('字典Code格式不正确！');
      return ok(await tableDictTexts(db, ref, keys, delNotExist, req.user));
    },
  );

  app.get(
    '/sys/dict/loadTreeData',
    { config: { access: LOGIN, signed: true }, schema: { tags, summary: '表字典树', querystring: treeQuery } },
    async (req) => {
      const q = req.query as z.infer<typeof treeQuery>;
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
      const nodes = await tableTreeData(db, req.user!, { ...q, condition });
      if (!nodes) return fail('字典Code格式不正确！');
      return ok(nodes);
    },
  );
}
