import { companyOf } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { businessError } from '../../../platform/http/errors.js';
import {
  ASSET_STATES,
  type GoodsFormInput,
  type GoodsLine,
  type GoodsType,
} from '@go/contract/ledger/schemas';
import type { Applicant } from '../../workflow/form-registry.js';
import type { AssetState, LdAsset, LdFormLine, LdItem, LdWarehouse } from '../ledger.tables.js';
import { assetRefusal } from '../posting.js';

/** A checked line, ready to store. */
export type PreparedLine = Omit<LdFormLine, 'id' | 'formId' | 'lineNo'>;

export interface PreparedForm {
  lines: PreparedLine[];
  crossCompany: number;
  claimOrgCode: string | null;
  receiver: string | null;
}

/** What each type may pick: asset states allowed, and whether the applicant must hold the asset. */
const ASSET_RULE: Partial<
  Record<GoodsType, { states: AssetState[]; action: string; mine?: boolean; anyCompany?: boolean }>
> = {
  ld_enter_store: { states: ['in_stock'], action: '进店' },
  ld_receive: { states: ['in_stock'], action: '领用' },
  ld_return: { states: ['received', 'shared', 'recycled'], action: '归还' },
  ld_share: { states: ['received'], action: '共享', mine: true },
  ld_share_claim: { states: ['shared'], action: '申领', anyCompany: true },
  ld_recycle: { states: ['received', 'shared'], action: '回收' },
  ld_scrap: { states: ['in_stock', 'received', 'shared', 'recycled'], action: '报废' },
  ld_handover: { states: ['received', 'shared'], action: '交接', mine: true },
};

export const ASSET_ACTION = ASSET_RULE;

const inCompany = (orgCode: string | null | undefined, company: string) =>
  !!orgCode && orgCode.startsWith(company);

/**
 * Checks a goods form's lines against the books when it is saved (the same checks run again, as
 * conditional updates, when it passes): items enabled, warehouses of the applicant's company, assets in a
 * state the type may move and held by the right person, pool lines still waiting, suppliers enabled.
 */
