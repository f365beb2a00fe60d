import type { z } from 'zod';
import { companyOf } from '../../../platform/access/access.js';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import { recordChanges } from '../../../platform/audit/audit.js';
import {
  GOODS_TYPES,
  goodsFormSchema,
  type GoodsFormInput,
  type GoodsType,
} from '@go/contract/ledger/schemas';
import type { Applicant, FormType } from '../../workflow/form-registry.js';
import { applyGoodsForm } from './apply-movements.js';
import { prepareLines, type PreparedForm } from './goods-lines.js';

/** Per type: the end label (next node type 2) and the default title. */
const DECL: Record<GoodsType, { endLabel: string; title: string }> = {
  ld_purchase: { endLabel: '完成采购申请', title: '采购申请' },
  ld_stock_entry: { endLabel: '完成入库', title: '入库申请' },
  ld_enter_store: { endLabel: '完成进店', title: '进店申请' },
  ld_receive: { endLabel: '完成领用', title: '领用申请' },
  ld_return: { endLabel: '完成归还', title: '归还申请' },
  ld_share: { endLabel: '完成共享', title: '共享申请' },
  ld_share_claim: { endLabel: '完成共享申领', title: '共享申领' },
  ld_recycle: { endLabel: '完成回收', title: '回收申请' },
  ld_scrap: { endLabel: '完成报废', title: '报废申请' },
  ld_handover: { endLabel: '完成交接', title: '交接申请' },
};

export const GOODS_TABLES = Object.keys(GOODS_TYPES) as GoodsType[];

/** The fields of a goods form's change trail (docs/audit.md) and how 变更记录 names them. */
const TRAIL_FIELDS: Record<string, string> = {
  title: '标题',
  reason: '申请说明',
  receiver: '接收人',
  duties: '交接工作',
  photos: '照片',
  claimOrgCode: '认领公司',
  lines: '物品明细',
};
const LINE_KEYS = ['itemId', 'itemName', 'spec', 'unit', 'qty', 'price', 'supplierId', 'warehouseId', 'toWarehouseId', 'assetId', 'poolId', 'remark'] as const;

/** A goods form as its trail compares it: the header fields and the lines as one text, read from the rows. */
async function trailValues(db: Database, id: string): Promise<{ values: Record<string, unknown>; orgCode: string | null }> {
  const f = await db.selectFrom('ldForm').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lines = await db.selectFrom('ldFormLine').select([...LINE_KEYS]).where('formId', '=', id).orderBy('lineNo').execute();
  const text = JSON.stringify(lines.map((l) => Object.fromEntries(LINE_KEYS.filter((k) => l[k] !== null && l[k] !== '').map((k) => [k, k === 'qty' || k === 'price' ? Number(l[k]) : l[k]]))));
  return {
    values: { title: f.title, reason: f.reason, receiver: f.receiver, duties: f.duties, photos: f.photos, claimOrgCode: f.claimOrgCode, lines: lines.length ? text : null },
    orgCode: f.sysOrgCode,
  };
}

/** Writes the trail of a goods form's change, inside the caller's transaction. */
async function trail(db: Database, type: GoodsType, id: string, before: Awaited<ReturnType<typeof trailValues>> | null, removed = false): Promise<void> {
  const after = removed ? null : await trailValues(db, id);
  const name = String((after ?? before)!.values.title ?? '');
  await recordChanges(db, { type, id, name, orgCode: (after ?? before)!.orgCode }, before?.values ?? null, after?.values ?? null, { fields: Object.keys(TRAIL_FIELDS) });
}

async function writeLines(db: Database, formId: string, prepared: PreparedForm): Promise<void> {
  await db.deleteFrom('ldFormLine').where('formId', '=', formId).execute();
  let n = 0;
  for (const l of prepared.lines)
    await db
      .insertInto('ldFormLine')
      .values({ id: newId(), formId, lineNo: ++n, ...l })
      .execute();
}

