import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { CrudService, crudRoutes, idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import type { PermissionAdminService } from '../permission/permission-admin.service.js';

const fields = {
  roleName: z.string().trim().min(1, { message: '请输入角色名称' }).max(200),
  roleCode: z.string().trim().min(1, { message: '请输入角色编码' }).max(100).regex(/^[A-Za-z0-9_]+$/, { message: '角色编码只允许字母、数字、下划线' }),
  description: z.string().max(255).optional().nullable(),
};

/** Roles: group-wide (roles have no company); only the administrator role holds the write codes. */
export function roleCrud(db: Database, translate: Translator): CrudService {
  return new CrudService(db as never, {
    base: '/sys/role',
    table: 'sysRole',
    tag: '角色',
    perm: 'system:role',
    whitelist: {
      id: 'id',
      roleName: 'roleName',
      roleCode: 'roleCode',
      description: 'description',
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: ['id', 'roleName', 'roleCode', 'description', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'desc' },
    addSchema: z.object(fields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...fields, roleName: fields.roleName.optional(), roleCode: fields.roleCode.optional() }),
    unique: [{ field: 'roleCode', message: '角色编码已存在' }],
    translate,
    only: ['list', 'queryById', 'add', 'edit'],
    exportColumns: [
      { header: '角色名称', key: 'roleName' },
      { header: '角色编码', key: 'roleCode' },
      { header: '描述', key: 'description', width: 30 },
      { header: '创建时间', key: 'createTime', width: 20 },
    ],
  });
}

const checkQuery = z.object({ id: z.string().max(64).optional(), roleCode: z.string().max(100) });
const ruleParams = z.object({ permissionId: z.string().min(1).max(64), roleId: z.string().min(1).max(64) });
const ruleBody = z.object({ permissionId: z.string().min(1).max(64), roleId: z.string().min(1).max(64), dataRuleIds: z.string().max(10000).default('') });

export async function roleRoutes(app: FastifyInstance, crud: CrudService, perms: PermissionAdminService): Promise<void> {
  const db = app.ctx.db;
  const tags = ['角色'];
  await crudRoutes(app, crud);

  const remove = async (ids: string[]) => {
    const roles = await db.selectFrom('sysRole').select(['id', 'roleCode']).where('id', 'in', ids).execute();
    if (roles.length !== ids.length) throw businessError('未找到对应数据');
    if (roles.some((r) => r.roleCode === 'admin')) throw businessError('不允许删除管理员角色');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysUserRole').where('roleId', 'in', ids).execute();
      await trx.deleteFrom('sysRolePermission').where('roleId', 'in', ids).execute();
      await trx.deleteFrom('sysRole').where('id', 'in', ids).execute();
    });
  };
  app.delete('/sys/role/delete', { config: { access: perm('system:role:delete') }, schema: { tags, summary: '删除角色', querystring: idQuery } }, async (req) => {
    await remove([(req.query as z.infer<typeof idQuery>).id]);
    return ok(null, '删除角色成功');
  });
  app.delete('/sys/role/deleteBatch', { config: { access: perm('system:role:delete') }, schema: { tags, summary: '批量删除角色', querystring: idsQuery } }, async (req) => {
    await remove(splitIds((req.query as z.infer<typeof idsQuery>).ids));
    return ok(null, '删除角色成功');
  });

  // The role picker and the user form read every role.
  app.get('/sys/role/queryall', { config: { access: LOGIN }, schema: { tags, summary: '全部角色' } }, async () =>
    ok(await db.selectFrom('sysRole').select(['id', 'roleName', 'roleCode', 'description']).orderBy('createTime').execute()),
  );
  app.get('/sys/role/queryTreeList', { config: { access: perm('system:role:auth') }, schema: { tags, summary: '角色授权菜单树 {treeList, ids}' } }, async () =>
    ok(await perms.authTree()),
  );
  app.get('/sys/role/checkRoleCode', { config: { access: LOGIN }, schema: { tags, summary: '角色编码是否可用', querystring: checkQuery } }, async (req) => {
    const q = req.query as z.infer<typeof checkQuery>;
    let qb = db.selectFrom('sysRole').select('id').where('roleCode', '=', q.roleCode);
    if (q.id) qb = qb.where('id', '<>', q.id);
    return (await qb.executeTakeFirst()) ? fail('角色编码已存在') : ok(null, '该值可用！');
  });

  // Data rules checked on a role's grant of one menu.
  app.get('/sys/role/datarule/:permissionId/:roleId', { config: { access: perm('system:role:auth') }, schema: { tags, summary: '角色的数据规则', params: ruleParams } }, async (req) => {
    const p = req.params as z.infer<typeof ruleParams>;
    const r = await perms.grantDataRules('sysRolePermission', 'roleId', p.roleId, p.permissionId);
    if (r.datarule.length === 0) return fail('未找到权限配置信息');
    return ok(r);
  });
  app.post('/sys/role/datarule', { config: { access: perm('system:role:auth') }, schema: { tags, summary: '保存角色的数据规则', body: ruleBody } }, async (req) => {
    const b = req.body as z.infer<typeof ruleBody>;
    await perms.saveGrantDataRules('sysRolePermission', 'roleId', b.roleId, b.permissionId, splitIds(b.dataRuleIds));
    return ok(null, '保存成功!');
  });
}
