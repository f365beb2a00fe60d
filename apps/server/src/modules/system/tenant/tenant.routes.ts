import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { now } from '../../../platform/db/time.js';
import type { Database } from '../../../platform/db/database.js';
import { CrudService, crudRoutes } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';

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
  return new CrudService(db as never, {
    base: '/sys/tenant',
    table: 'sysTenant',
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

export async function tenantRoutes(app: FastifyInstance, svc: CrudService): Promise<void> {
  await crudRoutes(app, svc);
}
