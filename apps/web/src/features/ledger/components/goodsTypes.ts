import { GOODS_TYPES, type GoodsType } from '@go/contract/ledger/schemas';

/** Which line fields a goods form type uses (docs/ledger.md §4). */
export interface LineLayout {
  pool?: boolean;
  /** item select: 'all' items, 'consumable' only, or none */
  item?: 'all' | 'consumable';
  /** free item name when no catalogue item */
  freeName?: boolean;
  /** asset select (from the picker for this type) */
  asset?: boolean;
  /** the asset alone names the line (share, claim, recycle, handover) */
  assetOnly?: boolean;
  warehouse?: string;
  toWarehouse?: boolean;
  qty?: boolean;
  price?: string;
  supplier?: string;
}

export interface GoodsTypeInfo {
  tableName: GoodsType;
  label: string;
  /** what the reason field is called, and whether it is required */
  reason: { label: string; required?: boolean };
  layout: LineLayout;
  photos?: boolean;
  receiver?: boolean;
  hint: string;
}

export const GOODS_INFO: Record<GoodsType, GoodsTypeInfo> = {
  ld_purchase: {
    tableName: 'ld_purchase',
    label: GOODS_TYPES.ld_purchase,
    reason: { label: '采购事由' },
    layout: { item: 'all', freeName: true, qty: true, price: '预估单价', supplier: '首选供应商' },
    hint: '审批通过后明细进入采购池，由采购人员统一采购',
  },
  ld_stock_entry: {
    tableName: 'ld_stock_entry',
    label: GOODS_TYPES.ld_stock_entry,
    reason: { label: '入库说明' },
    layout: {
      pool: true,
      item: 'all',
      warehouse: '入库仓库',
      qty: true,
      price: '实际单价',
      supplier: '供应商',
    },
    hint: '可选择采购池明细或直接填写；审批通过后库存增加，资产逐台登记编号',
  },
  ld_enter_store: {
    tableName: 'ld_enter_store',
    label: GOODS_TYPES.ld_enter_store,
    reason: { label: '进店说明' },
    layout: { asset: true, item: 'consumable', warehouse: '出库仓库', toWarehouse: true, qty: true },
    hint: '把物资从公司仓库送到门店仓库；审批通过后调出与进店同时记账',
  },
  ld_receive: {
    tableName: 'ld_receive',
    label: GOODS_TYPES.ld_receive,
    reason: { label: '领用事由' },
    layout: { asset: true, item: 'consumable', warehouse: '领用仓库', qty: true },
    hint: '资产请选择具体资产编号；耗材选择物品、仓库和数量。审批通过后出库',
  },
  ld_return: {
    tableName: 'ld_return',
    label: GOODS_TYPES.ld_return,
    reason: { label: '归还说明' },
    layout: { asset: true, item: 'consumable', warehouse: '归还仓库', qty: true },
    hint: '归还本人名下资产或已回收资产；审批通过后重新入库',
  },
  ld_share: {
    tableName: 'ld_share',
    label: GOODS_TYPES.ld_share,
    reason: { label: '共享说明' },
    layout: { asset: true, assetOnly: true },
    hint: '把本人名下的资产放入共享库，供集团内同事申领',
  },
  ld_share_claim: {
    tableName: 'ld_share_claim',
    label: GOODS_TYPES.ld_share_claim,
    reason: { label: '申领事由' },
    layout: { asset: true, assetOnly: true },
    hint: '从共享库申领资产；跨公司申领标记为集团级（A01），由集团审批',
  },
  ld_recycle: {
    tableName: 'ld_recycle',
    label: GOODS_TYPES.ld_recycle,
    reason: { label: '回收原因' },
    layout: { asset: true, assetOnly: true },
    hint: '收回员工名下或共享中的资产，进入回收库',
  },
  ld_scrap: {
    tableName: 'ld_scrap',
    label: GOODS_TYPES.ld_scrap,
    reason: { label: '报废原因', required: true },
    layout: { asset: true, item: 'consumable', warehouse: '所在仓库', qty: true },
    photos: true,
    hint: '报废后资产销账，不能再领用',
  },
  ld_handover: {
    tableName: 'ld_handover',
    label: GOODS_TYPES.ld_handover,
    reason: { label: '交接说明' },
    layout: { asset: true, assetOnly: true },
    receiver: true,
    hint: '离职或调岗时把名下资产与工作交接给同事，审批通过后持有人变更',
  },
};

export const GOODS_LIST = Object.values(GOODS_INFO);
