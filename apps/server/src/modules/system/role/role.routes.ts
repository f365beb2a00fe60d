import { envelope, failure, listResponse, messageResponse, sysGrantDataRules, sysPermissionAuthTree, sysRoleRow } from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { CrudService, crudRoutes, idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import type { PermissionAdminService } from '../permission/permission-admin.service.js';
import type { RoleService } from './role.service.js';

const fields = {
  roleName: z.string().trim().min(1, { message: '请输入角色名称' }).max(200),
  roleCode: z.string().trim().min(1, { message: '请输入角色编码' }).max(100).regex(/^[A-Za-z0-9_]+$/, { message: '角色编码只允许字母、数字、下划线' }),
  description: z.string().max(255).optional().nullable(),
};

/** Roles: group-wide (roles have no company); only the administrator role holds the write codes. */
export function roleCrud(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/sys/role',
    table: 'sysRole',
    row: sysRoleRow,
    changeLog: { type: 'sys_role', name: 'roleCode' },
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

export async function roleRoutes(app: Api, crud: CrudService, roles: RoleService, perms: PermissionAdminService): Promise<void> {
  const tags = ['角色'];
  await crudRoutes(app, crud);

  app.delete(
    '/sys/role/delete',
    { config: { access: perm('system:role:delete') }, schema: { tags, summary: '删除角色', querystring: idQuery, response: { 200: messageResponse } } },
    async (req) => {
      await roles.remove([req.query.id]);
      return ok(null, '删除角色成功');
    },
  );
  app.delete(
    '/sys/role/deleteBatch',
    { config: { access: perm('system:role:delete') }, schema: { tags, summary: '批量删除角色', querystring: idsQuery, response: { 200: messageResponse } } },
    async (req) => {
      await roles.remove(splitIds(req.query.ids));
      return ok(null, '删除角色成功');
    },
  );

  // The role picker and the user form read every role.
  app.get('/sys/role/queryall', { config: { access: LOGIN }, schema: { tags, summary: '全部角色', response: { 200: listResponse(sysRoleRow) } } }, async () =>
    ok(await roles.all()),
  );
  app.get(
    '/sys/role/queryTreeList',
    { config: { access: perm('system:role:auth') }, schema: { tags, summary: '角色授权菜单树 {treeList, ids}', response: { 200: envelope(sysPermissionAuthTree) } } },
    async () => ok(await perms.authTree()),
  );
  app.get(
    '/sys/role/checkRoleCode',
    { config: { access: LOGIN }, schema: { tags, summary: '角色编码是否可用', querystring: checkQuery, response: { 200: z.union([messageResponse, failure]) } } },
    async (req) => ((await roles.codeTaken(req.query.roleCode, req.query.id)) ? fail('角色编码已存在') : ok(null, '该值可用！')),
  );

  // Data rules checked on a role's grant of one menu.
  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    { config: { access: perm('system:role:auth') }, schema: { tags, summary: '角色的数据规则', params: ruleParams, response: { 200: z.union([envelope(sysGrantDataRules), failure]) } } },
    async (req) => {
      const p = req.params;
      const r = await perms.grantDataRules('sysRolePermission', 'roleId', p.roleId, p.permissionId);
      if (r.datarule.length === 0) return fail('未找到权限配置信息');
      return ok(r);
    },
  );
  app.post(
    '/sys/role/datarule',
    { config: { access: perm('system:role:auth') }, schema: { tags, summary: '保存角色的数据规则', body: ruleBody, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await perms.saveGrantDataRules('sysRolePermission', 'roleId', b.roleId, b.permissionId, splitIds(b.dataRuleIds));
      return ok(null, '保存成功!');
    },
  );
}
