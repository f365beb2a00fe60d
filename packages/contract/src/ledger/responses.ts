import { z } from 'zod';

/**
 * Response rows of the goods ledger (libraries, movement history, procure pool, own applications): the
 * fields the clients read; loose, so the other selected columns and `*_dictText` pass through. Prices are
 * decimals (a string on some databases), so they are not typed here.
 */

const str = z.string();
const opt = z.string().nullable();

export interface LdCategoryNode {
  key: string;
  value: string;
  title: string;
  label: string;
  parentId: string | null;
  children: LdCategoryNode[];
  leaf?: boolean;
}

/** The item category tree (`/ledger/category/tree`). */
export const ldCategoryNode: z.ZodType<LdCategoryNode, LdCategoryNode> = z.lazy(() =>
  z.object({
    key: str,
    value: str,
    title: str,
    label: str,
    parentId: opt,
    children: z.array(ldCategoryNode),
    leaf: z.boolean().optional(),
  }),
);

/** 总库: stock of one item in one warehouse (id = `itemId:warehouseId`). */
export const ldStockRow = z.looseObject({
  id: str,
  itemId: str,
  code: opt,
  itemName: str,
  kind: str,
  kind_dictText: str,
  warehouseId: str,
  warehouseName: str,
  sysOrgCode: opt,
  qty: z.number(),
});

/** An asset of the libraries and the asset ledger. */
export const ldAssetRow = z.looseObject({
  id: str,
  assetNo: str,
  itemId: str,
  itemName: str,
  state: str,
  state_dictText: str,
  holder: opt,
  holderName: opt,
  warehouseId: opt,
  warehouseName: opt,
  sysOrgCode: opt,
});

/** One stock or asset movement. */
export const ldEntryRow = z.looseObject({
  id: str,
  itemId: str,
  itemName: str,
  warehouseId: opt,
  assetId: opt,
  movement: str,
  movement_dictText: str,
  qtyChange: z.number(),
  qtyBefore: z.number(),
  qtyAfter: z.number(),
  formType: opt,
  formId: opt,
  operator: str,
  createTime: opt,
});

/** Stock of one item: per warehouse in scope, and the total. */
export const ldStockOf = z.looseObject({
  itemId: str,
  qty: z.number(),
  warehouses: z.array(z.looseObject({ warehouseId: str, warehouseName: str, sysOrgCode: opt, qty: z.number() })),
});

/** One of the caller's goods applications with its approval state. */
export const ldMyFormRow = z.looseObject({
  id: str,
  tableId: str,
  tableName: str,
  title: opt,
  actStatus: opt,
  procDefId: opt,
  procInstId: opt,
  routeName: str,
  formLabel: str,
});

/** A procure pool line. */
export const ldPoolRow = z.looseObject({
  id: str,
  itemId: opt,
  itemName: str,
  qty: z.number(),
  supplierId: opt,
  supplierName: str,
  status: z.number(),
  status_dictText: str,
  amount: z.number(),
  applicantName: opt,
  sysOrgCode: opt,
});

/** The pool page: the lines and one summary per supplier. */
export const ldPoolPage = z.object({
  records: z.array(ldPoolRow),
  total: z.number(),
  size: z.number(),
  current: z.number(),
  pages: z.number(),
  groups: z.array(z.looseObject({ supplierId: opt, supplierName: str, lines: z.number(), qty: z.number() })),
});

/** A saved application draft. */
export const ldSavedApplication = z.looseObject({ id: str, tableId: str, title: str, tableName: str, procDefId: opt });

// ------------------------------------------------------------------ master data (generic CRUD lists and details)

export const ldCategoryRow = z.looseObject({ id: str, parentId: opt, name: str, code: opt, sortNo: z.number() });

export const ldItemRow = z.looseObject({
  id: str,
  code: str,
  name: str,
  categoryId: opt,
  spec: opt,
  unit: str,
  kind: str,
  kind_dictText: str,
  status: z.number(),
  remark: opt,
});

export const ldWarehouseRow = z.looseObject({
  id: str,
  name: str,
  type: str,
  type_dictText: str,
  sysOrgCode: str,
  address: opt,
  keeper: opt,
  status: z.number(),
});

export const ldSupplierRow = z.looseObject({
  id: str,
  name: str,
  creditCode: str,
  contacts: opt,
  phone: opt,
  email: opt,
  status: z.number(),
  sysOrgCode: opt,
});
