import type { Audit } from '../../platform/db/schema.js';

export type ItemKind = 'consumable' | 'asset';
export type AssetState = 'in_stock' | 'received' | 'shared' | 'recycled' | 'scrapped';

export interface LdCategory extends Audit {
  id: string;
  parentId: string | null;
  name: string;
  code: string | null;
  sortNo: number;
}

export interface LdItem extends Audit {
  id: string;
  code: string;
  name: string;
  categoryId: string | null;
  spec: string | null;
  unit: string;
  kind: ItemKind;
  price: number | null;
  status: number;
  remark: string | null;
}

export interface LdWarehouse extends Audit {
  id: string;
  name: string;
  type: 'main' | 'store';
  sysOrgCode: string;
  address: string | null;
  keeper: string | null;
  status: number;
}

export interface LdSupplier extends Audit {
  id: string;
  name: string;
  creditCode: string;
  contacts: string | null;
  phone: string | null;
  email: string | null;
  bankName: string | null;
  bankAccount: string | null;
  address: string | null;
  qualificationFiles: string | null;
  status: number;
  remark: string | null;
  sysOrgCode: string | null;
}

export interface LdStock {
  itemId: string;
  warehouseId: string;
  sysOrgCode: string;
  qty: number;
  updateTime: string | null;
}

export interface LdEntry {
  id: string;
  itemId: string;
  warehouseId: string | null;
  sysOrgCode: string;
  assetId: string | null;
  movement: string;
  qtyChange: number;
  qtyBefore: number;
  qtyAfter: number;
  formType: string | null;
  formId: string | null;
  formTitle: string | null;
  operator: string;
  holderBefore: string | null;
  holderAfter: string | null;
  price: number | null;
  remark: string | null;
  createTime: string;
}

export interface LdAsset extends Audit {
  id: string;
  assetNo: string;
  itemId: string;
  warehouseId: string | null;
  sysOrgCode: string;
  state: AssetState;
  holder: string | null;
  holderName: string | null;
  location: string | null;
  price: number | null;
  supplierId: string | null;
  stateTime: string | null;
}

export interface LdProcurePool extends Audit {
  id: string;
  itemId: string | null;
  itemName: string;
  spec: string | null;
  unit: string | null;
  qty: number;
  price: number | null;
  supplierId: string | null;
  /** 0 waiting 待采购, 1 marked 已标记, 2 stocked 已入库 */
  status: number;
  markName: string | null;
  markedBy: string | null;
  markedTime: string | null;
  sourceFormId: string | null;
  sourceTitle: string | null;
  applicant: string | null;
  applicantName: string | null;
  entryFormId: string | null;
  remark: string | null;
  sysOrgCode: string;
}

export interface LdForm extends Audit {
  id: string;
  kind: string;
  title: string;
  applicant: string;
  applicantName: string | null;
  sysOrgCode: string;
  reason: string | null;
  receiver: string | null;
  duties: string | null;
  photos: string | null;
  claimOrgCode: string | null;
  crossCompany: number;
  actStatus: string | null;
  lastApprover: string | null;
  delFlag: number;
}

export interface LdFormLine {
  id: string;
  formId: string;
  lineNo: number;
  itemId: string | null;
  itemName: string | null;
  spec: string | null;
  unit: string | null;
  qty: number;
  price: number | null;
  supplierId: string | null;
  warehouseId: string | null;
  toWarehouseId: string | null;
  assetId: string | null;
  poolId: string | null;
  remark: string | null;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    ldCategory: LdCategory;
    ldItem: LdItem;
    ldWarehouse: LdWarehouse;
    ldSupplier: LdSupplier;
    ldStock: LdStock;
    ldEntry: LdEntry;
    ldAsset: LdAsset;
    ldProcurePool: LdProcurePool;
    ldForm: LdForm;
    ldFormLine: LdFormLine;
  }
}
