import { isGroupLevel, type CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../platform/access/scope.js';
import { recordChanges } from '../../platform/audit/audit.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { streamXlsx, type ExportColumn } from '../../platform/excel/excel.js';
import {
  applyFilters,
  applySort,
  paging,
  runPage,
  type Params,
  type Whitelist,
} from '../../platform/query/query-builder.js';
import {
  ASSET_STATES,
  GOODS_TYPES,
  MOVEMENTS,
  POOL_STATUS,
  type GoodsType,
} from '@go/contract/ledger/schemas';
import type { AssetState } from './ledger.tables.js';
import { ASSET_ACTION } from './forms/goods-lines.js';
import { likeContains } from '../../platform/query/like.js';

type Row = Record<string, unknown>;
/**
 * The selected columns of each list that its response row declares (packages/contract ledger/responses);
 * the other selected columns pass through.
 */
type Rest = { [k: string]: unknown };
type StockRecord = Rest & { itemId: string; code: string | null; itemName: string; kind: string; warehouseId: string; warehouseName: string; sysOrgCode: string | null; qty: number };
type AssetRecord = Rest & {
  id: string;
  assetNo: string;
  itemId: string;
  itemName: string;
  state: string;
  holder: string | null;
  holderName: string | null;
  warehouseId: string | null;
  warehouseName: string | null;
  sysOrgCode: string | null;
};
type EntryRecord = Rest & {
  id: string;
  itemId: string;
  itemName: string;
  warehouseId: string | null;
  assetId: string | null;
  movement: string;
  qtyChange: number;
  qtyBefore: number;
  qtyAfter: number;
  formType: string | null;
  formId: string | null;
  operator: string;
  createTime: string | null;
};
type MyFormRecord = Rest & { id: string; tableId: string; tableName: string; title: string | null; actStatus: string | null; procDefId: string | null; procInstId: string | null };
type PoolRecord = Rest & { id: string; itemId: string | null; itemName: string; qty: number; supplierId: string | null; supplierName: string | null; status: number; applicantName: string | null; sysOrgCode: string | null };

export const LIBRARY_STATES: Record<string, AssetState> = {
  receive: 'received',
  recycle: 'recycled',
  scrap: 'scrapped',
  share: 'shared',
};

const TOTAL_WL: Whitelist = {
  itemName: 'i.name',
  code: 'i.code',
  kind: 'i.kind',
  categoryId: 'i.categoryId',
  warehouseId: 's.warehouseId',
  sysOrgCode: 's.sysOrgCode',
  qty: { column: 's.qty', type: 'number' },
};

const ASSET_WL: Whitelist = {
  itemName: 'i.name',
  assetNo: 'a.assetNo',
  holder: 'a.holder',
  holderName: 'a.holderName',
  categoryId: 'i.categoryId',
  itemId: 'a.itemId',
  warehouseId: 'a.warehouseId',
  sysOrgCode: 'a.sysOrgCode',
  state: 'a.state',
  stateTime: { column: 'a.stateTime', type: 'datetime' },
};

const ENTRY_WL: Whitelist = {
  itemId: 'e.itemId',
  itemName: 'i.name',
  warehouseId: 'e.warehouseId',
  assetId: 'e.assetId',
  movement: 'e.movement',
  formType: 'e.formType',
  formId: 'e.formId',
  operator: 'e.operator',
  kind: 'i.kind',
  sysOrgCode: 'e.sysOrgCode',
  createTime: { column: 'e.createTime', type: 'datetime' },
};

const POOL_WL: Whitelist = {
  itemName: 'p.itemName',
  supplierId: 'p.supplierId',
  status: { column: 'p.status', type: 'number' },
  applicantName: 'p.applicantName',
  sysOrgCode: 'p.sysOrgCode',
  createTime: { column: 'p.createTime', type: 'datetime' },
};

export const TOTAL_EXPORT: ExportColumn[] = [
  { header: '物品编码', key: 'code' },
  { header: '物品名称', key: 'itemName', width: 24 },
  { header: '规格', key: 'spec', width: 20 },
  { header: '单位', key: 'unit', width: 8 },
  { header: '类型', key: 'kind_dictText', width: 8 },
  { header: '仓库', key: 'warehouseName', width: 20 },
  { header: '公司', key: 'sysOrgCode', width: 8 },
  { header: '库存数量', key: 'qty', width: 10 },
];
export const ASSET_EXPORT: ExportColumn[] = [
  { header: '资产编号', key: 'assetNo', width: 26 },
  { header: '物品名称', key: 'itemName', width: 24 },
  { header: '规格', key: 'spec', width: 20 },
  { header: '状态', key: 'state_dictText', width: 10 },
  { header: '持有人', key: 'holderName' },
  { header: '位置', key: 'location', width: 20 },
  { header: '仓库', key: 'warehouseName', width: 20 },
  { header: '公司', key: 'sysOrgCode', width: 8 },
  { header: '变更时间', key: 'stateTime', width: 20 },
];
export const POOL_EXPORT: ExportColumn[] = [
  { header: '供应商', key: 'supplierName', width: 28 },
  { header: '物品名称', key: 'itemName', width: 24 },
  { header: '规格', key: 'spec', width: 20 },
  { header: '单位', key: 'unit', width: 8 },
  { header: '数量', key: 'qty', width: 8 },
  { header: '预估单价', key: 'price', width: 12 },
  { header: '状态', key: 'status_dictText', width: 10 },
  { header: '标记', key: 'markName', width: 16 },
  { header: '申请人', key: 'applicantName' },
  { header: '来源单据', key: 'sourceTitle', width: 28 },
  { header: '公司', key: 'sysOrgCode', width: 8 },
  { header: '加入时间', key: 'createTime', width: 20 },
];

const kindText = (k: unknown) => (k === 'asset' ? '资产' : '耗材');

/** Libraries (total, receive, recycle, scrap, share), movement history, the procure pool and pickers. */
export class LibraryService {
  constructor(private readonly db: Database) {}

  private totalBase(user: CurrentUser, params: Params) {
    let qb = this.db
      .selectFrom('ldStock as s')
      .innerJoin('ldItem as i', 'i.id', 's.itemId')
      .innerJoin('ldWarehouse as w', 'w.id', 's.warehouseId')
      .leftJoin('ldCategory as c', 'c.id', 'i.categoryId');
    qb = scopeToCompany(qb, user, 's.sysOrgCode');
    return applyFilters(qb, params, TOTAL_WL);
  }

  private totalSelect<QB extends ReturnType<LibraryService['totalBase']>>(qb: QB, params: Params) {
    return applySort(
      qb.select([
        's.itemId',
        'i.code',
        'i.name as itemName',
        'i.spec',
        'i.unit',
        'i.kind',
        'c.name as categoryName',
        's.warehouseId',
        'w.name as warehouseName',
        'w.type as warehouseType',
        's.sysOrgCode',
        's.qty',
        's.updateTime',
      ]),
      params,
      TOTAL_WL,
      { field: 'code', order: 'asc' },
    ).orderBy('s.warehouseId');
  }

  /** 总库: stock per item and warehouse. */
  async total(user: CurrentUser, params: Params) {
    const pg = await runPage<ReturnType<LibraryService['totalBase']>, StockRecord>(
      this.totalBase(user, params),
      (qb) => this.totalSelect(qb, params),
      paging(params, 500),
    );
    return {
      ...pg,
      records: pg.records.map((r) => ({
        ...r,
        id: `${String(r.itemId)}:${String(r.warehouseId)}`,
        kind_dictText: kindText(r.kind),
      })),
    };
  }

  exportTotal(user: CurrentUser, params: Params) {
    const ordered = this.totalSelect(this.totalBase(user, params), params);
    return streamXlsx({
      title: '总库库存',
      subTitle: `导出人:${user.realname}`,
      columns: TOTAL_EXPORT,
      rows: batches(async (offset) =>
        (await ordered.limit(2000).offset(offset).execute()).map(
          (r) => ({ ...r, kind_dictText: kindText(r.kind) }) as Row,
        ),
      ),
    });
  }

  private assetBase(user: CurrentUser, state: AssetState | null, params: Params) {
    let qb = this.db
      .selectFrom('ldAsset as a')
      .innerJoin('ldItem as i', 'i.id', 'a.itemId')
      .leftJoin('ldWarehouse as w', 'w.id', 'a.warehouseId');
    if (state) qb = qb.where('a.state', '=', state);
    // The share library is group-wide: sharing across companies is what it is for.
    if (state !== 'shared') qb = scopeToCompany(qb, user, 'a.sysOrgCode');
    return applyFilters(qb, params, ASSET_WL);
  }

  private assetSelect<QB extends ReturnType<LibraryService['assetBase']>>(qb: QB, params: Params) {
    return applySort(
      qb.select([
        'a.id',
        'a.assetNo',
        'a.itemId',
        'i.name as itemName',
        'i.spec',
        'i.unit',
        'a.state',
        'a.holder',
        'a.holderName',
        'a.location',
        'a.warehouseId',
        'w.name as warehouseName',
        'a.sysOrgCode',
        'a.price',
        'a.stateTime',
      ]),
      params,
      ASSET_WL,
      { field: 'stateTime', order: 'desc' },
    ).orderBy('a.id', 'desc');
  }

  private presentAsset = <T extends { state: unknown }>(r: T) => ({
    ...r,
    state_dictText: ASSET_STATES[r.state as AssetState] ?? String(r.state),
  });

  /** Assets by state (the receive, recycle, scrap and share libraries), or all assets. */
  async assets(user: CurrentUser, state: AssetState | null, params: Params) {
    const pg = await runPage<ReturnType<LibraryService['assetBase']>, AssetRecord>(
      this.assetBase(user, state, params),
      (qb) => this.assetSelect(qb, params),
      paging(params, 500),
    );
    return { ...pg, records: pg.records.map(this.presentAsset) };
  }

  exportAssets(user: CurrentUser, state: AssetState | null, params: Params, title: string) {
    const ordered = this.assetSelect(this.assetBase(user, state, params), params);
    return streamXlsx({
      title,
      subTitle: `导出人:${user.realname}`,
      columns: ASSET_EXPORT,
      rows: batches(async (offset) =>
        (await ordered.limit(2000).offset(offset).execute()).map((r) => this.presentAsset(r)),
      ),
    });
  }

  /** Movement history (newest first). */
  async entries(user: CurrentUser, params: Params) {
    let qb = this.db
      .selectFrom('ldEntry as e')
      .innerJoin('ldItem as i', 'i.id', 'e.itemId')
      .leftJoin('ldWarehouse as w', 'w.id', 'e.warehouseId')
      .leftJoin('ldAsset as a', 'a.id', 'e.assetId')
      .leftJoin('sysUser as u', 'u.username', 'e.operator')
      .leftJoin('sysUser as hb', 'hb.username', 'e.holderBefore')
      .leftJoin('sysUser as ha', 'ha.username', 'e.holderAfter');
    // An asset's whole history is visible to whoever may see the asset now (it may have moved companies).
    const assetId = typeof params.assetId === 'string' ? params.assetId : '';
    const asset = assetId
      ? await this.db
          .selectFrom('ldAsset')
          .select(['sysOrgCode', 'state'])
          .where('id', '=', assetId)
          .executeTakeFirst()
      : undefined;
    if (!asset || !(asset.state === 'shared' || inCompanyScope(user, asset.sysOrgCode)))
      qb = scopeToCompany(qb, user, 'e.sysOrgCode');
    const base = applyFilters(qb, params, ENTRY_WL);
    const pg = await runPage<typeof base, EntryRecord>(
      base,
      (b) =>
        b
          .select([
            'e.id',
            'e.itemId',
            'i.name as itemName',
            'i.unit',
            'e.warehouseId',
            'w.name as warehouseName',
            'e.assetId',
            'a.assetNo',
            'e.movement',
            'e.qtyChange',
            'e.qtyBefore',
            'e.qtyAfter',
            'e.formType',
            'e.formId',
            'e.formTitle',
            'e.operator',
            'u.realname as operatorName',
            'e.holderBefore',
            'hb.realname as holderBeforeName',
            'e.holderAfter',
            'ha.realname as holderAfterName',
            'e.price',
            'e.remark',
            'e.sysOrgCode',
            'e.createTime',
          ])
          .orderBy('e.createTime', 'desc')
          .orderBy('e.id', 'desc'),
      paging(params, 500),
    );
    return {
      ...pg,
      records: pg.records.map((r) => ({
        ...r,
        movement_dictText: String(MOVEMENTS[r.movement as keyof typeof MOVEMENTS] ?? r.movement),
      })),
    };
  }

  /** Stock of an item: per warehouse in the caller's scope, and the total. */
  async stockOf(user: CurrentUser, itemId: string, warehouseId?: string) {
    let qb = this.db
      .selectFrom('ldStock as s')
      .innerJoin('ldWarehouse as w', 'w.id', 's.warehouseId')
      .select(['s.warehouseId', 'w.name as warehouseName', 's.sysOrgCode', 's.qty'])
      .where('s.itemId', '=', itemId);
    if (warehouseId) qb = qb.where('s.warehouseId', '=', warehouseId);
    qb = scopeToCompany(qb, user, 's.sysOrgCode');
    const rows = await qb.orderBy('s.warehouseId').execute();
    return { itemId, qty: rows.reduce((s, r) => s + Number(r.qty), 0), warehouses: rows };
  }

  /** Assets a line of `purpose` may pick for the caller (docs/ledger.md §4). */
  async assetPicker(user: CurrentUser, purpose: GoodsType, params: Params) {
    const rule = ASSET_ACTION[purpose];
    if (!rule) return [];
    let qb = this.db
      .selectFrom('ldAsset as a')
      .innerJoin('ldItem as i', 'i.id', 'a.itemId')
      .leftJoin('ldWarehouse as w', 'w.id', 'a.warehouseId')
      .select([
        'a.id',
        'a.assetNo',
        'a.itemId',
        'i.name as itemName',
        'i.spec',
        'i.unit',
        'a.state',
        'a.holder',
        'a.holderName',
        'a.warehouseId',
        'w.name as warehouseName',
        'a.sysOrgCode',
      ])
      .where('a.state', 'in', rule.states);
    if (!rule.anyCompany) qb = scopeToCompany(qb, user, 'a.sysOrgCode');
    if (rule.mine) qb = qb.where('a.holder', '=', user.username);
    if (purpose === 'ld_return')
      qb = qb.where((eb) => eb.or([eb('a.holder', '=', user.username), eb('a.state', '=', 'recycled')]));
    if (purpose === 'ld_share_claim')
      qb = qb.where((eb) => eb.or([eb('a.holder', 'is', null), eb('a.holder', '<>', user.username)]));
    const kw = typeof params.keyword === 'string' ? params.keyword.trim().slice(0, 50) : '';
    if (kw) {
      qb = qb.where((eb) => eb.or([likeContains('a.assetNo', kw), likeContains('i.name', kw)]));
    }
    const rows = await qb.orderBy('i.name').orderBy('a.assetNo').limit(200).execute();
    return rows.map((r) => this.presentAsset(r));
  }

  /** The caller's goods applications (every goods type, or one), with their approval state. */
  async myForms(user: CurrentUser, params: Params) {
    const kind = typeof params.kind === 'string' && params.kind in GOODS_TYPES ? params.kind : null;
    let qb = this.db
      .selectFrom('ldForm as f')
      .innerJoin('wfBusiness as b', (j) =>
        j.onRef('b.tableId', '=', 'f.id').onRef('b.tableName', '=', 'f.kind'),
      )
      .where('f.applicant', '=', user.username)
      .where('f.delFlag', '=', 0);
    if (kind) qb = qb.where('f.kind', '=', kind);
    const p = paging(params, 100);
    const pg = await runPage<typeof qb, MyFormRecord>(
      qb,
      (b) =>
        b
          .select([
            'b.id',
            'f.id as tableId',
            'f.kind as tableName',
            'f.title',
            'f.actStatus',
            'f.crossCompany',
            'b.procDefId',
            'b.procInstId',
            'b.status',
            'b.result',
            'b.applyTime',
            'f.createTime',
          ])
          .orderBy('f.createTime', 'desc')
          .orderBy('f.id', 'desc'),
      p,
    );
    return {
      ...pg,
      records: pg.records.map((r) => ({
        ...r,
        routeName: 'ledger/GoodsForm',
        formLabel: String(GOODS_TYPES[r.tableName as GoodsType] ?? ''),
      })),
    };
  }

  // ------------------------------------------------------------------ procure pool

  private poolBase(user: CurrentUser, params: Params) {
    let qb = this.db.selectFrom('ldProcurePool as p').leftJoin('ldSupplier as s', 's.id', 'p.supplierId');
    qb = scopeToCompany(qb, user, 'p.sysOrgCode');
    return applyFilters(qb, params, POOL_WL);
  }

  private poolSelect<QB extends ReturnType<LibraryService['poolBase']>>(qb: QB) {
    return qb
      .select([
        'p.id',
        'p.itemId',
        'p.itemName',
        'p.spec',
        'p.unit',
        'p.qty',
        'p.price',
        'p.supplierId',
        's.name as supplierName',
        'p.status',
        'p.markName',
        'p.markedBy',
        'p.markedTime',
        'p.sourceFormId',
        'p.sourceTitle',
        'p.applicant',
        'p.applicantName',
        'p.entryFormId',
        'p.remark',
        'p.sysOrgCode',
        'p.createTime',
      ])
      .orderBy('s.name')
      .orderBy('p.createTime', 'desc')
      .orderBy('p.id');
  }

  private presentPool = <T extends { supplierName: unknown; status: unknown; price?: unknown; qty: unknown }>(r: T) => ({
    ...r,
    supplierName: typeof r.supplierName === 'string' ? r.supplierName : '未指定供应商',
    status_dictText: POOL_STATUS[r.status as 0 | 1 | 2] ?? '',
    amount: Math.round(Number(r.price ?? 0) * Number(r.qty) * 100) / 100,
  });

  /** Pool lines, ordered by supplier (the page groups them), with one summary row per supplier. */
  async pool(user: CurrentUser, params: Params) {
    const base = this.poolBase(user, params);
    const pg = await runPage<typeof base, PoolRecord>(base, (qb) => this.poolSelect(qb), paging(params, 500));
    const groups = await base
      .select((eb) => [
        'p.supplierId',
        's.name as supplierName',
        eb.fn.countAll<number>().as('lines'),
        eb.fn.sum<number>('p.qty').as('qty'),
      ])
      .groupBy(['p.supplierId', 's.name'])
      .orderBy('s.name')
      .execute();
    return {
      ...pg,
      records: pg.records.map(this.presentPool),
      groups: groups.map((g) => ({
        supplierId: g.supplierId,
        supplierName: g.supplierName ?? '未指定供应商',
        lines: Number(g.lines),
        qty: Number(g.qty ?? 0),
      })),
    };
  }

  /** Every pool line in scope (no paging), grouped by supplier. */
  exportPool(user: CurrentUser, params: Params) {
    const { pageNo: _p, pageSize: _s, ...filters } = params;
    const ordered = this.poolSelect(this.poolBase(user, filters));
    return streamXlsx({
      title: '采购池',
      subTitle: `导出人:${user.realname}`,
      columns: POOL_EXPORT,
      rows: batches(async (offset) =>
        (await ordered.limit(2000).offset(offset).execute()).map((r) => this.presentPool(r)),
      ),
    });
  }

  /** Lines added directly (`addActProcurePool`), or by a passed purchase form. */
  async addToPool(
    user: CurrentUser,
    lines: {
      itemId?: string | null;
      itemName?: string | null;
      spec?: string | null;
      unit?: string | null;
      qty: number;
      price?: number | null;
      supplierId?: string | null;
      remark?: string | null;
    }[],
  ): Promise<string[]> {
    const t = now();
    return this.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (const [i, l] of lines.entries()) {
        let { itemName, spec, unit } = l;
        if (l.itemId) {
          const it = await trx.selectFrom('ldItem').selectAll().where('id', '=', l.itemId).executeTakeFirst();
          if (!it) throw businessError(`第${i + 1}行：物品不存在`);
          ({ name: itemName, spec, unit } = it);
        }
        if (!itemName) throw businessError(`第${i + 1}行：请选择物品或填写物品名称`);
        if (l.supplierId) {
          const s = await trx
            .selectFrom('ldSupplier')
            .select(['status', 'name'])
            .where('id', '=', l.supplierId)
            .executeTakeFirst();
          if (!s) throw businessError(`第${i + 1}行：供应商不存在`);
          if (s.status !== 1) throw businessError(`第${i + 1}行：供应商「${s.name}」已停用`);
        }
        const id = newId();
        const row = {
          id,
          itemId: l.itemId || null,
          itemName,
          spec: spec ?? null,
          unit: unit ?? null,
          qty: l.qty,
          price: l.price ?? null,
          supplierId: l.supplierId || null,
          status: 0,
          markName: null,
          markedBy: null,
          markedTime: null,
          sourceFormId: null,
          sourceTitle: '手工加入',
          applicant: user.username,
          applicantName: user.realname,
          entryFormId: null,
          remark: l.remark ?? null,
          sysOrgCode: user.company,
          createBy: user.username,
          createTime: t,
          updateBy: null,
          updateTime: null,
        };
        await trx.insertInto('ldProcurePool').values(row).execute();
        await recordChanges(trx, { type: 'ld_procure_pool', id, name: row.itemName, orgCode: row.sysOrgCode }, null, row);
        ids.push(id);
      }
      return ids;
    });
  }

  /** 标记 (chooseMark): the chosen supplier / mark name on waiting lines of the caller's scope. */
  async mark(
    user: CurrentUser,
    ids: string[],
    markName: string,
    supplierId?: string | null,
  ): Promise<number> {
    if (supplierId) {
      const s = await this.db
        .selectFrom('ldSupplier')
        .select(['status', 'name'])
        .where('id', '=', supplierId)
        .executeTakeFirst();
      if (!s) throw businessError('供应商不存在');
      if (s.status !== 1) throw businessError(`供应商「${s.name}」已停用`);
    }
    let qb = this.db
      .selectFrom('ldProcurePool')
      .select(['id', 'status', 'sysOrgCode'])
      .where('id', 'in', ids);
    if (!isGroupLevel(user)) qb = qb.where('sysOrgCode', 'like', `${user.company}%`);
    const rows = await qb.execute();
    if (rows.length !== ids.length) throw businessError('未找到对应数据');
    if (rows.some((r) => r.status === 2)) throw businessError('已入库的明细不能标记');
    const t = now();
    const set = { status: 1, markName, markedBy: user.username, markedTime: t, ...(supplierId ? { supplierId } : {}), updateBy: user.username, updateTime: t };
    // the lines' marks and their audit rows (docs/audit.md) together
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('ldProcurePool').selectAll().where('id', 'in', ids).where('status', 'in', [0, 1]).execute();
      const res = await trx.updateTable('ldProcurePool').set(set).where('id', 'in', ids).where('status', 'in', [0, 1]).executeTakeFirst();
      for (const r of before) await recordChanges(trx, { type: 'ld_procure_pool', id: r.id, name: r.itemName, orgCode: r.sysOrgCode }, r, set);
      return Number(res.numUpdatedRows);
    });
  }
}

async function* batches(fetch: (offset: number) => Promise<Row[]>): AsyncIterable<Row> {
  for (let offset = 0; ; offset += 2000) {
    const rows = await fetch(offset);
    for (const r of rows) yield r;
    if (rows.length < 2000) break;
  }
}
