import { expect } from 'vitest';
import type { TestApp } from '../helpers.js';
import { Flow } from '../workflow/wf-helpers.js';

export class Goods {
  readonly f: Flow;
  constructor(readonly t: TestApp) {
    this.f = new Flow(t);
  }

  get db() {
    return this.t.app.ctx.db;
  }

  async item(code: string) {
    return this.db.selectFrom('ldItem').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  }

  async warehouse(org: string, type: 'main' | 'store' = 'main') {
    return this.db
      .selectFrom('ldWarehouse')
      .selectAll()
      .where('sysOrgCode', '=', org)
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
  }

  async stock(itemId: string, warehouseId: string): Promise<number> {
    const r = await this.db
      .selectFrom('ldStock')
      .select('qty')
      .where('itemId', '=', itemId)
      .where('warehouseId', '=', warehouseId)
      .executeTakeFirst();
    return Number(r?.qty ?? 0);
  }

  async asset(id: string) {
    return this.db.selectFrom('ldAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async inStockAssets(itemId: string, warehouseId: string) {
    return this.db
      .selectFrom('ldAsset')
      .selectAll()
      .where('itemId', '=', itemId)
      .where('warehouseId', '=', warehouseId)
      .where('state', '=', 'in_stock')
      .orderBy('id')
      .execute();
  }

  /** Saves a goods form as a draft; answers the envelope. */
  async draft(username: string, tableName: string, data: Record<string, unknown>) {
    return this.f.call(username, 'POST', '/actBusiness/add', { tableName, ...data });
  }

  /** Saves and submits; answers the business id and process instance id. */
  async apply(username: string, tableName: string, data: Record<string, unknown>) {
    const d = await this.draft(username, tableName, data);
    expect(d.body.success, d.body.message).toBe(true);
    const id = d.body.result.id as string;
    const r = await this.f.call(username, 'POST', '/actBusiness/apply', { id });
    expect(r.body.success, r.body.message).toBe(true);
    return { id, tableId: d.body.result.tableId as string, procInstId: r.body.result.procInstId as string };
  }

  async openTaskId(procInstId: string) {
    const row = await this.db
      .selectFrom('wfTask')
      .select(['id', 'nodeId'])
      .where('instId', '=', procInstId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    return row;
  }

  /**
   * A second asset administrator (zhangwei, A01), so that what admin files has an approver: nobody approves
   * their own application.
   */
  async addSecondAdmin(username = 'zhangwei'): Promise<void> {
    const role = await this.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    const user = await this.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const has = await this.db.selectFrom('sysUserRole').select('id').where('userId', '=', user.id).where('roleId', '=', role.id).executeTakeFirst();
    if (!has) await this.db.insertInto('sysUserRole').values({ id: `${user.id}-admin`, userId: user.id, roleId: role.id }).execute();
  }

  /** An asset administrator approves the open task: `who`, or the first candidate who is not the applicant. */
  async approve(procInstId: string, who?: string) {
    const task = await this.openTaskId(procInstId);
    let approver = who;
    if (!approver) {
      const c = await this.db
        .selectFrom('wfTaskCandidate')
        .select('username')
        .where('taskId', '=', task.id)
        .where('open', '=', 1)
        .orderBy('username')
        .execute();
      approver = c.map((x) => x.username).find((u) => u === 'admin') ?? c[0]?.username ?? 'admin';
    }
    return this.f.call(approver, 'POST', '/actTask/pass', { id: task.id, comment: '同意', type: 0 });
  }

  async approveOk(procInstId: string) {
    const r = await this.approve(procInstId);
    expect(r.body.success, r.body.message).toBe(true);
  }

  async reject(procInstId: string) {
    const task = await this.openTaskId(procInstId);
    const c = await this.db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', task.id).where('open', '=', 1).execute();
    const who = c.map((x) => x.username).find((u) => u === 'admin') ?? c[0]?.username ?? 'admin';
    const r = await this.f.call(who, 'POST', '/actTask/back', { id: task.id, comment: '不同意' });
    expect(r.body.success, r.body.message).toBe(true);
  }

  async entriesOf(formId: string) {
    return this.db
      .selectFrom('ldEntry')
      .selectAll()
      .where('formId', '=', formId)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
  }

  /** Every balance equals the sum of its entries; every entry's after = before + change; nothing negative. */
  async assertBooksBalance(): Promise<void> {
    const sums = await this.db
      .selectFrom('ldEntry')
      .select((eb) => ['itemId', 'warehouseId', eb.fn.sum<number>('qtyChange').as('total')])
      .groupBy(['itemId', 'warehouseId'])
      .execute();
    const stock = await this.db.selectFrom('ldStock').selectAll().execute();
    const byKey = new Map(stock.map((s) => [`${s.itemId}|${s.warehouseId}`, Number(s.qty)]));
    for (const s of sums)
      expect(byKey.get(`${s.itemId}|${s.warehouseId}`) ?? 0, `balance ${s.itemId}@${s.warehouseId}`).toBe(
        Number(s.total),
      );
    for (const s of stock) expect(Number(s.qty)).toBeGreaterThanOrEqual(0);
    const bad = await this.db
      .selectFrom('ldEntry')
      .select('id')
      .where((eb) => eb('qtyAfter', '!=', eb(eb.ref('qtyBefore'), '+', eb.ref('qtyChange'))))
      .execute();
    expect(bad).toHaveLength(0);
    // assets in stock are counted in their warehouse's balance
    const assetItems = await this.db
      .selectFrom('ldAsset')
      .select((eb) => ['itemId', 'warehouseId', eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'in_stock')
      .groupBy(['itemId', 'warehouseId'])
      .execute();
    for (const a of assetItems)
      expect(byKey.get(`${a.itemId}|${a.warehouseId}`), `assets ${a.itemId}@${a.warehouseId}`).toBe(
        Number(a.n),
      );
  }
}
