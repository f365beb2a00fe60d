import { sysPositionRow } from '@go/contract';
import { z } from 'zod';
import { LOGIN } from '../../../platform/access/access.js';
import { CrudService, crudRoutes } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';

const fields = {
  code: z.string().trim().min(1, { message: '请输入职务编码' }).max(100).regex(/^[A-Za-z0-9_-]+$/, { message: '职务编码只允许字母、数字、下划线和横线' }),
  name: z.string().trim().min(1, { message: '请输入职务名称' }).max(100),
  postRank: z.string().max(2).optional().nullable(),
  rank: z.string().max(2).optional().nullable(),
};

/** Positions (职务): shared group positions (A01) plus each company's own; `rank` mirrors post_rank. */
export function positionService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/sys/position',
    table: 'sysPosition',
    row: sysPositionRow,
    tag: '职务',
    perm: 'system:position',
    whitelist: {
      id: 'id',
      code: 'code',
      name: 'name',
      postRank: 'postRank',
      rank: 'postRank',
      sysOrgCode: 'sysOrgCode',
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: ['id', 'code', 'name', 'postRank', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'desc' },
    orgColumn: 'sysOrgCode',
    sharedGroupRows: true,
    dictFields: { rank: 'position_rank', postRank: 'position_rank' },
    addSchema: z.object(fields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...fields, code: fields.code.optional() }),
    unique: [{ field: 'code', message: '职务编码已存在' }],
    prepare: (data) => {
      const out = { ...data };
      if (out.rank !== undefined && out.postRank === undefined) out.postRank = out.rank;
      delete out.rank;
      return out;
    },
    present: (row) => ({ ...row, rank: row.postRank }),
    // The position picker is used on many screens: any signed-in user may read the list.
    listAccess: LOGIN,
    translate,
    exportColumns: [
      { header: '职务编码', key: 'code' },
      { header: '职务名称', key: 'name' },
      { header: '职级', key: 'rank_dictText' },
      { header: '创建时间', key: 'createTime', width: 20 },
    ],
  });
}

export async function positionRoutes(app: Api, svc: CrudService): Promise<void> {
  await crudRoutes(app, svc);
}
