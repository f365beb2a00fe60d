import { listResponse, sysTenantRow } from '@go/contract';
import { z } from 'zod';
import { LOGIN } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { now } from '../../../platform/db/time.js';
import type { Database } from '../../../platform/db/database.js';
import { CrudService, crudRoutes } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import type { TenantService } from './tenant.service.js';

const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, { message: '日期格式应为yyyy-MM-dd HH:mm:ss' })
  .optional()
  .nullable();
const fields = {
  name: z.string().trim().min(1, { message: '请输入租户名称' }).max(100),
  beginDate: dateTime,
  endDate: dateTime,
  status: z.coerce.number().int().min(0).max(1).optional(),
};

/** Tenants (租户): group-wide configuration with numeric ids; only the administrator role holds these codes. */
export function tenantService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/sys/tenant',
    table: 'sysTenant',
    row: sysTenantRow,
    tag: '租户',
    perm: 'system:tenant',
    whitelist: {
      id: { column: 'id', type: 'number' },
      name: 'name',
      status: { column: 'status', type: 'number' },
      beginDate: { column: 'beginDate', type: 'datetime' },
      endDate: { column: 'endDate', type: 'datetime' },
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: ['id', 'name', 'beginDate', 'endDate', 'status', 'createBy', 'createTime'],
    defaultSort: { field: 'id', order: 'asc' },
    dictFields: { status: 'valid_status' },
    addSchema: z.object({ id: z.coerce.number().int().min(1).max(2147483647).optional(), ...fields }),
    editSchema: z.object({ id: z.coerce.number().int().min(1), ...fields, name: fields.name.optional() }),
    numericId: true,
    audit: false,
    prepare: (data, user, existing) => (existing ? data : { ...data, createBy: user.username, createTime: now() }),
    translate,
  });
}

const queryListQuery = z.object({ ids: z.string().max(2000).optional() });

export async function tenantRoutes(app: Api, svc: CrudService, tenants: TenantService): Promise<void> {
  await crudRoutes(app, svc);
  // The user form's tenant select (stock: the active tenants, optionally only `ids`, as a plain list).
  app.get(
    '/sys/tenant/queryList',
    { config: { access: LOGIN }, schema: { tags: ['租户'], summary: '有效租户列表（ids 可选）', querystring: queryListQuery, response: { 200: listResponse(sysTenantRow) } } },
    async (req) => {
      const ids = (req.query.ids ?? '').split(',').map((x) => Number(x.trim())).filter((n) => Number.isInteger(n) && n > 0);
      return ok(await tenants.active(ids.slice(0, 500)));
    },
  );
}
