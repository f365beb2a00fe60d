import { z } from 'zod';
import { GROUP_COMPANY, isGroupLevel } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { businessError } from '../../platform/http/errors.js';
import { CrudService } from '../../platform/query/crud.js';
import type { Translator } from '../../platform/query/present.js';
import {
  categoryAddSchema,
  categoryEditSchema,
  itemAddSchema,
  itemEditSchema,
  LEDGER_TEXT,
  supplierAddSchema,
  supplierEditSchema,
  warehouseAddSchema,
  warehouseEditSchema,
} from '@go/contract/ledger/schemas';
import { ldCategoryRow, ldItemRow, ldSupplierRow, ldWarehouseRow } from '@go/contract/ledger/responses';

export const LEDGER_PERMS = {
  item: 'ledger:item',
  warehouse: 'ledger:warehouse',
  supplier: 'ledger:supplier',
  library: 'ledger:library:list',
  libraryExport: 'ledger:library:export',
  procure: 'ledger:procure:list',
  procureAdd: 'ledger:procure:add',
  procureMark: 'ledger:procure:mark',
  procureExport: 'ledger:procure:export',
} as const;

export function categoryService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/ledger/category',
    table: 'ldCategory',
    row: ldCategoryRow,
    tag: '物品分类',
    perm: LEDGER_PERMS.item,
    changeLog: { type: 'ld_category', name: 'name' },
    whitelist: {
      name: 'name',
      parentId: 'parentId',
      code: 'code',
      sortNo: { column: 'sortNo', type: 'number' },
    },
    columns: ['id', 'parentId', 'name', 'code', 'sortNo', 'createTime'],
    defaultSort: { field: 'sortNo', order: 'asc' },
    addSchema: categoryAddSchema,
    editSchema: categoryEditSchema,
    only: ['list', 'queryById', 'add', 'edit'],
    prepare: async (data, _user, existing) => {
      if (data.parentId) {
        if (existing && data.parentId === existing.id) throw businessError('上级分类不能是自己');
        const p = await db
          .selectFrom('ldCategory')
          .select('id')
          .where('id', '=', String(data.parentId))
          .executeTakeFirst();
        if (!p) throw businessError('上级分类不存在');
      }
      return data;
    },
    translate,
  });
}

export function itemService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/ledger/item',
    table: 'ldItem',
    row: ldItemRow,
    tag: '物品',
    perm: LEDGER_PERMS.item,
    changeLog: { type: 'ld_item', name: 'name' },
    whitelist: {
      code: 'code',
      name: 'name',
      categoryId: 'categoryId',
      spec: 'spec',
      kind: 'kind',
      status: { column: 'status', type: 'number' },
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: [
      'id',
      'code',
      'name',
      'categoryId',
      'spec',
      'unit',
      'kind',
      'price',
      'status',
      'remark',
      'createTime',
    ],
    defaultSort: { field: 'code', order: 'asc' },
    addSchema: itemAddSchema,
    editSchema: itemEditSchema,
    unique: [{ field: 'code', message: '该物品编码已存在' }],
    only: ['list', 'queryById', 'add', 'edit'],
    prepare: async (data, _user, existing) => {
      if (existing && data.kind && data.kind !== existing.kind) {
        const used = await db
          .selectFrom('ldEntry')
          .select('id')
          .where('itemId', '=', String(existing.id))
          .executeTakeFirst();
        if (used) throw businessError('该物品已有出入库记录，不能修改物品类型');
      }
      return data;
    },
    present: (r) => ({ ...r, kind_dictText: r.kind === 'asset' ? '资产' : '耗材' }),
    translate,
  });
}

export function warehouseService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/ledger/warehouse',
    table: 'ldWarehouse',
    row: ldWarehouseRow,
    tag: '仓库',
    perm: LEDGER_PERMS.warehouse,
    changeLog: { type: 'ld_warehouse', name: 'name' },
    whitelist: {
      name: 'name',
      type: 'type',
      sysOrgCode: 'sysOrgCode',
      status: { column: 'status', type: 'number' },
    },
    columns: ['id', 'name', 'type', 'sysOrgCode', 'address', 'keeper', 'status', 'createTime'],
    defaultSort: { field: 'sysOrgCode', order: 'asc' },
    orgColumn: 'sysOrgCode',
    addSchema: warehouseAddSchema,
    editSchema: warehouseEditSchema,
    only: ['list', 'queryById', 'add', 'edit'],
    prepare: (data, user, existing) => {
      if (existing) return data;
      return {
        ...data,
        type: data.type ?? 'main',
        sysOrgCode: isGroupLevel(user) ? (data.sysOrgCode ?? GROUP_COMPANY) : user.company,
      };
    },
    present: (r) => ({ ...r, type_dictText: r.type === 'store' ? '门店仓库' : '公司仓库' }),
    translate,
  });
}

export function supplierService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/adminstration/library/supplier',
    table: 'ldSupplier',
    row: ldSupplierRow,
    tag: '供应商',
    perm: LEDGER_PERMS.supplier,
    changeLog: { type: 'ld_supplier', name: 'name' },
    whitelist: {
      name: 'name',
      creditCode: 'creditCode',
      contacts: 'contacts',
      phone: 'phone',
      status: { column: 'status', type: 'number' },
      sysOrgCode: 'sysOrgCode',
      createTime: { column: 'createTime', type: 'datetime' },
    },
    columns: [
      'id',
      'name',
      'creditCode',
      'contacts',
      'phone',
      'email',
      'bankName',
      'bankAccount',
      'address',
      'qualificationFiles',
      'status',
      'remark',
      'sysOrgCode',
      'createBy',
      'createTime',
    ],
    defaultSort: { field: 'createTime', order: 'desc' },
    orgColumn: 'sysOrgCode',
    sharedGroupRows: true,
    addSchema: supplierAddSchema,
    editSchema: supplierEditSchema,
    unique: [{ field: 'creditCode', message: LEDGER_TEXT.creditCodeDup }],
    present: (r) => ({ ...r, status_dictText: r.status === 1 ? '启用' : '停用' }),
    exportColumns: [
      { header: '供应商名称', key: 'name', width: 28 },
      { header: '统一社会信用代码', key: 'creditCode', width: 24 },
      { header: '联系人', key: 'contacts' },
      { header: '联系电话', key: 'phone' },
      { header: '开户银行', key: 'bankName', width: 24 },
      { header: '银行账号', key: 'bankAccount', width: 24 },
      { header: '地址', key: 'address', width: 30 },
      { header: '状态', key: 'status_dictText', width: 10 },
    ],
    translate,
  });
}

export const statusBody = z.object({
  id: z.string().min(1).max(32),
  status: z.coerce.number().int().min(0).max(1),
});
