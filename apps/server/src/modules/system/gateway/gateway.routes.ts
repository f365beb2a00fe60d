import { sysGatewayRouteRow } from '@go/contract';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';
import { CrudService, crudRoutes } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';

/** A JSON text (array or object), as the gateway stores predicates and filters. */
const jsonText = z
  .union([z.string().max(4000), z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return v === '' ? null : v;
    if (typeof v !== 'string') return JSON.stringify(v);
    try {
      JSON.parse(v);
      return v;
    } catch {
      ctx.addIssue({ code: 'custom', message: '必须是JSON格式' });
      return z.NEVER;
    }
  });
const flag = z.coerce.number().int().min(0).max(1).optional();
const fields = {
  routerId: z.string().trim().min(1, { message: '请输入路由ID' }).max(50).regex(/^[A-Za-z0-9_-]+$/, { message: '路由ID只允许字母、数字、下划线和横线' }),
  name: z.string().trim().max(100).optional().nullable(),
  uri: z
    .string()
    .trim()
    .min(1, { message: '请输入路由地址' })
    .max(255)
    .regex(/^(https?|lb|ws|wss):\/\/\S+$/i, { message: '路由地址应以http://、https://、lb://、ws://或wss://开头' }),
  predicates: jsonText,
  filters: jsonText,
  retryable: flag,
  stripPrefix: flag,
  persistable: flag,
  showApi: flag,
  status: flag,
};

/** Gateway routes (网关路由): route definitions with JSON predicates and filters. */
export function gatewayService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/sys/gatewayRoute',
    table: 'sysGatewayRoute',
    row: sysGatewayRouteRow,
    tag: '网关路由',
    perm: 'system:gateway',
    whitelist: {
      id: 'id',
      routerId: 'routerId',
      name: 'name',
      uri: 'uri',
      status: { column: 'status', type: 'number' },
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: [
      'id', 'routerId', 'name', 'uri', 'predicates', 'filters', 'retryable', 'stripPrefix', 'persistable', 'showApi',
      'status', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime',
    ],
    defaultSort: { field: 'createTime', order: 'desc' },
    orgColumn: 'sysOrgCode',
    dictFields: { status: 'valid_status' },
    addSchema: z.object(fields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...fields, routerId: fields.routerId.optional(), uri: fields.uri.optional() }),
    unique: [{ field: 'routerId', message: '路由ID已存在' }],
    translate,
  });
}

export async function gatewayRoutes(app: Api, svc: CrudService): Promise<void> {
  await crudRoutes(app, svc);
}
