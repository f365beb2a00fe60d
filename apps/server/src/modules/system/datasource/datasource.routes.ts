import { failure, messageResponse, sysDataSourceRow } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { AppConfig } from '../../../config.js';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { CrudService, crudRoutes } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import { allowedDataSourceHosts, DATASOURCE_FAILED, DATASOURCE_URL_MESSAGE, DataSourceRefused, parseDataSourceUrl, resolveDataSource } from './datasource-access.js';
import { testDataSource } from './datasource.service.js';
import type { SecretBox } from './secret-box.js';

const anyUrl = z.string().trim().min(1, { message: '请输入数据源地址' }).max(500);
/** A saved address: a PostgreSQL or MySQL/MariaDB server URL without parameters (no file-based sources). */
const dbUrl = anyUrl.superRefine((v, ctx) => {
  try {
    parseDataSourceUrl(v);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof DataSourceRefused ? err.message : DATASOURCE_URL_MESSAGE });
  }
});
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
// A test takes any address: whatever is wrong with it answers the same text as a failed connection.
const testBody = z.object({
  id: z.string().max(64).optional().nullable(),
  dbUrl: anyUrl,
  dbUsername: z.string().max(100).optional().nullable(),
  dbPassword: z.string().max(200).optional().nullable(),
});

/** Data sources (多数据源): the password is sealed with AES-256-GCM on write and never returned. */
export function dataSourceService(db: Database, translate: Translator, box: SecretBox, config: AppConfig): CrudService {
  const allowed = allowedDataSourceHosts(config);
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
      // Saved only when its host may be reached (docs/security.md, Data sources).
      if (typeof out.dbUrl === 'string') {
        try {
          resolveDataSource({ dbUrl: out.dbUrl }, allowed);
        } catch (err) {
          throw businessError(err instanceof DataSourceRefused ? err.message : DATASOURCE_URL_MESSAGE);
        }
      }
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
      const connected = await testDataSource(svc, box, req.user!, req.body, allowedDataSourceHosts(app.ctx.config), req.log);
      return connected ? ok(null, '数据库连接成功') : fail(DATASOURCE_FAILED);
    },
  );
}