export async function prepareLines(
  db: Database,
  type: GoodsType,
  applicant: Applicant,
  data: GoodsFormInput,
): Promise<PreparedForm> {
  const company = companyOf(applicant.orgCode);
  const items = new Map<string, LdItem>();
  const item = async (id: string, n: number) => {
    let it = items.get(id);
    if (!it) {
      it = await db.selectFrom('ldItem').selectAll().where('id', '=', id).executeTakeFirst();
      if (!it) throw businessError(`第${n}行：物品不存在`);
      items.set(id, it);
    }
    if (it.status !== 1) throw businessError(`第${n}行：物品「${it.name}」已停用`);
    return it;
  };
  const warehouse = async (id: string, n: number): Promise<LdWarehouse> => {
    const w = await db.selectFrom('ldWarehouse').selectAll().where('id', '=', id).executeTakeFirst();
    if (!w || !inCompany(w.sysOrgCode, company)) throw businessError(`第${n}行：仓库不存在或不属于本公司`);
    if (w.status !== 1) throw businessError(`第${n}行：仓库「${w.name}」已停用`);
    return w;
  };
  const supplier = async (id: string, n: number) => {
    const s = await db
      .selectFrom('ldSupplier')
      .select(['name', 'status', 'sysOrgCode'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!s || !(inCompany(s.sysOrgCode, company) || inCompany(s.sysOrgCode, 'A01')))
      throw businessError(`第${n}行：供应商不存在`);
    if (s.status !== 1) throw businessError(`第${n}行：供应商「${s.name}」已停用`);
  };
  const asset = async (id: string, n: number): Promise<LdAsset> => {
    const a = await db.selectFrom('ldAsset').selectAll().where('id', '=', id).executeTakeFirst();
    const rule = ASSET_RULE[type];
    if (!a || !rule) throw businessError(`第${n}行：资产不存在`);
    if (!rule.anyCompany && company !== 'A01' && !inCompany(a.sysOrgCode, company))
      throw businessError(`第${n}行：资产不存在`);
    if (!rule.states.includes(a.state))
      throw businessError(`第${n}行：${assetRefusal(a.assetNo, a.state, rule.action)}`);
    if (rule.mine && a.holder !== applicant.username)
      throw businessError(`第${n}行：资产「${a.assetNo}」不在您名下`);
    if (type === 'ld_return' && a.state !== 'recycled' && a.holder !== applicant.username)
      throw businessError(`第${n}行：资产「${a.assetNo}」不在您名下`);
    if (type === 'ld_share_claim' && a.holder === applicant.username)
      throw businessError(`第${n}行：不能申领自己共享的资产「${a.assetNo}」`);
    return a;
  };

  const out: PreparedLine[] = [];
  const seenAssets = new Set<string>();
  let crossCompany = 0;
  for (const [i, l] of data.lines.entries()) {
    const n = i + 1;
    const line: PreparedLine = {
      itemId: l.itemId || null,
      itemName: l.itemName || null,
      spec: l.spec || null,
      unit: l.unit || null,
      qty: l.qty ?? 1,
      price: l.price ?? null,
      supplierId: l.supplierId || null,
      warehouseId: l.warehouseId || null,
      toWarehouseId: l.toWarehouseId || null,
      assetId: l.assetId || null,
      poolId: l.poolId || null,
      remark: l.remark || null,
    };
    if (line.supplierId) await supplier(line.supplierId, n);
    if (type === 'ld_purchase') {
      if (line.itemId) fillItem(line, await item(line.itemId, n));
    } else if (type === 'ld_stock_entry') {
      if (line.poolId) {
        const p = await db
          .selectFrom('ldProcurePool')
          .selectAll()
          .where('id', '=', line.poolId)
          .executeTakeFirst();
        if (!p || !inCompany(p.sysOrgCode, company)) throw businessError(`第${n}行：采购池明细不存在`);
        if (p.status === 2) throw businessError(`第${n}行：采购池明细「${p.itemName}」已入库`);
        line.itemId = line.itemId || p.itemId;
        if (!line.itemId) throw businessError(`第${n}行：采购池明细「${p.itemName}」未关联物品，请选择物品`);
        if (l.qty === undefined || l.qty === null) line.qty = p.qty;
      }
      fillItem(line, await item(line.itemId!, n));
      await warehouse(line.warehouseId!, n);
    } else if (line.assetId) {
      if (seenAssets.has(line.assetId)) throw businessError(`第${n}行：同一资产不能重复添加`);
      seenAssets.add(line.assetId);
      const a = await asset(line.assetId, n);
      fillItem(line, await itemAny(db, a.itemId));
      line.qty = 1;
      if (type === 'ld_share_claim' && companyOf(a.sysOrgCode) !== company) crossCompany = 1;
      if (type === 'ld_enter_store') line.warehouseId = a.warehouseId;
      if (type === 'ld_return') await warehouse(line.warehouseId!, n);
    } else {
      const it = await item(line.itemId!, n);
      if (it.kind === 'asset') throw businessError(`第${n}行：「${it.name}」是资产，请选择具体资产`);
      fillItem(line, it);
      await warehouse(line.warehouseId!, n);
    }
    if (type === 'ld_enter_store') {
      const to = await warehouse(line.toWarehouseId!, n);
      if (to.type !== 'store') throw businessError(`第${n}行：进店仓库须为门店仓库`);
      if (to.id === line.warehouseId) throw businessError(`第${n}行：进店仓库不能与出库仓库相同`);
    }
    out.push(line);
  }

  let receiver: string | null = null;
  if (type === 'ld_handover') {
    receiver = data.receiver!.trim();
    if (receiver === applicant.username) throw businessError('不能交接给自己');
    const u = await db
      .selectFrom('sysUser')
      .select(['orgCode', 'status', 'delFlag'])
      .where('username', '=', receiver)
      .executeTakeFirst();
    if (!u || u.delFlag !== 0 || u.status !== 1) throw businessError('接收人不存在或已停用');
    if (company !== 'A01' && companyOf(u.orgCode) !== company) throw businessError('接收人须为本公司同事');
  }
  return {
    lines: out,
    crossCompany,
    claimOrgCode: crossCompany ? 'A01' : type === 'ld_share_claim' ? company : null,
    receiver,
  };
}

async function itemAny(db: Database, id: string): Promise<LdItem> {
  const it = await db.selectFrom('ldItem').selectAll().where('id', '=', id).executeTakeFirst();
  if (!it) throw businessError('物品不存在');
  return it;
}

function fillItem(line: PreparedLine, it: LdItem): void {
  line.itemId = it.id;
  line.itemName = it.name;
  line.spec = it.spec;
  line.unit = it.unit;
}

export type { GoodsLine };
export const stateText = (s: AssetState) => ASSET_STATES[s];
