import { failure, messageResponse, sysDataSourceRow } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { CrudService, crudRoutes } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import { testDataSource } from './datasource.service.js';
import type { SecretBox } from './secret-box.js';

const dbUrl = z
  .string()
  .trim()
  .min(1, { message: '请输入数据源地址' })
  .max(500)
  .regex(/^(postgres(ql)?:\/\/\S+|(mysql|mariadb):\/\/\S+|sqlite:\S+|file:\S+)$/, { message: '仅支持 postgres://、mysql://、mariadb://、sqlite: 或 file: 地址' });
const fields = {
  code: z.string().trim().min(1, { message: '请输入数据源编码' }).max(100).regex(/^[A-Za-z0-9_-]+$/, { message: '编码只允许字母、数字、下划线和横线' }),
  name: z.string().trim().min(1, { message: '请输入数据源名称' }).max(100),
  remark: z.string().max(200).optional().nullable(),
  dbType: z.string().max(10).optional().nullable(),
  dbDriver: z.string().max(100).optional().nullable(),
  dbUrl,
  dbName: z.string().max(100).optional().nullable(),
  dbUsername: z.string().max(100).optional().nullable(),
  dbPassword: z.string().max(200).optional().nullable(),
};
const testBody = z.object({
  id: z.string().max(64).optional().nullable(),
  dbUrl,
  dbUsername: z.string().max(100).optional().nullable(),
  dbPassword: z.string().max(200).optional().nullable(),
});

/** Data sources (多数据源): the password is sealed with AES-256-GCM on write and never returned. */
export function dataSourceService(db: Database, translate: Translator, box: SecretBox): CrudService {
  return new CrudService(db, {
    base: '/sys/dataSource',
    row: sysDataSourceRow,
    table: 'sysDataSource',
    tag: '数据源',
    perm: 'system:datasource',
    whitelist: {
      id: 'id',
      code: 'code',
      name: 'name',
      dbType: 'dbType',
      createTime: { column: 'createTime', type: 'datetime' },
    },
    // db_password is deliberately absent: it is never selected for a client.
    columns: ['id', 'code', 'name', 'remark', 'dbType', 'dbDriver', 'dbUrl', 'dbName', 'dbUsername', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'desc' },
    orgColumn: 'sysOrgCode',
    addSchema: z.object(fields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...fields, code: fields.code.optional(), name: fields.name.optional(), dbUrl: dbUrl.optional() }),
    unique: [{ field: 'code', message: '数据源编码已存在' }],
    prepare: (data) => {
      const out = { ...data };
      // An empty password on edit keeps the stored one.
      if (typeof out.dbPassword === 'string' && out.dbPassword !== '') out.dbPassword = box.seal(out.dbPassword);
      else delete out.dbPassword;
      return out;
    },
    translate,
  });
}

export async function dataSourceRoutes(app: Api, svc: CrudService, box: SecretBox): Promise<void> {
  await crudRoutes(app, svc);
  app.post(
    '/sys/dataSource/testConnection',
    {
      config: { access: perm('system:datasource:test'), oplog: { content: '数据源连接测试', type: 1 } },
      schema: { tags: ['数据源'], summary: '数据源连接测试', body: testBody, response: { 200: z.union([messageResponse, failure]) } },
    },
    async (req) => {
      const err = await testDataSource(svc, box, req.user!, req.body);
      return err ? fail(`数据库连接失败：${err}`) : ok(null, '数据库连接成功');
    },
  );
}
