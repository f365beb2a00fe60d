import type { Database } from '../../../platform/db/database.js';

/** Tenant reads beyond the generic CRUD. */
export class TenantService {
  constructor(private readonly db: Database) {}

  /** The active tenants (status 1), only `ids` when given, by id. */
  active(ids: number[] = []) {
    let q = this.db.selectFrom('sysTenant').select(['id', 'name', 'beginDate', 'endDate', 'status', 'createBy', 'createTime']).where('status', '=', 1);
    if (ids.length) q = q.where('id', 'in', ids);
    return q.orderBy('id').execute();
  }
}
