import { recordChanges } from '../../platform/audit/audit.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { ASSET_STATES } from '@go/contract/ledger/schemas';
import type { AssetState, LdAsset } from './ledger.tables.js';

/** The form (if any) and the person behind a batch of movements. */
export interface PostingContext {
  operator: string;
  formType?: string | null;
  formId?: string | null;
  formTitle?: string | null;
}

export interface Movement {
  itemId: string;
  warehouseId: string;
  /** company org code of the warehouse */
  orgCode: string;
  /** signed change of the quantity in this warehouse (0: an asset movement outside stock) */
  change: number;
  movement: string;
  assetId?: string | null;
  holderBefore?: string | null;
  holderAfter?: string | null;
  price?: number | null;
  remark?: string | null;
}

export const LEDGER_FAULT = {
  stockShort: (item: string, warehouse: string, have: number, need: number) =>
    `库存不足：「${item}」在「${warehouse}」现有 ${have}，本次需出库 ${need}`,
  assetScrapped: (no: string) => `资产「${no}」已报废，不能领用`,
  assetState: (no: string, state: string, action: string) => `资产「${no}」当前状态为${state}，不能${action}`,
  assetMissing: '资产不存在',
};

async function names(trx: Database, itemId: string, warehouseId: string): Promise<[string, string]> {
  const [item, wh] = await Promise.all([
    trx.selectFrom('ldItem').select('name').where('id', '=', itemId).executeTakeFirst(),
    trx.selectFrom('ldWarehouse').select('name').where('id', '=', warehouseId).executeTakeFirst(),
  ]);
  return [item?.name ?? itemId, wh?.name ?? warehouseId];
}

/** The audit trail's id of a running balance (it has no id of its own): item and warehouse. */
export const stockRecordId = (itemId: string, warehouseId: string) => `${itemId}:${warehouseId}`;

/**
 * Posts one movement: changes the running balance of (item, warehouse) and appends the entry with the
 * quantity before and after, in the caller's transaction, with the audit rows of both (docs/audit.md). An outgoing movement is one conditional update
 * (`qty >= n`), so two concurrent approvals can never take the same last units: the loser updates no row
 * and the whole transaction is refused with the stock-short text.
 */
export async function post(
  trx: Database,
  m: Movement,
  ctx: PostingContext,
): Promise<{ before: number; after: number }> {
  const t = now();
  let after: number;
  if (m.change > 0) {
    const row = await trx
      .insertInto('ldStock')
      .values({
        itemId: m.itemId,
        warehouseId: m.warehouseId,
        sysOrgCode: m.orgCode,
        qty: m.change,
        updateTime: t,
      })
      .onConflict((oc) =>
        oc
          .columns(['itemId', 'warehouseId'])
          .doUpdateSet((eb) => ({ qty: eb(eb.ref('ldStock.qty'), '+', m.change), updateTime: t })),
      )
      .returning('qty')
      .executeTakeFirstOrThrow();
    after = Number(row.qty);
  } else if (m.change < 0) {
    const need = -m.change;
    const row = await trx
      .updateTable('ldStock')
      .set((eb) => ({ qty: eb(eb.ref('qty'), '-', need), updateTime: t }))
      .where('itemId', '=', m.itemId)
      .where('warehouseId', '=', m.warehouseId)
      .where('qty', '>=', need)
      .returning('qty')
      .executeTakeFirst();
    if (!row) {
      const cur = await trx
        .selectFrom('ldStock')
        .select('qty')
        .where('itemId', '=', m.itemId)
        .where('warehouseId', '=', m.warehouseId)
        .executeTakeFirst();
      const [item, wh] = await names(trx, m.itemId, m.warehouseId);
      throw businessError(LEDGER_FAULT.stockShort(item, wh, Number(cur?.qty ?? 0), need));
    }
    after = Number(row.qty);
  } else {
    const cur = await trx
      .selectFrom('ldStock')
      .select('qty')
      .where('itemId', '=', m.itemId)
      .where('warehouseId', '=', m.warehouseId)
      .executeTakeFirst();
    after = Number(cur?.qty ?? 0);
  }
  const before = after - m.change;
  const entry = {
    id: newId(),
    itemId: m.itemId,
    warehouseId: m.warehouseId,
    sysOrgCode: m.orgCode,
    assetId: m.assetId ?? null,
    movement: m.movement,
    qtyChange: m.change,
    qtyBefore: before,
    qtyAfter: after,
    formType: ctx.formType ?? null,
    formId: ctx.formId ?? null,
    formTitle: ctx.formTitle ?? null,
    operator: ctx.operator,
    holderBefore: m.holderBefore ?? null,
    holderAfter: m.holderAfter ?? null,
    price: m.price ?? null,
    remark: m.remark ?? null,
    createTime: t,
  };
  await trx.insertInto('ldEntry').values(entry).execute();
  if (m.change !== 0) {
    const [item, wh] = await names(trx, m.itemId, m.warehouseId);
    const stock = {
      type: 'ld_stock',
      id: stockRecordId(m.itemId, m.warehouseId),
      name: `${item} @ ${wh}`,
      orgCode: m.orgCode,
    };
    await recordChanges(trx, stock, { qty: before }, { qty: after });
  }
  await recordChanges(
    trx,
    { type: 'ld_entry', id: entry.id, name: ctx.formTitle ?? m.movement, orgCode: m.orgCode },
    null,
    entry,
  );
  return { before, after };
}

/**
 * Moves an asset from one of `from` states to `patch.state`, as a conditional update so two forms can never
 * move the same asset twice. Answers the asset as it was before.
 */
export async function moveAsset(
  trx: Database,
  assetId: string,
  from: AssetState[],
  patch: Partial<
    Pick<LdAsset, 'state' | 'holder' | 'holderName' | 'warehouseId' | 'sysOrgCode' | 'location'>
  >,
  action: string,
  by: string,
  holder?: string,
): Promise<LdAsset> {
  const asset = await trx.selectFrom('ldAsset').selectAll().where('id', '=', assetId).executeTakeFirst();
  if (!asset) throw businessError(LEDGER_FAULT.assetMissing);
  const t = now();
  const res = await trx
    .updateTable('ldAsset')
    .set({
      ...patch,
      stateTime: patch.state && patch.state !== asset.state ? t : asset.stateTime,
      updateBy: by,
      updateTime: t,
    })
    .where('id', '=', assetId)
    .where('state', 'in', from)
    .$if(holder !== undefined, (qb) => qb.where('holder', '=', holder!))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    const cur = await trx.selectFrom('ldAsset').select('state').where('id', '=', assetId).executeTakeFirst();
    throw businessError(assetRefusal(asset.assetNo, (cur?.state ?? asset.state) as AssetState, action));
  }
  const target = {
    type: 'ld_asset',
    id: asset.id,
    name: asset.assetNo,
    orgCode: patch.sysOrgCode ?? asset.sysOrgCode,
  };
  await recordChanges(trx, target, asset, {
    ...patch,
    stateTime: patch.state && patch.state !== asset.state ? t : asset.stateTime,
  });
  return asset;
}

export function assetRefusal(assetNo: string, state: AssetState, action: string): string {
  if (state === 'scrapped' && action === '领用') return LEDGER_FAULT.assetScrapped(assetNo);
  return LEDGER_FAULT.assetState(assetNo, ASSET_STATES[state], action);
}

/** Asset numbers: `ZC` + the snowflake id of the asset (unique without a counter to lock). */
export function newAsset(): { id: string; assetNo: string } {
  const id = newId();
  return { id, assetNo: `ZC${id}` };
}
