import { zx } from '@go/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN, PUBLIC, perm } from '../../../platform/access/access.js';
import { attachmentHeader, MAX_IMPORT_BYTES, XLSX_MIME } from '../../../platform/excel/excel.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Params } from '../../../platform/query/query-builder.js';
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
const checkQuery = z.object({ username: z.string().max(100).optional(), id: z.string().max(64).optional() });
const userIdQuery = z.object({ userid: z.string().max(64).optional(), userId: z.string().max(64).optional() });
const resetBody = z
  .object({ username: z.string().min(1).max(100), password, confirmpassword: z.string().max(64).optional() })
  .refine((b) => b.confirmpassword === undefined || b.confirmpassword === b.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });
const multiQuery = z.object({ username: z.string().max(20000).optional(), id: z.string().max(20000).optional(), ids: z.string().max(20000).optional() });

export async function userAdminRoutes(app: FastifyInstance, users: UserAdminService): Promise<void> {
  const tags = ['用户'];
  app.get('/sys/user/list', { config: { access: perm('system:user:list') }, schema: { tags, summary: '用户列表（departId, roleId 过滤）' } }, async (req) =>
    ok(await users.list(req.user!, req.query as Params), '查询成功'),
  );
  app.get('/sys/user/queryById', { config: { access: perm('system:user:list') }, schema: { tags, summary: '用户详情', querystring: idQuery } }, async (req) =>
    ok(await users.detail(req.user!, (req.query as z.infer<typeof idQuery>).id)),
  );
  app.post('/sys/user/add', { config: { access: perm('system:user:add') }, schema: { tags, summary: '添加用户（角色、部门）', body: addBody } }, async (req) => {
    await users.add(req.user!, req.body as z.infer<typeof addBody>);
    return ok(null, '添加成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: { access: perm('system:user:edit') },
    schema: { tags, summary: '编辑用户（角色、部门）', body: editBody },
    handler: async (req) => {
      await users.edit(req.user!, req.body as z.infer<typeof editBody>);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/user/delete', { config: { access: perm('system:user:delete') }, schema: { tags, summary: '删除用户', querystring: idQuery } }, async (req) => {
    await users.remove(req.user!, [(req.query as z.infer<typeof idQuery>).id]);
    return ok(null, '删除用户成功');
  });
  app.delete('/sys/user/deleteBatch', { config: { access: perm('system:user:delete') }, schema: { tags, summary: '批量删除用户', querystring: idsQuery } }, async (req) => {
    await users.remove(req.user!, splitIds((req.query as z.infer<typeof idsQuery>).ids));
    return ok(null, '批量删除用户成功');
  });
  // Anonymous in stock (the registration form uses it).
  app.get('/sys/user/checkOnlyUser', { config: { access: PUBLIC }, schema: { tags, summary: '用户名是否可用', querystring: checkQuery } }, async (req) => {
    const q = req.query as z.infer<typeof checkQuery>;
    if (!q.username) return ok(null, '该用户名可用');
    return (await users.usernameTaken(q.username, q.id)) ? fail('用户账号已存在') : ok(null, '该用户名可用');
  });
  app.get('/sys/user/queryUserRole', { config: { access: perm('system:user:list') }, schema: { tags, summary: '用户的角色id', querystring: userIdQuery } }, async (req) => {
    const q = req.query as z.infer<typeof userIdQuery>;
    const id = q.userid ?? q.userId;
    if (!id) throw new AppError('BAD_REQUEST', 'userid 不能为空');
    return ok(await users.roleIds(req.user!, id));
  });
  app.get('/sys/user/queryUserByDepId', { config: { access: LOGIN }, schema: { tags, summary: '部门的用户', querystring: idQuery } }, async (req) =>
    ok(await users.byDepart(req.user!, (req.query as z.infer<typeof idQuery>).id)),
  );
  app.get('/sys/user/getMultiUser', { config: { access: LOGIN }, schema: { tags, summary: '按用户名或id取用户', querystring: multiQuery } }, async (req) =>
    ok(await users.multi(req.user!, req.query as z.infer<typeof multiQuery>)),
  );
  app.get(
    '/sys/user/queryUserComponentData',
    { config: { access: LOGIN }, schema: { tags, summary: '用户选择器数据（departId, isAll, forceA01）' } },
    async (req) => ok(await users.pickerData(req.user!, req.query as Params)),
  );
  // Users of a role (the role screen) and of a department (the department screen).
  const roleUsersQuery = z.looseObject({ roleId: z.string().min(1).max(64) });
  const roleUsersBody = z.object({ roleId: z.string().min(1).max(64), userIdList: z.array(z.string().min(1).max(64)).min(1).max(1000) });
  const roleUserDel = z.object({ roleId: z.string().min(1).max(64), userId: z.string().max(64).optional(), userIds: z.string().max(20000).optional() });
  const departUsersQuery = z.looseObject({ depId: z.string().min(1).max(64) });
  const departUsersBody = z.object({ depId: z.string().min(1).max(64), userIdList: z.array(z.string().min(1).max(64)).min(1).max(1000) });
  const departUserDel = z.object({ depId: z.string().min(1).max(64), userId: z.string().max(64).optional(), userIds: z.string().max(20000).optional() });
  app.get('/sys/user/userRoleList', { config: { access: perm('system:role:list') }, schema: { tags, summary: '角色的用户', querystring: roleUsersQuery } }, async (req) => {
    return ok(await users.list(req.user!, req.query as Params), '查询成功');
  });
  app.post('/sys/user/addSysUserRole', { config: { access: perm('system:role:edit') }, schema: { tags, summary: '角色添加用户', body: roleUsersBody } }, async (req) => {
    const b = req.body as z.infer<typeof roleUsersBody>;
    await users.addToRole(req.user!, b.roleId, b.userIdList);
    return ok(null, '添加成功!');
  });
  app.delete('/sys/user/deleteUserRole', { config: { access: perm('system:role:edit') }, schema: { tags, summary: '角色移除用户', querystring: roleUserDel } }, async (req) => {
    const q = req.query as z.infer<typeof roleUserDel>;
    await users.removeFromRole(req.user!, q.roleId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserRoleBatch', { config: { access: perm('system:role:edit') }, schema: { tags, summary: '角色批量移除用户', querystring: roleUserDel } }, async (req) => {
    const q = req.query as z.infer<typeof roleUserDel>;
    await users.removeFromRole(req.user!, q.roleId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });
  app.get('/sys/user/departUserList', { config: { access: perm('system:depart:list') }, schema: { tags, summary: '部门的用户（分页）', querystring: departUsersQuery } }, async (req) => {
    const q = req.query as z.infer<typeof departUsersQuery>;
    return ok(await users.list(req.user!, { ...(req.query as Params), departId: q.depId }), '查询成功');
  });
  app.post('/sys/user/editSysDepartWithUser', { config: { access: perm('system:depart:edit') }, schema: { tags, summary: '部门添加用户', body: departUsersBody } }, async (req) => {
    const b = req.body as z.infer<typeof departUsersBody>;
    await users.addToDepart(req.user!, b.depId, b.userIdList);
    return ok(null, '添加成功!');
  });
  app.delete('/sys/user/deleteUserInDepart', { config: { access: perm('system:depart:edit') }, schema: { tags, summary: '部门移除用户', querystring: departUserDel } }, async (req) => {
    const q = req.query as z.infer<typeof departUserDel>;
    await users.removeFromDepart(req.user!, q.depId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserInDepartBatch', { config: { access: perm('system:depart:edit') }, schema: { tags, summary: '部门批量移除用户', querystring: departUserDel } }, async (req) => {
    const q = req.query as z.infer<typeof departUserDel>;
    await users.removeFromDepart(req.user!, q.depId, splitIds(q.userIds ?? q.userId ?? ''));
    return ok(null, '删除成功!');
  });

  app.put('/sys/user/changePassword', { config: { access: perm('system:user:password') }, schema: { tags, summary: '管理员重置密码', body: resetBody } }, async (req) => {
    const b = req.body as z.infer<typeof resetBody>;
    await users.resetPassword(req.user!, b.username, b.password);
    return ok(null, '密码修改成功!');
  });

  app.get(
    '/sys/user/exportXls',
    { config: { access: perm('system:user:export'), oplog: { content: '导出用户', type: 6 } }, schema: { tags, summary: '导出用户（.xlsx，筛选条件同列表，selections 为选中id）' } },
    async (req, reply) => {
      const stream = await users.exportStream(req.user!, req.query as Params);
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('用户列表.xlsx'));
      return reply.send(stream);
    },
  );

  app.post(
    '/sys/user/importExcel',
    { config: { access: perm('system:user:import'), oplog: { content: '导入用户', type: 5 } }, schema: { tags, summary: '导入用户（.xls/.xlsx，可多个文件）' } },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请上传文件');
      const files: { filename: string; data: Buffer }[] = [];
      const maxFiles = app.ctx.config.limits.maxFilesPerRequest;
      try {
        for await (const part of req.files({ limits: { fileSize: MAX_IMPORT_BYTES, files: maxFiles } })) {
          const data = await part.toBuffer();
          files.push({ filename: part.filename, data });
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `一次最多导入${maxFiles}个文件`);
        throw new AppError('BAD_REQUEST', '文件大小不能超过10MB');
      }
      if (files.length === 0) throw new AppError('BAD_REQUEST', '请上传文件');
      const r = await users.importFiles(req.user!, files);
      if (r.errorCount === 0) return ok(null, `共${r.successCount}行数据全部导入成功！`);
      const file = await users.writeErrorFile(r.errors);
      return reply.send({
        success: true,
        code: 201,
        message: '文件导入成功，但有错误。',
        result: {
          totalCount: r.totalCount,
          errorCount: r.errorCount,
          successCount: r.successCount,
          msg: `总上传行数：${r.totalCount}，已导入行数：${r.successCount}，错误行数：${r.errorCount}`,
          fileUrl: `/sys/common/static/${file.rel}`,
          fileName: file.name,
        },
        timestamp: Date.now(),
      });
    },
  );
}
