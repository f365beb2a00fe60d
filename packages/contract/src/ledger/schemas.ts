/**
 * Goods ledger: shared rules of the master data and the goods forms (docs/ledger.md). The server validates
 * with these schemas; the web forms use the same texts.
 */
import { z } from 'zod';
import { MESSAGES, PATTERNS } from '../validation.js';

export const ITEM_KINDS = { consumable: '耗材', asset: '资产' } as const;
export const ASSET_STATES = {
  in_stock: '在库',
  received: '已领用',
  shared: '共享中',
  recycled: '已回收',
  scrapped: '已报废',
} as const;
export const WAREHOUSE_TYPES = { main: '公司仓库', store: '门店仓库' } as const;
export const POOL_STATUS = { 0: '待采购', 1: '已标记', 2: '已入库' } as const;

export const MOVEMENTS = {
  opening: '期初',
  in: '入库',
  transfer_out: '调出',
  transfer_in: '进店',
  receive: '领用',
  return: '归还',
  share: '共享',
  claim: '共享申领',
  recycle: '回收',
  scrap: '报废',
  handover: '交接',
} as const;

/** The ten goods form types: wire tableName → label. */
export const GOODS_TYPES = {
  ld_purchase: '采购',
  ld_stock_entry: '入库',
  ld_enter_store: '进店',
  ld_receive: '领用',
  ld_return: '归还',
  ld_share: '共享',
  ld_share_claim: '共享申领',
  ld_recycle: '回收',
  ld_scrap: '报废',
  ld_handover: '交接',
} as const;
export type GoodsType = keyof typeof GOODS_TYPES;

export const LEDGER_TEXT = {
  creditCode: '请输入正确的统一社会信用代码',
  creditCodeDup: '该统一社会信用代码已存在',
  supplierName: '请输入供应商名称',
  linesRequired: '请至少添加一行物品明细',
  itemRequired: '请选择物品',
  itemOrName: '请选择物品或填写物品名称',
  qty: '数量须为1到1000000的整数',
  price: '单价须为不小于0的金额，最多两位小数',
  priceRequired: '请输入实际单价',
  supplierRequired: '请选择供应商',
  warehouseRequired: '请选择仓库',
  toWarehouseRequired: '请选择进店门店仓库',
  assetRequired: '请选择资产',
  assetOrItem: '请选择资产，或选择物品、仓库和数量',
  reasonRequired: '请输入报废原因',
  receiverRequired: '请选择接收人',
  itemName: '请输入物品名称',
  unit: '请输入单位',
  kind: '请选择物品类型',
  warehouseName: '请输入仓库名称',
} as const;

const str = (max: number) => z.string().trim().max(max).optional().nullable();
const id = z.string().trim().max(32).optional().nullable();

export const money = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, LEDGER_TEXT.price),
  ])
  .transform((v) => Number(v))
  .pipe(z.number({ error: LEDGER_TEXT.price }).min(0, LEDGER_TEXT.price).max(100_000_000, LEDGER_TEXT.price));

export const qty = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, LEDGER_TEXT.qty)])
  .transform((v) => Number(v))
  .pipe(z.number().int(LEDGER_TEXT.qty).min(1, LEDGER_TEXT.qty).max(1_000_000, LEDGER_TEXT.qty));

/** 统一社会信用代码: 18 characters, digits and upper-case letters except I, O, Z, S, V. */
export const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

const empty = (v: unknown) => v === undefined || v === null || v === '';

export const supplierFields = {
  name: z.string({ error: LEDGER_TEXT.supplierName }).trim().min(1, LEDGER_TEXT.supplierName).max(100),
  creditCode: z
    .string({ error: LEDGER_TEXT.creditCode })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CREDIT_CODE, LEDGER_TEXT.creditCode)),
  contacts: str(50),
  phone: z
    .string()
    .trim()
    .max(20)
    .optional()
    .nullable()
    .refine(
      (v) => empty(v) || PATTERNS.mobile.pattern.test(v!) || PATTERNS.landline.pattern.test(v!),
      MESSAGES.mobile,
    ),
  email: z
    .string()
    .trim()
    .max(100)
    .optional()
    .nullable()
    .refine((v) => empty(v) || PATTERNS.email.pattern.test(v!), MESSAGES.email),
  bankName: str(100),
  bankAccount: z
    .string()
    .trim()
    .max(20, MESSAGES.bankCard)
    .optional()
    .nullable()
    .refine((v) => empty(v) || PATTERNS.bankCard.pattern.test(v!), MESSAGES.bankCard),
  address: str(200),
  qualificationFiles: z
    .union([z.string().max(4000), z.array(z.string().max(500)).max(20)])
    .optional()
    .nullable()
    .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? null))),
  status: z.coerce.number().int().min(0).max(1).optional(),
  remark: str(500),
};
export const supplierAddSchema = z.object(supplierFields);
export const supplierEditSchema = z.object({
  id: z.string().min(1).max(32),
  ...supplierFields,
  name: supplierFields.name.optional(),
  creditCode: supplierFields.creditCode.optional(),
});

