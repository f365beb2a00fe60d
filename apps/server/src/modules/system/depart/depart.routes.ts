import {
  envelope,
  failure,
  listResponse,
  messageResponse,
  pageResponse,
  sysDepartIdNode,
  sysDepartRoleRow,
  sysDepartRoleUser,
  sysDepartRoleUserLink,
  sysDepartRow,
  sysDepartTreeNode,
  sysGrantDataRules,
  sysPermissionAuthTree,
} from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { PermissionAdminService } from '../permission/permission-admin.service.js';
import { DepartGrantService } from './depart-grant.service.js';
import type { DepartService } from './depart.service.js';

const fields = {
  parentId: z.string().max(32).optional().nullable(),
  departName: z.string().trim().min(1, { message: '请输入机构名称' }).max(100),
  departNameEn: z.string().max(500).optional().nullable(),
  departNameAbbr: z.string().max(500).optional().nullable(),
  departOrder: z.coerce.number().int().min(0).max(100000).optional(),
  description: z.string().max(500).optional().nullable(),
  orgCategory: z.enum(['1', '2', '3']).optional(),
  mobile: z.string().max(32).optional().nullable(),
  fax: z.string().max(32).optional().nullable(),
  address: z.string().max(100).optional().nullable(),
  memo: z.string().max(500).optional().nullable(),
  status: z.enum(['0', '1']).optional(),
};
const addBody = z.object(fields);
const editBody = z.object({ id: z.string().min(1).max(64), ...fields, departName: fields.departName.optional() });
const treeQuery = z.object({ ids: z.string().max(20000).optional(), id: z.string().max(64).optional() });
const syncQuery = z.object({ pid: z.string().max(64).optional() });
const searchQuery = z.object({ keyWord: z.string().max(100).default(''), myDeptSearch: z.string().max(10).optional() });
/** `sysDepart/list` and its export: paging and sorting; any other key is a column filter of the list query builder. */
export const departListQuery = z.looseObject({ pageNo: z.string().max(20).optional(), pageSize: z.string().max(20).optional(), column: z.string().max(64).optional(), order: z.string().max(10).optional() });
const departIdQuery = z.object({ deptId: z.string().max(64).optional(), departId: z.string().max(64).optional() });
const roleFields = {
  departId: z.string().min(1).max(64),
  roleName: z.string().trim().min(1, { message: '请输入部门角色名称' }).max(200),
  roleCode: z.string().trim().min(1, { message: '请输入部门角色编码' }).max(100).regex(/^[A-Za-z0-9_]+$/, { message: '编码只允许字母、数字、下划线' }),
  description: z.string().max(255).optional().nullable(),
};
const userRoleQuery = z.object({ departId: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
const userRoleBody = z.object({ userId: z.string().min(1).max(64), newRoleId: z.string().max(10000).default(''), oldRoleId: z.string().max(10000).default('') });
const roleIdQuery = z.object({ roleId: z.string().min(1).max(64) });
const saveRolePerm = z.object({ roleId: z.string().min(1).max(64), permissionIds: z.string().max(100000).default(''), lastpermissionIds: z.string().max(100000).optional() });
const roleRuleParams = z.object({ permissionId: z.string().min(1).max(64), departId: z.string().min(1).max(64), roleId: z.string().min(1).max(64) });
const roleRuleBody = z.object({ permissionId: z.string().min(1).max(64), roleId: z.string().min(1).max(64), dataRuleIds: z.string().max(10000).default('') });
const departRuleParams = z.object({ permissionId: z.string().min(1).max(64), departId: z.string().min(1).max(64) });
const departRuleBody = z.object({
  permissionId: z.string().min(1).max(64),
  departId: z.string().min(1).max(64),
  dataRuleIds: z.string().max(10000).default(''),
});

const all = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);

export async function departRoutes(app: Api, departs: DepartService, perms: PermissionAdminService): Promise<void> {
  const tags = ['部门'];
  // Department trees feed pickers on many screens: any signed-in user reads their company's tree.
  app.get('/sys/sysDepart/queryTreeList', { config: { access: LOGIN }, schema: { response: { 200: listResponse(sysDepartTreeNode) }, tags, summary: '部门树', querystring: treeQuery } }, async (req) => {
    const q = req.query;
    const ids = q.ids ? splitIds(q.ids) : q.id ? [q.id] : undefined;
    return ok(await departs.tree(req.user!, ids));
  });
  app.get('/sys/sysDepart/queryDepartTreeSync', { config: { access: LOGIN }, schema: { response: { 200: listResponse(sysDepartTreeNode) }, tags, summary: '部门树（逐级加载）', querystring: syncQuery } }, async (req) =>
    ok(await departs.children(req.user!, req.query.pid)),
  );
  app.get('/sys/sysDepart/queryIdTree', { config: { access: LOGIN }, schema: { response: { 200: listResponse(sysDepartIdNode) }, tags, summary: '部门id树' } }, async (req) => ok(await departs.idTree(req.user!)));
  app.get('/sys/sysDepart/searchBy', { config: { access: LOGIN }, schema: { response: { 200: listResponse(sysDepartTreeNode) }, tags, summary: '按名称搜索部门', querystring: searchQuery } }, async (req) => {
    const q = req.query;
    const rows = await departs.search(req.user!, q.keyWord, q.myDeptSearch === '1' || q.myDeptSearch === 'true');
    return rows.length ? ok(rows) : ok([], '未查询匹配数据！');
  });
  app.get('/sys/sysDepart/queryMyDeptTreeList', { config: { access: LOGIN }, schema: { response: { 200: listResponse(sysDepartTreeNode) }, tags, summary: '我负责的部门树' } }, async (req) =>
    ok(await departs.myDeptTree(req.user!)),
  );
  app.get('/sys/sysDepart/list', { config: { access: LOGIN }, schema: { querystring: departListQuery, response: { 200: pageResponse(sysDepartRow) }, tags, summary: '部门分页列表（本公司）' } }, async (req) =>
    ok(await departs.page(req.user!, req.query), '查询成功'),
  );
  app.get('/sys/sysDepart/queryById', { config: { access: LOGIN }, schema: { response: { 200: envelope(sysDepartRow) }, tags, summary: '部门详情', querystring: idQuery } }, async (req) =>
    ok(await departs.get(req.user!, req.query.id)),
  );

  app.post('/sys/sysDepart/add', { config: { access: perm('system:depart:add') }, schema: { response: { 200: envelope(sysDepartRow) }, tags, summary: '添加部门（机构编码自动生成）', body: addBody } }, async (req) =>
    ok(await departs.add(req.user!, req.body), '添加成功！'),
  );
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: { access: perm('system:depart:edit') },
    schema: { response: { 200: messageResponse }, tags, summary: '编辑部门', body: editBody },
    handler: async (req) => {
      const b = req.body;
      await departs.edit(req.user!, b.id, b);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/sysDepart/delete', { config: { access: perm('system:depart:delete') }, schema: { response: { 200: messageResponse }, tags, summary: '删除部门', querystring: idQuery } }, async (req) => {
    await departs.remove(req.user!, [req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/sys/sysDepart/deleteBatch', { config: { access: perm('system:depart:delete') }, schema: { response: { 200: messageResponse }, tags, summary: '批量删除部门', querystring: idsQuery } }, async (req) => {
    await departs.remove(req.user!, splitIds(req.query.ids));
    return ok(null, '删除成功!');
  });

  // Department roles.
  const rtags = ['部门角色'];
  const roleAccess = { access: perm('system:depart:role') };
  app.get('/sys/sysDepartRole/list', { config: roleAccess, schema: { response: { 200: pageResponse(sysDepartRoleRow) }, tags: rtags, summary: '部门角色列表', querystring: departIdQuery } }, async (req) => {
    const q = req.query;
    const id = q.deptId ?? q.departId;
    if (!id) throw businessError('请选择部门');
    const rows = await departs.roles(req.user!, id);
    return ok({ records: rows, total: rows.length, size: rows.length, current: 1, pages: 1 });
  });
  app.get('/sys/sysDepartRole/getDeptRoleList', { config: roleAccess, schema: { response: { 200: listResponse(sysDepartRoleRow) }, tags: rtags, summary: '部门的角色', querystring: departIdQuery } }, async (req) => {
    const q = req.query;
    const id = q.departId ?? q.deptId;
    if (!id) throw businessError('请选择部门');
    return ok(await departs.roles(req.user!, id));
  });
  app.post('/sys/sysDepartRole/add', { config: roleAccess, schema: { response: { 200: messageResponse }, tags: rtags, summary: '添加部门角色', body: z.object(roleFields) } }, async (req) => {
    await departs.addRole(req.user!, req.body);
    return ok(null, '添加成功！');
  });
  const editRole = z.object({ id: z.string().min(1).max(64), roleName: roleFields.roleName.optional(), roleCode: roleFields.roleCode.optional(), description: roleFields.description });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: roleAccess,
    schema: { response: { 200: messageResponse }, tags: rtags, summary: '编辑部门角色', body: editRole },
    handler: async (req) => {
      await departs.editRole(req.user!, req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/sysDepartRole/delete', { config: roleAccess, schema: { response: { 200: messageResponse }, tags: rtags, summary: '删除部门角色', querystring: idQuery } }, async (req) => {
    await departs.removeRoles(req.user!, [req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/sys/sysDepartRole/deleteBatch', { config: roleAccess, schema: { response: { 200: messageResponse }, tags: rtags, summary: '批量删除部门角色', querystring: idsQuery } }, async (req) => {
    await departs.removeRoles(req.user!, splitIds(req.query.ids));
    return ok(null, '批量删除成功!');
  });
  app.get('/sys/sysDepartRole/getDeptRoleByUserId', { config: roleAccess, schema: { response: { 200: listResponse(sysDepartRoleUserLink) }, tags: rtags, summary: '用户在部门内的角色', querystring: userRoleQuery } }, async (req) => {
    const q = req.query;
    return ok(await departs.userRoles(req.user!, q.departId, q.userId));
  });
  app.post('/sys/sysDepartRole/deptRoleUserAdd', { config: roleAccess, schema: { response: { 200: messageResponse }, tags: rtags, summary: '设置用户的部门角色', body: userRoleBody } }, async (req) => {
    const b = req.body;
    await departs.setUserRoles(req.user!, b.userId, all(b.newRoleId), all(b.oldRoleId));
    return ok(null, '添加成功!');
  });
  app.get('/sys/sysDepartRole/roleUsers', { config: roleAccess, schema: { response: { 200: listResponse(sysDepartRoleUser) }, tags: rtags, summary: '部门角色的用户', querystring: roleIdQuery } }, async (req) =>
    ok(await departs.roleUsers(req.user!, req.query.roleId)),
  );

  // Department-role grants, limited to what the department itself was granted.
  const grants = new DepartGrantService(departs, perms);
  const ptags = ['部门权限'];
  app.get('/sys/sysDepartPermission/queryTreeListForDeptRole', { config: roleAccess, schema: { response: { 200: envelope(sysPermissionAuthTree) }, tags: ptags, summary: '部门角色授权树', querystring: departIdQuery } }, async (req) => {
    const id = req.query.departId ?? req.query.deptId;
    if (!id) throw businessError('请选择部门');
    return ok(await grants.authTree(req.user!, id));
  });
  app.get('/sys/sysDepartPermission/queryDeptRolePermission', { config: roleAccess, schema: { response: { 200: listResponse(z.string()) }, tags: ptags, summary: '部门角色已授权的菜单', querystring: roleIdQuery } }, async (req) =>
    ok(await grants.rolePermissionIds(req.user!, req.query.roleId)),
  );
  app.post('/sys/sysDepartPermission/saveDeptRolePermission', { config: roleAccess, schema: { response: { 200: messageResponse }, tags: ptags, summary: '保存部门角色授权', body: saveRolePerm } }, async (req) => {
    await grants.saveRolePermissions(req.user!, req.body.roleId, all(req.body.permissionIds), req.ip);
    return ok(null, '保存成功！');
  });
  app.get('/sys/sysDepartPermission/datarule/:permissionId/:departId/:roleId', { config: roleAccess, schema: { response: { 200: envelope(sysGrantDataRules) }, tags: ptags, summary: '部门角色的数据规则', params: roleRuleParams } }, async (req) =>
    ok(await grants.roleDataRules(req.user!, req.params.permissionId, req.params.roleId)),
  );
  app.post('/sys/sysDepartPermission/datarule', { config: { access: perm('system:depart:auth') }, schema: { response: { 200: messageResponse }, tags: ptags, summary: '保存部门的数据规则 {permissionId, departId, dataRuleIds}', body: departRuleBody } }, async (req) => {
    await grants.saveDepartDataRules(req.user!, req.body.permissionId, req.body.departId, splitIds(req.body.dataRuleIds));
    return ok(null, '保存成功!');
  });
  // A department's own data rules on one menu (the ceiling of its roles' rules).
  app.get('/sys/sysDepartPermission/datarule/:permissionId/:departId', { config: { access: perm('system:depart:auth') }, schema: { response: { 200: z.union([envelope(sysGrantDataRules), failure]) }, tags: ptags, summary: '部门的数据规则 {datarule, drChecked}', params: departRuleParams } }, async (req) => {
    const r = await grants.departDataRules(req.user!, req.params.permissionId, req.params.departId);
    return r.datarule.length === 0 ? fail('未找到权限配置信息') : ok(r);
  });

  // Department-role data rules (stock SysDepartRoleController): only the rules the department has checked.
  app.get('/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId', { config: roleAccess, schema: { response: { 200: z.union([envelope(sysGrantDataRules), failure]) }, tags: rtags, summary: '部门角色的数据规则 {datarule, drChecked}', params: roleRuleParams } }, async (req) => {
    const r = await grants.roleDataRules(req.user!, req.params.permissionId, req.params.roleId, req.params.departId);
    return r.datarule.length === 0 ? fail('未找到权限配置信息') : ok(r);
  });
  app.post('/sys/sysDepartRole/datarule', { config: roleAccess, schema: { response: { 200: messageResponse }, tags: rtags, summary: '保存部门角色的数据规则 {permissionId, roleId, dataRuleIds}', body: roleRuleBody } }, async (req) => {
    await grants.saveRoleDataRules(req.user!, req.body.permissionId, req.body.roleId, splitIds(req.body.dataRuleIds));
    return ok(null, '保存成功!');
  });
}