/** The form with its lines and the names a reader needs (items, warehouses, assets, suppliers, pool). */
export async function loadGoodsForm(db: Database, id: string): Promise<Record<string, unknown> | undefined> {
  const f = await db
    .selectFrom('ldForm')
    .selectAll()
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!f) return undefined;
  const lines = await db
    .selectFrom('ldFormLine as l')
    .leftJoin('ldItem as i', 'i.id', 'l.itemId')
    .leftJoin('ldWarehouse as w', 'w.id', 'l.warehouseId')
    .leftJoin('ldWarehouse as tw', 'tw.id', 'l.toWarehouseId')
    .leftJoin('ldAsset as a', 'a.id', 'l.assetId')
    .leftJoin('ldSupplier as s', 's.id', 'l.supplierId')
    .select([
      'l.id',
      'l.lineNo',
      'l.itemId',
      'l.itemName',
      'l.spec',
      'l.unit',
      'l.qty',
      'l.price',
      'l.supplierId',
      'l.warehouseId',
      'l.toWarehouseId',
      'l.assetId',
      'l.poolId',
      'l.remark',
      'i.kind',
      'w.name as warehouseName',
      'tw.name as toWarehouseName',
      'a.assetNo',
      'a.state as assetState',
      'a.holderName as assetHolderName',
      's.name as supplierName',
    ])
    .where('l.formId', '=', id)
    .orderBy('l.lineNo')
    .execute();
  const receiverName = f.receiver
    ? ((
        await db
          .selectFrom('sysUser')
          .select('realname')
          .where('username', '=', f.receiver)
          .executeTakeFirst()
      )?.realname ?? f.receiver)
    : null;
  const amount = Math.round(lines.reduce((s, l) => s + Number(l.price ?? 0) * l.qty, 0) * 100) / 100;
  return {
    id: f.id,
    kind: f.kind,
    title: f.title,
    applicant: f.applicant,
    applicantName: f.applicantName,
    sysOrgCode: f.sysOrgCode,
    reason: f.reason ?? '',
    receiver: f.receiver,
    receiverName,
    duties: f.duties ?? '',
    photos: f.photos ?? '',
    claimOrgCode: f.claimOrgCode,
    claimOrgCodeValue: f.claimOrgCode,
    crossCompany: f.crossCompany,
    groupLevel: f.crossCompany === 1,
    qty: lines.reduce((s, l) => s + l.qty, 0),
    amount,
    lines,
    actStatus: f.actStatus,
    createTime: f.createTime,
  };
}

/**
 * A goods form type declaration: goods line items checked against the books on save, the goods layout
 * on the web, and movements posted when the process passes (inside the engine's transaction).
 */
export function goodsFormType(type: GoodsType): FormType {
  const decl = DECL[type];
  const schema = goodsFormSchema(type);
  return {
    tableName: type,
    routeName: `ledger/GoodsForm`,
    label: GOODS_TYPES[type],
    endLabel: decl.endLabel,
    passPath: 'pass',
    commentRequired: false,
    fullScreen: false,
    schema: schema as unknown as z.ZodType<Record<string, unknown>>,
    changeLog: { label: decl.title, fields: TRAIL_FIELDS, perms: { list: 'ledger:item:list' } },
    async create(db, applicant: Applicant, raw) {
      const data = raw as GoodsFormInput;
      const prepared = await prepareLines(db, type, applicant, data);
      const id = newId();
      const title = data.title || `${applicant.realname}的${decl.title}`;
      await db
        .insertInto('ldForm')
        .values({
          id,
          kind: type,
          title,
          applicant: applicant.username,
          applicantName: applicant.realname,
          sysOrgCode: companyOf(applicant.orgCode),
          reason: data.reason || null,
          receiver: prepared.receiver,
          duties: data.duties || null,
          photos: data.photos || null,
          claimOrgCode: prepared.claimOrgCode,
          crossCompany: prepared.crossCompany,
          actStatus: null,
          lastApprover: null,
          delFlag: 0,
          createBy: applicant.username,
          createTime: now(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
      await writeLines(db, id, prepared);
      await trail(db, type, id, null);
      return { id, title };
    },
    async update(db, id, raw, by) {
      const data = raw as GoodsFormInput;
      const f = await db.selectFrom('ldForm').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const u = await db
        .selectFrom('sysUser')
        .select('orgCode')
        .where('username', '=', f.applicant)
        .executeTakeFirst();
      const prepared = await prepareLines(
        db,
        type,
        {
          username: f.applicant,
          realname: f.applicantName ?? f.applicant,
          orgCode: u?.orgCode ?? f.sysOrgCode,
        },
        data,
      );
      const title = data.title || `${f.applicantName ?? ''}的${decl.title}`;
      const before = await trailValues(db, id);
      await db
        .updateTable('ldForm')
        .set({
          title,
          reason: data.reason || null,
          receiver: prepared.receiver,
          duties: data.duties || null,
          photos: data.photos || null,
          claimOrgCode: prepared.claimOrgCode,
          crossCompany: prepared.crossCompany,
          updateBy: by,
          updateTime: now(),
        })
        .where('id', '=', id)
        .execute();
      await writeLines(db, id, prepared);
      await trail(db, type, id, before);
      return { title };
    },
    load: loadGoodsForm,
    async remove(db, id) {
      const before = await trailValues(db, id);
      await db.updateTable('ldForm').set({ delFlag: 1 }).where('id', '=', id).execute();
      await trail(db, type, id, before, true);
    },
    async setActStatus(db, id, text) {
      await db.updateTable('ldForm').set({ actStatus: text }).where('id', '=', id).execute();
    },
    /** Remembers who approved last: the operator of the entries when the process passes. */
    async onApprove(db, id, _payload, approver) {
      await db.updateTable('ldForm').set({ lastApprover: approver }).where('id', '=', id).execute();
    },
    async onFinish(db, id, outcome) {
      if (outcome !== 'passed') return;
      const f = await db.selectFrom('ldForm').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const lines = await db
        .selectFrom('ldFormLine')
        .selectAll()
        .where('formId', '=', id)
        .orderBy('lineNo')
        .execute();
      await applyGoodsForm(db, type, f, lines);
    },
  };
}

export const goodsFormTypes = (): FormType[] => GOODS_TABLES.map(goodsFormType);
