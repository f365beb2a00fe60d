import { envelope, listResponse, messageResponse, sysPermissionAuthTree, sysPermissionDataRuleRow, sysPermissionRow } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import { DATA_RULE_CONDITIONS } from '../../../platform/query/data-rules.js';
import type { PermissionAdminService } from './permission-admin.service.js';

const flag = z.union([z.boolean(), z.number(), z.string()]).transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0));
const menuFields = {
  parentId: z.string().max(32).optional().nullable(),
  name: z.string().trim().min(1, { message: '请输入菜单名称' }).max(255),
  url: z.string().max(255).optional().nullable(),
  component: z.string().max(255).optional().nullable(),
  componentName: z.string().max(100).optional().nullable(),
  redirect: z.string().max(255).optional().nullable(),
  menuType: z.coerce.number().int().min(0).max(2),
  perms: z.string().max(1000).optional().nullable(),
  permsType: z.enum(['1', '2']).optional(),
  sortNo: z.coerce.number().min(-100000).max(100000).optional(),
  alwaysShow: flag.optional(),
  icon: z.string().max(100).optional().nullable(),
  isRoute: flag.optional(),
  /** the stock client's name of is_route */
  route: flag.optional(),
  keepAlive: flag.optional(),
  hidden: flag.optional(),
  hideTab: flag.optional(),
  description: z.string().max(255).optional().nullable(),
  status: z.enum(['0', '1']).optional(),
  internalOrExternal: flag.optional(),
};
const addMenu = z.object(menuFields).superRefine((v, ctx) => {
  if (v.menuType === 2 && !v.perms) ctx.addIssue({ code: 'custom', path: ['perms'], message: '请输入授权标识' });
  if (v.menuType !== 2 && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: '请输入菜单路径' });
});
const editMenu = z.object({ id: z.string().min(1).max(64), ...menuFields, name: menuFields.name.optional(), menuType: menuFields.menuType.optional() });

const ruleFields = {
  permissionId: z.string().min(1).max(64),
  ruleName: z.string().trim().min(1, { message: '请输入规则名称' }).max(50),
  ruleColumn: z.string().trim().min(1, { message: '请输入规则字段' }).max(50).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: '规则字段只允许字母、数字、下划线' }),
  // USE_SQL_RULES (a raw SQL fragment) is refused: rule values are always bound.
  ruleConditions: z.enum(DATA_RULE_CONDITIONS, { error: '不支持的规则条件' }),
  ruleValue: z.string().max(300).default(''),
  status: z.enum(['0', '1']).default('1'),
};
const addRule = z.object(ruleFields);
const editRule = z.object({ id: z.string().min(1).max(64), ...ruleFields, permissionId: ruleFields.permissionId.optional(), ruleName: ruleFields.ruleName.optional(), ruleColumn: ruleFields.ruleColumn.optional(), ruleConditions: ruleFields.ruleConditions.optional(), ruleValue: z.string().max(300).optional(), status: z.enum(['0', '1']).optional() });

const listQuery = z.object({ name: z.string().max(100).optional() });
const parentQuery = z.object({ parentId: z.string().min(1).max(64) });
const parentsQuery = z.object({ parentIds: z.string().min(1).max(20000) });
const permIdQuery = z.object({ permissionId: z.string().min(1).max(64) });
const ruleQuery = z.object({ permissionId: z.string().min(1).max(64), ruleName: z.string().max(50).optional(), ruleColumn: z.string().max(50).optional(), ruleValue: z.string().max(300).optional() });
const roleQuery = z.object({ roleId: z.string().min(1).max(64) });
const departQuery = z.object({ departId: z.string().min(1).max(64) });
const saveRole = z.object({ roleId: z.string().min(1).max(64), permissionIds: z.string().max(100000).default(''), lastpermissionIds: z.string().max(100000).optional() });
const saveDepart = z.object({ departId: z.string().min(1).max(64), permissionIds: z.string().max(100000).default(''), lastpermissionIds: z.string().max(100000).optional() });

const rows = listResponse(sysPermissionRow);
const byParent = envelope(z.record(z.string(), z.array(sysPermissionRow)));
const authTree = envelope(sysPermissionAuthTree);
const rules = listResponse(sysPermissionDataRuleRow);
const ids = envelope(z.array(z.string()));
const message = messageResponse;

