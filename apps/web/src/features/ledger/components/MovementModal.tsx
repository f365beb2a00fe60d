import { MOVEMENTS } from '@go/contract/ledger/schemas';
import { Modal, Typography } from 'antd';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { LEDGER_URL } from '../api';

export interface MovementTarget {
  title: string;
  itemId?: string;
  warehouseId?: string;
  assetId?: string;
}

const columns: ListColumn[] = [
  { title: '时间', dataIndex: 'createTime', width: 170 },
  {
    title: '类型',
    dataIndex: 'movement',
    width: 90,
    search: 'eq',
    options: Object.entries(MOVEMENTS).map(([value, text]) => ({ value, text })),
  },
  { title: '资产编号', dataIndex: 'assetNo', width: 200 },
  { title: '仓库', dataIndex: 'warehouseName', width: 130 },
  {
    title: '数量变化',
    dataIndex: 'qtyChange',
    width: 90,
    align: 'right',
    render: (v) => (
      <Typography.Text type={Number(v) < 0 ? 'danger' : Number(v) > 0 ? 'success' : 'secondary'}>
        {Number(v) > 0 ? `+${String(v)}` : String(v)}
      </Typography.Text>
    ),
  },
  { title: '变化前', dataIndex: 'qtyBefore', width: 80, align: 'right' },
  { title: '变化后', dataIndex: 'qtyAfter', width: 80, align: 'right' },
  { title: '单据', dataIndex: 'formTitle', width: 200, ellipsis: true },
  { title: '经办人', dataIndex: 'operatorName', width: 90, render: (v, r) => String(v ?? r.operator ?? '') },
  {
    title: '原持有人',
    dataIndex: 'holderBeforeName',
    width: 90,
    render: (v, r) => String(v ?? r.holderBefore ?? ''),
  },
  {
    title: '新持有人',
    dataIndex: 'holderAfterName',
    width: 90,
    render: (v, r) => String(v ?? r.holderAfter ?? ''),
  },
];

/** The audit trail's record of what the history shows: the asset, or the balance of an item in a warehouse. */
function recordOf(target: MovementTarget | null): { type: string; id: string } | null {
  if (target?.assetId) return { type: 'ld_asset', id: target.assetId };
  if (target?.itemId && target.warehouseId)
    return { type: 'ld_stock', id: `${target.itemId}:${target.warehouseId}` };
  return null;
}

/** An item's (or asset's) full movement history: every ledger entry with quantity before and after. */
export function MovementModal({ target, onClose }: { target: MovementTarget | null; onClose: () => void }) {
  const record = recordOf(target);
  return (
    <Modal
      title={`出入库流水：${target?.title ?? ''}`}
      open={!!target}
      width="85%"
      footer={record ? <ChangeLogButton recordType={record.type} recordId={record.id} /> : null}
      onCancel={onClose}
      destroyOnHidden
    >
      {target && (
        <ListPage
          columns={columns}
          url={{ list: LEDGER_URL.entries }}
          extraParams={{ itemId: target.itemId, warehouseId: target.warehouseId, assetId: target.assetId }}
          syncUrl={false}
          selection={false}
          showDelete={false}
          showDetail={false}
          showExport={false}
          showImport={false}
          superQuery={false}
          bordered={false}
          size="small"
        />
      )}
    </Modal>
  );
}
