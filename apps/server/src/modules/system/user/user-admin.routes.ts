import { binaryResponse, envelope, failure, listResponse, messageResponse, pageResponse, sysUserDepartOption, sysUserPickRow, sysUserRow, zx } from '@go/contract';
import { z } from 'zod';
import { LOGIN, PUBLIC, perm } from '../../../platform/access/access.js';
import { attachmentHeader, XLSX_MIME } from '../../../platform/excel/excel.js';
import { registerImport } from '../../../platform/excel/import-route.js';
import { newId } from '../../../platform/db/ids.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { UserAdminService } from './user-admin.service.js';

const optionalText = (max: number) => z.string().max(max).optional().nullable();
const fields = {
  realname: z.string().trim().min(1, { message: '请输入用户名称!' }).max(100),
  avatar: optionalText(255),
  birthday: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, { message: '生日格式应为yyyy-MM-dd' }).optional().nullable(),
  sex: z.coerce.number().int().min(1).max(2).optional().nullable(),
  email: zx.email(),
  phone: zx.mobileOptional(),
  workNo: optionalText(100),
  post: optionalText(100),
  telephone: zx.landline(),
  userIdentity: z.coerce.number().int().min(1).max(2).optional().nullable(),
  departIds: optionalText(1000),
  relTenantIds: optionalText(100),
  status: z.coerce.number().int().min(1).max(2).optional(),
  selectedroles: z.string().max(5000).optional(),
  selecteddeparts: z.string().max(5000).optional(),
};
const password = z.string().min(6, { message: '密码至少6位' }).max(64);
const addBody = z
  .object({ username: zx.userName(), password, confirmpassword: z.string().max(64).optional(), ...fields })
  .refine((b) => b.confirmpassword === undefined || b.confirmpassword === b.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });
const editBody = z.object({ id: z.string().min(1).max(64), username: z.string().max(100).optional(), ...fields, realname: fields.realname.optional() });
const checkQuery = z.object({ username: z.string().max(100).optional(), phone: z.string().max(30).optional(), email: z.string().max(100).optional(), id: z.string().max(64).optional() });
const userIdQuery = z.object({ userid: z.string().max(64).optional(), userId: z.string().max(64).optional() });
const resetBody = z
  .object({ username: z.string().min(1).max(100), password, confirmpassword: z.string().max(64).optional() })
  .refine((b) => b.confirmpassword === undefined || b.confirmpassword === b.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });
const byIdsQuery = z.object({ userIds: z.string().min(1).max(20000) });
const departListQuery = z.object({ userId: z.string().min(1).max(64) });
const recycleBody = z.object({ userIds: z.string().min(1).max(20000) });
const recycleQuery = z.object({ userIds: z.string().min(1).max(20000) });
const multiQuery = z.object({ username: z.string().max(20000).optional(), id: z.string().max(20000).optional(), ids: z.string().max(20000).optional() });
const opt = (max: number) => z.string().max(max).optional();
/**
 * The user lists' query: paging, sorting, the department and role filters, the export's selected ids; any
 * other key is a column filter of the list query builder (its whitelist decides).
 */
const listQuery = z.looseObject({
  pageNo: opt(20),
  pageSize: opt(20),
  column: opt(64),
  order: opt(10),
  departId: opt(64),
  deptId: opt(64),
  roleId: opt(64),
  selections: opt(200000),
});
/** `activeOnly`: only accounts that can act (active, not deleted) — the pickers of delegation, 转办 and 加签 */
const pickerQuery = listQuery.extend({ isAll: opt(10), allDepart: opt(10), forceA01: opt(10), onlyA01: opt(10), activeOnly: opt(10) });