export async function permissionAdminRoutes(app: Api, svc: PermissionAdminService): Promise<void> {
  const tags = ['菜单权限'];
  const view = { access: perm('system:permission:list') };

  app.get('/sys/permission/list', { config: view, schema: { tags, summary: '菜单树', querystring: listQuery, response: { 200: rows } } }, async (req) =>
    ok(await svc.list(req.query.name), '查询成功'),
  );
  app.get('/sys/permission/getSystemMenuList', { config: view, schema: { tags, summary: '一级菜单', response: { 200: rows } } }, async () => ok(await svc.systemMenuList()));
  app.get('/sys/permission/getSystemSubmenu', { config: view, schema: { tags, summary: '子菜单', querystring: parentQuery, response: { 200: rows } } }, async (req) => {
    const { parentId } = req.query;
    return ok((await svc.submenu([parentId]))[parentId]);
  });
  app.get('/sys/permission/getSystemSubmenuBatch', { config: view, schema: { tags, summary: '批量子菜单', querystring: parentsQuery, response: { 200: byParent } } }, async (req) =>
    ok(await svc.submenu(splitIds(req.query.parentIds))),
  );
  app.get(
    '/sys/permission/queryTreeList',
    { config: { access: perm('system:role:auth') }, schema: { tags, summary: '授权用菜单树 {treeList, ids}', response: { 200: authTree } } },
    async () => ok(await svc.authTree()),
  );

  app.post('/sys/permission/add', { config: { access: perm('system:permission:add') }, schema: { tags, summary: '添加菜单', body: addMenu, response: { 200: message } } }, async (req) => {
    await svc.add(req.user!, req.body);
    return ok(null, '添加成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { access: perm('system:permission:edit') },
    schema: { tags, summary: '编辑菜单', body: editMenu, response: { 200: message } },
    handler: async (req) => {
      await svc.edit(req.user!, req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/permission/delete', { config: { access: perm('system:permission:delete') }, schema: { tags, summary: '删除菜单', querystring: idQuery, response: { 200: message } } }, async (req) => {
    await svc.remove([req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/sys/permission/deleteBatch', { config: { access: perm('system:permission:delete') }, schema: { tags, summary: '批量删除菜单', querystring: idsQuery, response: { 200: message } } }, async (req) => {
    await svc.remove(splitIds(req.query.ids));
    return ok(null, '批量删除成功!');
  });

  // Data rules of a menu.
  app.get('/sys/permission/getPermRuleListByPermId', { config: view, schema: { tags, summary: '菜单的数据规则', querystring: permIdQuery, response: { 200: rules } } }, async (req) =>
    ok(await svc.rules(req.query.permissionId)),
  );
  app.get('/sys/permission/queryPermissionRule', { config: view, schema: { tags, summary: '查询数据规则', querystring: ruleQuery, response: { 200: rules } } }, async (req) => {
    const q = req.query;
    return ok(await svc.rules(q.permissionId, q));
  });
  app.post('/sys/permission/addPermissionRule', { config: { access: perm('system:permission:datarule') }, schema: { tags, summary: '添加数据规则', body: addRule, response: { 200: message } } }, async (req) => {
    await svc.addRule(req.user!, req.body);
    return ok(null, '添加成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: { access: perm('system:permission:datarule') },
    schema: { tags, summary: '编辑数据规则', body: editRule, response: { 200: message } },
    handler: async (req) => {
      await svc.editRule(req.user!, req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/permission/deletePermissionRule', { config: { access: perm('system:permission:datarule') }, schema: { tags, summary: '删除数据规则', querystring: idQuery, response: { 200: message } } }, async (req) => {
    await svc.deleteRule(req.query.id);
    return ok(null, '删除成功!');
  });

  // Role grants.
  app.get('/sys/permission/queryRolePermission', { config: { access: perm('system:role:auth') }, schema: { tags, summary: '角色已授权的菜单', querystring: roleQuery, response: { 200: ids } } }, async (req) =>
    ok(await svc.grantedIds('sysRolePermission', 'roleId', req.query.roleId)),
  );
  app.post('/sys/permission/saveRolePermission', { config: { access: perm('system:role:auth') }, schema: { tags, summary: '保存角色授权', body: saveRole, response: { 200: message } } }, async (req) => {
    const b = req.body;
    await svc.saveRoleGrants(b.roleId, splitIdsAll(b.permissionIds), req.ip);
    return ok(null, '保存成功！');
  });

  // Department grants (the ceiling of what department roles may be given).
  app.get('/sys/permission/queryDepartPermission', { config: { access: perm('system:depart:auth') }, schema: { tags, summary: '部门已授权的菜单', querystring: departQuery, response: { 200: ids } } }, async (req) =>
    ok(await svc.grantedIds('sysDepartPermission', 'departId', req.query.departId)),
  );
  app.post('/sys/permission/saveDepartPermission', { config: { access: perm('system:depart:auth') }, schema: { tags, summary: '保存部门授权', body: saveDepart, response: { 200: message } } }, async (req) => {
    const b = req.body;
    await svc.saveDepartGrants(req.user!, b.departId, splitIdsAll(b.permissionIds), req.ip);
    return ok(null, '保存成功！');
  });
}

/** Every id of a comma list (grants can exceed the 1000 of a batch delete). */
function splitIdsAll(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}
