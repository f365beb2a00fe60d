import { useQuery } from '@tanstack/react-query';
import { getAction } from '../../app/http/client';

export const LEDGER_URL = {
  items: '/ledger/item/list',
  categoryTree: '/ledger/category/tree',
  warehouses: '/ledger/warehouse/list',
  /** the supplier picker: ids and names of enabled suppliers (the supplier page itself is for administrators) */
  suppliers: '/ledger/supplier/options',
  assetPicker: '/ledger/asset/picker',
  entries: '/ledger/entry/list',
  stock: '/ledger/stock/one',
  pool: '/activiti/actProcurePoolExtend/list',
  poolAdd: '/activiti/actProcurePoolExtend/addActProcurePool',
  poolMark: '/activiti/actProcurePoolExtend/mark',
  poolExport: '/activiti/actProcurePoolExtend/allProcureExportXls',
  chooseMark: '/activiti/chooseMark/add',
  myForms: '/ledger/form/my',
} as const;

export interface Option {
  value: string;
  label: string;
}

export interface ItemRow {
  id: string;
  code: string;
  name: string;
  spec: string | null;
  unit: string;
  kind: 'consumable' | 'asset';
  price: number | null;
}
export interface WarehouseRow {
  id: string;
  name: string;
  type: 'main' | 'store';
  sysOrgCode: string;
}
export interface AssetRow {
  id: string;
  assetNo: string;
  itemId: string;
  itemName: string;
  spec: string | null;
  state: string;
  state_dictText: string;
  holderName: string | null;
  warehouseId: string | null;
  warehouseName: string | null;
  sysOrgCode: string;
}
export interface PoolRow {
  id: string;
  itemId: string | null;
  itemName: string;
  spec: string | null;
  unit: string | null;
  qty: number;
  price: number | null;
  supplierId: string | null;
  supplierName: string;
  status: number;
}

async function records<T>(url: string, params: Record<string, unknown>): Promise<T[]> {
  const res = await getAction<{ records?: T[] } | T[]>(url, params);
  if (!res.success) return [];
  const r = res.result;
  return Array.isArray(r) ? r : (r?.records ?? []);
}

const staleTime = 30_000;

export function useItems(enabled = true) {
  return useQuery({
    queryKey: ['ledger', 'items'],
    enabled,
    staleTime,
    queryFn: () => records<ItemRow>(LEDGER_URL.items, { pageNo: 1, pageSize: 500, status: 1 }),
  });
}

export function useWarehouses(enabled = true) {
  return useQuery({
    queryKey: ['ledger', 'warehouses'],
    enabled,
    staleTime,
    queryFn: () => records<WarehouseRow>(LEDGER_URL.warehouses, { pageNo: 1, pageSize: 500, status: 1 }),
  });
}

export function useSuppliers(enabled = true) {
  return useQuery({
    queryKey: ['ledger', 'suppliers'],
    enabled,
    staleTime,
    queryFn: () => records<{ id: string; name: string }>(LEDGER_URL.suppliers, {}),
  });
}

export function useAssetPicker(purpose: string, enabled = true) {
  return useQuery({
    queryKey: ['ledger', 'assetPicker', purpose],
    enabled,
    staleTime: 0,
    queryFn: () => records<AssetRow>(LEDGER_URL.assetPicker, { purpose }),
  });
}

export function usePoolLines(enabled = true) {
  return useQuery({
    queryKey: ['ledger', 'poolWaiting'],
    enabled,
    staleTime: 0,
    queryFn: () => records<PoolRow>(LEDGER_URL.pool, { pageNo: 1, pageSize: 500, status_MultiString: '0,1' }),
  });
}

export const money = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? ''
    : Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
