import { companyOf } from '../../../platform/access/access.js';
import { recordChanges } from '../../../platform/audit/audit.js';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import { businessError } from '../../../platform/http/errors.js';
import type { GoodsType } from '@go/contract/ledger/schemas';
import type { LdForm, LdFormLine } from '../ledger.tables.js';
import { moveAsset, newAsset, post, type PostingContext } from '../posting.js';

async function whOrg(trx: Database, warehouseId: string): Promise<{ orgCode: string; name: string }> {
  const w = await trx
    .selectFrom('ldWarehouse')
    .select(['sysOrgCode', 'name'])
    .where('id', '=', warehouseId)
    .executeTakeFirst();
  if (!w) throw businessError('仓库不存在');
  return { orgCode: w.sysOrgCode, name: w.name };
}

async function realname(trx: Database, username: string): Promise<string> {
  const u = await trx
    .selectFrom('sysUser')
    .select('realname')
    .where('username', '=', username)
    .executeTakeFirst();
  return u?.realname ?? username;
}

async function deptName(trx: Database, username: string): Promise<string | null> {
  const u = await trx
    .selectFrom('sysUser')
    .leftJoin('sysDepart', 'sysDepart.orgCode', 'sysUser.orgCode')
    .select('sysDepart.departName')
    .where('sysUser.username', '=', username)
    .executeTakeFirst();
  return u?.departName ?? null;
}

/**
 * The movements of a goods form whose process passed, in the engine's transaction. Lines are posted in
 * (item, warehouse) order so concurrent forms lock balances in the same order. Any refusal (stock short,
 * asset no longer in the expected state) rolls the whole approval back.
 */