export async function userAdminRoutes(app: Api, users: UserAdminService): Promise<void> {
  const tags = ['用户'];
  app.get('/sys/user/list', { config: { access: perm('system:user:list') }, schema: { querystring: listQuery, response: { 200: pageResponse(sysUserRow) }, tags, summary: '用户列表（departId, roleId 过滤）' } }, async (req) =>
    ok(await users.list(req.user!, req.query), '查询成功'),
  );
  app.get('/sys/user/queryById', { config: { access: perm('system:user:list') }, schema: { response: { 200: envelope(sysUserRow) }, tags, summary: '用户详情', querystring: idQuery } }, async (req) =>
    ok(await users.detail(req.user!, req.query.id)),
  );
  app.post('/sys/user/add', { config: { access: perm('system:user:add') }, schema: { response: { 200: messageResponse }, tags, summary: '添加用户（角色、部门）', body: addBody } }, async (req) => {
    await users.add(req.user!, req.body);
    return ok(null, '添加成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: { access: perm('system:user:edit') },
    schema: { response: { 200: messageResponse }, tags, summary: '编辑用户（角色、部门）', body: editBody },
    handler: async (req) => {
      await users.edit(req.user!, req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/user/delete', { config: { access: perm('system:user:delete') }, schema: { response: { 200: messageResponse }, tags, summary: '删除用户', querystring: idQuery } }, async (req) => {
    await users.remove(req.user!, [req.query.id]);
    return ok(null, '删除用户成功');
  });
  app.delete('/sys/user/deleteBatch', { config: { access: perm('system:user:delete') }, schema: { response: { 200: messageResponse }, tags, summary: '批量删除用户', querystring: idsQuery } }, async (req) => {
    await users.remove(req.user!, splitIds(req.query.ids));
    return ok(null, '批量删除用户成功');
  });
  // Anonymous in stock (the registration form uses it).
  app.get('/sys/user/checkOnlyUser', { config: { access: PUBLIC }, schema: { response: { 200: z.union([messageResponse, failure]) }, tags, summary: '用户名是否可用', querystring: checkQuery } }, async (req) => {
    const problem = await users.uniquenessProblem(!!req.user, req.query);
    return problem ? fail(problem) : ok(null, '该用户名可用');
  });
  app.get('/sys/user/queryUserRole', { config: { access: perm('system:user:list') }, schema: { response: { 200: listResponse(z.string()) }, tags, summary: '用户的角色id', querystring: userIdQuery } }, async (req) => {
    const q = req.query;
    const id = q.userid ?? q.userId;
    if (!id) throw new AppError('BAD_REQUEST', 'userid 不能为空');
    return ok(await users.roleIds(req.user!, id));
  });
  app.get('/sys/user/queryUserByDepId', { config: { access: LOGIN }, schema: { response: { 200: listResponse(sysUserRow) }, tags, summary: '部门的用户', querystring: idQuery } }, async (req) =>
    ok(await users.byDepart(req.user!, req.query.id)),
  );
  // Stock answers a bare array here (no envelope): the stock pickers read `res` as the list.
  app.get('/sys/user/getMultiUser', { config: { access: LOGIN }, schema: { response: { 200: z.array(sysUserRow) }, tags, summary: '按用户名或id取用户（裸数组）', querystring: multiQuery } }, async (req) =>
    users.multi(req.user!, req.query),
  );
  app.get('/sys/user/queryByIds', { config: { access: LOGIN }, schema: { response: { 200: listResponse(sysUserRow) }, tags, summary: '按id取用户', querystring: byIdsQuery } }, async (req) =>
    ok(await users.byIds(req.user!, splitIds(req.query.userIds))),
  );
  app.get('/sys/user/userDepartList', { config: { access: perm('system:user:list') }, schema: { response: { 200: listResponse(sysUserDepartOption) }, tags, summary: '用户的部门 [{key, value, title}]', querystring: departListQuery } }, async (req) =>
    ok(await users.departsOf(req.user!, req.query.userId), '查找成功'),
  );
  app.get('/sys/user/generateUserId', { config: { access: perm('system:user:add') }, schema: { response: { 200: envelope(z.string()) }, tags, summary: '生成用户id' } }, async () => ok(newId()));

  // Recycle bin: logically deleted users, restored or deleted for good.
  app.get('/sys/user/recycleBin', { config: { access: perm('system:user:recycle') }, schema: { querystring: listQuery, response: { 200: listResponse(sysUserRow) }, tags, summary: '回收站用户' } }, async (req) =>
    ok(await users.recycleBin(req.user!, req.query)),
  );
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/putRecycleBin',
    config: { access: perm('system:user:recycle') },
    schema: { response: { 200: messageResponse }, tags, summary: '还原回收站用户 {userIds}', body: recycleBody },
    handler: async (req) => {
      await users.restore(req.user!, splitIds(req.body.userIds));
      return ok(null, '还原成功');
    },
  });
  app.delete('/sys/user/deleteRecycleBin', { config: { access: perm('system:user:recycle') }, schema: { response: { 200: messageResponse }, tags, summary: '彻底删除回收站用户', querystring: recycleQuery } }, async (req) => {
    await users.purge(req.user!, splitIds(req.query.userIds));
    return ok(null, '删除成功');
  });
  app.get(
    '/sys/user/queryUserComponentData',
    { config: { access: LOGIN }, schema: { querystring: pickerQuery, response: { 200: pageResponse(sysUserPickRow) }, tags, summary: '用户选择器数据（departId, isAll, forceA01, activeOnly）' } },
    async (req) => ok(await users.pickerData(req.user!, req.query)),
  );
  // Users of a role (the role screen) and of a department (the department screen).
  const roleUsersQuery = z.looseObject({ roleId: z.string().min(1).max(64) });
  const roleUsersBody = z.object({ roleId: z.string().min(1).max(64), userIdList: z.array(z.string().min(1).max(64)).min(1).max(1000) });
  const roleUserDel = z.object({ roleId: z.string().min(1).max(64), userId: z.string().max(64).optional(), userIds: z.string().max(20000).optional() });
  const departUsersQuery = z.looseObject({ depId: z.string().min(1).max(64) });
  const departUsersBody = z.object({ depId: z.string().min(1).max(64), userIdList: z.array(z.string().min(1).max(64)).min(1).max(1000) });
  const departUserDel = z.object({ depId: z.string().min(1).max(64), userId: z.string().max(64).optional(), userIds: z.string().max(20000).optional() });
  app.get('/sys/user/userRoleList', { config: { access: perm('system:role:list') }, schema: { response: { 200: pageResponse(sysUserRow) }, tags, summary: '角色的用户', querystring: roleUsersQuery } }, async (req) => {
    return ok(await users.list(req.user!, req.query), '查询成功');
  });
  app.post('/sys/user/addSysUserRole', { config: { access: perm('system:role:edit') }, schema: { response: { 200: messageResponse }, tags, summary: '角色添加用户', body: roleUsersBody } }, async (req) => {
    const b = req.body;
    await users.addToRole(req.user!, b.roleId, b.userIdList);
    return ok(null, '添加成功!');
  });
  app.delete('/sys/user/deleteUserRole', { config: { access: perm('system:role:edit') }, schema: { response: { 200: messageResponse }, tags, summary: '角色移除用户', querystring: roleUserDel } }, async (req) => {
    const q = req.query;
    await users.removeFromRole(req.user!, q.roleId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserRoleBatch', { config: { access: perm('system:role:edit') }, schema: { response: { 200: messageResponse }, tags, summary: '角色批量移除用户', querystring: roleUserDel } }, async (req) => {
    const q = req.query;
    await users.removeFromRole(req.user!, q.roleId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });
  app.get('/sys/user/departUserList', { config: { access: perm('system:depart:list') }, schema: { response: { 200: pageResponse(sysUserRow) }, tags, summary: '部门的用户（分页）', querystring: departUsersQuery } }, async (req) => {
    const q = req.query;
    return ok(await users.list(req.user!, { ...req.query, departId: q.depId }), '查询成功');
  });
  app.post('/sys/user/editSysDepartWithUser', { config: { access: perm('system:depart:edit') }, schema: { response: { 200: messageResponse }, tags, summary: '部门添加用户', body: departUsersBody } }, async (req) => {
    const b = req.body;
    await users.addToDepart(req.user!, b.depId, b.userIdList);
    return ok(null, '添加成功!');
  });
  app.delete('/sys/user/deleteUserInDepart', { config: { access: perm('system:depart:edit') }, schema: { response: { 200: messageResponse }, tags, summary: '部门移除用户', querystring: departUserDel } }, async (req) => {
    const q = req.query;
    await users.removeFromDepart(req.user!, q.depId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserInDepartBatch', { config: { access: perm('system:depart:edit') }, schema: { response: { 200: messageResponse }, tags, summary: '部门批量移除用户', querystring: departUserDel } }, async (req) => {
    const q = req.query;
    await users.removeFromDepart(req.user!, q.depId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });

  app.put('/sys/user/changePassword', { config: { access: perm('system:user:password') }, schema: { response: { 200: messageResponse }, tags, summary: '管理员重置密码', body: resetBody } }, async (req) => {
    const b = req.body;
    await users.resetPassword(req.user!, b.username, b.password);
    return ok(null, '密码修改成功!');
  });

  app.get(
    '/sys/user/exportXls',
    { config: { access: perm('system:user:export'), oplog: { content: '导出用户', type: 6 } }, schema: { querystring: listQuery, response: { 200: binaryResponse }, tags, summary: '导出用户（.xlsx，筛选条件同列表，selections 为选中id）' } },
    async (req, reply) => {
      const stream = await users.exportStream(req.user!, req.query);
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('用户列表.xlsx'));
      return reply.send(stream);
    },
  );

  registerImport(app, {
    url: '/sys/user/importExcel',
    access: perm('system:user:import'),
    content: '导入用户',
    tags,
    summary: '导入用户（.xls/.xlsx，可多个文件）',
    errorFile: 'user_import_errors',
    run: (user, files) => users.importFiles(user, files),
  });
}