export const itemFields = {
  code: z
    .string({ error: '请输入物品编码' })
    .trim()
    .min(1, '请输入物品编码')
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, '物品编码只允许字母、数字、下划线和短横线'),
  name: z.string({ error: LEDGER_TEXT.itemName }).trim().min(1, LEDGER_TEXT.itemName).max(100),
  categoryId: id,
  spec: str(200),
  unit: z.string({ error: LEDGER_TEXT.unit }).trim().min(1, LEDGER_TEXT.unit).max(20),
  kind: z.enum(['consumable', 'asset'], { error: LEDGER_TEXT.kind }),
  price: money.optional().nullable(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  remark: str(500),
};
export const itemAddSchema = z.object(itemFields);
export const itemEditSchema = z.object({
  id: z.string().min(1).max(32),
  ...itemFields,
  code: itemFields.code.optional(),
  name: itemFields.name.optional(),
  unit: itemFields.unit.optional(),
  kind: itemFields.kind.optional(),
});

export const warehouseFields = {
  name: z.string({ error: LEDGER_TEXT.warehouseName }).trim().min(1, LEDGER_TEXT.warehouseName).max(100),
  type: z.enum(['main', 'store']).optional(),
  sysOrgCode: z
    .string()
    .trim()
    .regex(/^A\d{2}$/, '请选择所属公司')
    .optional(),
  address: str(200),
  keeper: str(64),
  status: z.coerce.number().int().min(0).max(1).optional(),
};
export const warehouseAddSchema = z.object(warehouseFields);
export const warehouseEditSchema = z.object({
  id: z.string().min(1).max(32),
  ...warehouseFields,
  name: warehouseFields.name.optional(),
});

export const categoryAddSchema = z.object({
  name: z.string({ error: '请输入分类名称' }).trim().min(1, '请输入分类名称').max(100),
  parentId: id,
  code: str(50),
  sortNo: z.coerce.number().int().min(0).max(100000).optional(),
});
export const categoryEditSchema = categoryAddSchema.partial().extend({ id: z.string().min(1).max(32) });

/** One goods line; which fields a type needs is checked by `goodsFormSchema(type)`. */
export const goodsLineSchema = z.object({
  itemId: id,
  itemName: str(100),
  spec: str(200),
  unit: str(20),
  qty: qty.optional(),
  price: money.optional().nullable(),
  supplierId: id,
  warehouseId: id,
  toWarehouseId: id,
  assetId: id,
  poolId: id,
  remark: str(500),
});
export type GoodsLine = z.infer<typeof goodsLineSchema>;

/** What a line of each type must name. */
function lineIssue(type: GoodsType, l: GoodsLine): string | null {
  switch (type) {
    case 'ld_purchase':
      return l.itemId || l.itemName ? null : LEDGER_TEXT.itemOrName;
    case 'ld_stock_entry':
      if (!l.poolId && !l.itemId) return LEDGER_TEXT.itemRequired;
      if (!l.warehouseId) return LEDGER_TEXT.warehouseRequired;
      if (l.price === undefined || l.price === null) return LEDGER_TEXT.priceRequired;
      return l.supplierId ? null : LEDGER_TEXT.supplierRequired;
    case 'ld_enter_store':
      if (!l.assetId && !l.itemId) return LEDGER_TEXT.assetOrItem;
      if (!l.assetId && !l.warehouseId) return LEDGER_TEXT.warehouseRequired;
      return l.toWarehouseId ? null : LEDGER_TEXT.toWarehouseRequired;
    case 'ld_receive':
    case 'ld_scrap':
      return l.assetId || (l.itemId && l.warehouseId) ? null : LEDGER_TEXT.assetOrItem;
    case 'ld_return':
      if (!l.assetId && !l.itemId) return LEDGER_TEXT.assetOrItem;
      return l.warehouseId ? null : LEDGER_TEXT.warehouseRequired;
    default:
      return l.assetId ? null : LEDGER_TEXT.assetRequired;
  }
}

export function goodsFormSchema(type: GoodsType) {
  return z
    .object({
      title: str(200),
      reason: str(2000),
      receiver: str(64),
      duties: str(2000),
      photos: z
        .union([z.string().max(4000), z.array(z.string().max(500)).max(20)])
        .optional()
        .nullable()
        .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? null))),
      lines: z
        .array(goodsLineSchema, { error: LEDGER_TEXT.linesRequired })
        .min(1, LEDGER_TEXT.linesRequired)
        .max(200),
    })
    .superRefine((v, ctx) => {
      v.lines.forEach((l, i) => {
        const msg = lineIssue(type, l);
        if (msg) ctx.addIssue({ code: 'custom', path: ['lines', i], message: `第${i + 1}行：${msg}` });
      });
      if (type === 'ld_scrap' && !v.reason?.trim())
        ctx.addIssue({ code: 'custom', path: ['reason'], message: LEDGER_TEXT.reasonRequired });
      if (type === 'ld_handover' && !v.receiver?.trim())
        ctx.addIssue({ code: 'custom', path: ['receiver'], message: LEDGER_TEXT.receiverRequired });
    });
}
export type GoodsFormInput = z.infer<ReturnType<typeof goodsFormSchema>>;

/** A procure-pool line added directly (`addActProcurePool`). */
export const poolLineSchema = z.object({
  itemId: id,
  itemName: str(100),
  spec: str(200),
  unit: str(20),
  qty,
  price: money.optional().nullable(),
  supplierId: id,
  remark: str(500),
});