export async function applyGoodsForm(
  trx: Database,
  type: GoodsType,
  form: LdForm,
  lines: LdFormLine[],
): Promise<void> {
  const ctx: PostingContext = {
    operator: form.lastApprover ?? form.applicant,
    formType: type,
    formId: form.id,
    formTitle: form.title,
  };
  const by = ctx.operator;
  const sorted = [...lines].sort((a, b) =>
    `${a.itemId}|${a.warehouseId}|${a.assetId}`.localeCompare(`${b.itemId}|${b.warehouseId}|${b.assetId}`),
  );
  const applicantName = await realname(trx, form.applicant);
  const t = now();

  for (const l of sorted) {
    switch (type) {
      case 'ld_purchase': {
        const line = {
          id: newId(),
          itemId: l.itemId,
          itemName: l.itemName ?? '',
          spec: l.spec,
          unit: l.unit,
          qty: l.qty,
          price: l.price,
          supplierId: l.supplierId,
          status: 0,
          markName: null,
          markedBy: null,
          markedTime: null,
          sourceFormId: form.id,
          sourceTitle: form.title,
          applicant: form.applicant,
          applicantName,
          entryFormId: null,
          remark: l.remark,
          sysOrgCode: form.sysOrgCode,
          createBy: by,
          createTime: t,
          updateBy: null,
          updateTime: null,
        };
        await trx.insertInto('ldProcurePool').values(line).execute();
        await recordChanges(
          trx,
          { type: 'ld_procure_pool', id: line.id, name: line.itemName, orgCode: line.sysOrgCode },
          null,
          line,
        );
        break;
      }
      case 'ld_stock_entry': {
        const wh = await whOrg(trx, l.warehouseId!);
        if (l.poolId) {
          const pool = await trx
            .selectFrom('ldProcurePool')
            .selectAll()
            .where('id', '=', l.poolId)
            .executeTakeFirst();
          const set = { status: 2, entryFormId: form.id, updateBy: by, updateTime: t };
          const res = await trx
            .updateTable('ldProcurePool')
            .set(set)
            .where('id', '=', l.poolId)
            .where('status', 'in', [0, 1])
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1)
            throw businessError(`采购池明细「${l.itemName ?? ''}」已入库`);
          await recordChanges(
            trx,
            { type: 'ld_procure_pool', id: l.poolId, name: pool!.itemName, orgCode: pool!.sysOrgCode },
            pool!,
            set,
          );
        }
        const item = await trx
          .selectFrom('ldItem')
          .select('kind')
          .where('id', '=', l.itemId!)
          .executeTakeFirstOrThrow();
        if (item.kind === 'asset') {
          for (let k = 0; k < l.qty; k++) {
            const a = newAsset();
            const asset = {
              id: a.id,
              assetNo: a.assetNo,
              itemId: l.itemId!,
              warehouseId: l.warehouseId,
              sysOrgCode: wh.orgCode,
              state: 'in_stock' as const,
              holder: null,
              holderName: null,
              location: wh.name,
              price: l.price,
              supplierId: l.supplierId,
              stateTime: t,
              createBy: by,
              createTime: t,
              updateBy: null,
              updateTime: null,
            };
            await trx.insertInto('ldAsset').values(asset).execute();
            await recordChanges(
              trx,
              { type: 'ld_asset', id: a.id, name: a.assetNo, orgCode: wh.orgCode },
              null,
              asset,
            );
            await post(
              trx,
              {
                itemId: l.itemId!,
                warehouseId: l.warehouseId!,
                orgCode: wh.orgCode,
                change: 1,
                movement: 'in',
                assetId: a.id,
                price: l.price,
              },
              ctx,
            );
          }
        } else {
          await post(
            trx,
            {
              itemId: l.itemId!,
              warehouseId: l.warehouseId!,
              orgCode: wh.orgCode,
              change: l.qty,
              movement: 'in',
              price: l.price,
            },
            ctx,
          );
        }
        break;
      }
      case 'ld_enter_store': {
        const to = await whOrg(trx, l.toWarehouseId!);
        if (l.assetId) {
          const a = await moveAsset(
            trx,
            l.assetId,
            ['in_stock'],
            { warehouseId: l.toWarehouseId, location: to.name },
            '进店',
            by,
          );
          const from = await whOrg(trx, a.warehouseId!);
          await post(
            trx,
            {
              itemId: a.itemId,
              warehouseId: a.warehouseId!,
              orgCode: from.orgCode,
              change: -1,
              movement: 'transfer_out',
              assetId: a.id,
            },
            ctx,
          );
          await post(
            trx,
            {
              itemId: a.itemId,
              warehouseId: l.toWarehouseId!,
              orgCode: to.orgCode,
              change: 1,
              movement: 'transfer_in',
              assetId: a.id,
            },
            ctx,
          );
        } else {
          const from = await whOrg(trx, l.warehouseId!);
          await post(
            trx,
            {
              itemId: l.itemId!,
              warehouseId: l.warehouseId!,
              orgCode: from.orgCode,
              change: -l.qty,
              movement: 'transfer_out',
            },
            ctx,
          );
          await post(
            trx,
            {
              itemId: l.itemId!,
              warehouseId: l.toWarehouseId!,
              orgCode: to.orgCode,
              change: l.qty,
              movement: 'transfer_in',
            },
            ctx,
          );
        }
        break;
      }
      case 'ld_receive': {
        if (l.assetId) {
          const a = await moveAsset(
            trx,
            l.assetId,
            ['in_stock'],
            {
              state: 'received',
              holder: form.applicant,
              holderName: applicantName,
              location: await deptName(trx, form.applicant),
            },
            '领用',
            by,
          );
          const wh = await whOrg(trx, a.warehouseId!);
          await post(
            trx,
            {
              itemId: a.itemId,
              warehouseId: a.warehouseId!,
              orgCode: wh.orgCode,
              change: -1,
              movement: 'receive',
              assetId: a.id,
              holderAfter: form.applicant,
            },
            ctx,
          );
        } else {
          const wh = await whOrg(trx, l.warehouseId!);
          await post(
            trx,
            {
              itemId: l.itemId!,
              warehouseId: l.warehouseId!,
              orgCode: wh.orgCode,
              change: -l.qty,
              movement: 'receive',
              holderAfter: form.applicant,
            },
            ctx,
          );
        }
        break;
      }
      case 'ld_return': {
        const wh = await whOrg(trx, l.warehouseId!);
        if (l.assetId) {
          const a = await moveAsset(
            trx,
            l.assetId,
            ['received', 'shared', 'recycled'],
            {
              state: 'in_stock',
              holder: null,
              holderName: null,
              warehouseId: l.warehouseId,
              sysOrgCode: wh.orgCode,
              location: wh.name,
            },
            '归还',
            by,
          );
          await post(
            trx,
            {
              itemId: a.itemId,
              warehouseId: l.warehouseId!,
              orgCode: wh.orgCode,
              change: 1,
              movement: 'return',
              assetId: a.id,
              holderBefore: a.holder,
            },
            ctx,
          );
        } else {
          await post(
            trx,
            {
              itemId: l.itemId!,
              warehouseId: l.warehouseId!,
              orgCode: wh.orgCode,
              change: l.qty,
              movement: 'return',
              holderBefore: form.applicant,
            },
            ctx,
          );
        }
        break;
      }
      case 'ld_share':
      case 'ld_share_claim':
      case 'ld_recycle':
      case 'ld_handover': {
        const spec = {
          ld_share: {
            from: ['received'] as const,
            state: 'shared' as const,
            movement: 'share',
            action: '共享',
          },
          ld_share_claim: {
            from: ['shared'] as const,
            state: 'received' as const,
            movement: 'claim',
            action: '申领',
          },
          ld_recycle: {
            from: ['received', 'shared'] as const,
            state: 'recycled' as const,
            movement: 'recycle',
            action: '回收',
          },
          ld_handover: {
            from: ['received', 'shared'] as const,
            state: undefined,
            movement: 'handover',
            action: '交接',
          },
        }[type];
        let holder: string | null = null;
        let patch = {};
        if (type === 'ld_share_claim') {
          holder = form.applicant;
          patch = {
            holder,
            holderName: applicantName,
            sysOrgCode: companyOf(form.sysOrgCode),
            location: await deptName(trx, holder),
          };
        } else if (type === 'ld_handover') {
          holder = form.receiver;
          patch = {
            holder,
            holderName: await realname(trx, holder!),
            location: await deptName(trx, holder!),
          };
        } else if (type === 'ld_recycle') {
          patch = { holder: null, holderName: null };
        } else {
          holder = form.applicant;
        }
        const mine = type === 'ld_share' || type === 'ld_handover' ? form.applicant : undefined;
        const a = await moveAsset(
          trx,
          l.assetId!,
          [...spec.from],
          { ...(spec.state ? { state: spec.state } : {}), ...patch },
          spec.action,
          by,
          mine,
        );
        const orgCode = type === 'ld_share_claim' ? form.sysOrgCode : a.sysOrgCode;
        await post(
          trx,
          {
            itemId: a.itemId,
            warehouseId: a.warehouseId!,
            orgCode,
            change: 0,
            movement: spec.movement,
            assetId: a.id,
            holderBefore: a.holder,
            holderAfter: holder,
          },
          ctx,
        );
        break;
      }
      case 'ld_scrap': {
        if (l.assetId) {
          const a = await moveAsset(
            trx,
            l.assetId,
            ['in_stock', 'received', 'shared', 'recycled'],
            { state: 'scrapped', holder: null, holderName: null },
            '报废',
            by,
          );
          await post(
            trx,
            {
              itemId: a.itemId,
              warehouseId: a.warehouseId!,
              orgCode: a.sysOrgCode,
              change: a.state === 'in_stock' ? -1 : 0,
              movement: 'scrap',
              assetId: a.id,
              holderBefore: a.holder,
              remark: form.reason,
            },
            ctx,
          );
        } else {
          const wh = await whOrg(trx, l.warehouseId!);
          await post(
            trx,
            {
              itemId: l.itemId!,
              warehouseId: l.warehouseId!,
              orgCode: wh.orgCode,
              change: -l.qty,
              movement: 'scrap',
              remark: form.reason,
            },
            ctx,
          );
        }
        break;
      }
    }
  }
}
