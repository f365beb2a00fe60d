import type { GoodsType } from '@go/contract/ledger/schemas';
import { ASSET_STATES } from '@go/contract/ledger/schemas';
import { Descriptions, Table, Tag, Typography } from 'antd';
import { ImageUpload } from '../../../components/upload';
import type { FormViewProps } from '../../workflow/formTypes';
import { money } from '../api';
import { GOODS_INFO } from './goodsTypes';
import '../ledger.css';

type Line = Record<string, unknown> & { id: string; qty: number };

/** A goods form, read-only (task form, history, my applications): header, then the goods lines. */
export function GoodsView({ data }: FormViewProps) {
  const type = String(data.kind ?? data.tableName ?? '') as GoodsType;
  const info = GOODS_INFO[type];
  const L = info?.layout ?? {};
  const lines = (Array.isArray(data.lines) ? data.lines : []) as Line[];
  const columns = [
    {
      title: '序号',
      key: 'no',
      width: 56,
      align: 'center' as const,
      render: (_v: unknown, _r: Line, i: number) => i + 1,
    },
    ...(L.asset ? [{ title: '资产编号', dataIndex: 'assetNo', width: 200 }] : []),
    { title: '物品', dataIndex: 'itemName', width: 160 },
    { title: '规格', dataIndex: 'spec', width: 140 },
    ...(L.warehouse ? [{ title: L.warehouse, dataIndex: 'warehouseName', width: 130 }] : []),
    ...(L.toWarehouse ? [{ title: '进店仓库', dataIndex: 'toWarehouseName', width: 130 }] : []),
    {
      title: '数量',
      dataIndex: 'qty',
      width: 70,
      align: 'right' as const,
      render: (v: unknown, r: Line) => `${String(v)}${String(r.unit ?? '')}`,
    },
    ...(L.price
      ? [
          {
            title: L.price,
            dataIndex: 'price',
            width: 110,
            align: 'right' as const,
            render: (v: unknown) => money(v),
          },
        ]
      : []),
    ...(L.supplier ? [{ title: L.supplier, dataIndex: 'supplierName', width: 180 }] : []),
    ...(L.asset
      ? [
          {
            title: '资产状态',
            dataIndex: 'assetState',
            width: 90,
            render: (v: unknown) => (v ? ASSET_STATES[v as keyof typeof ASSET_STATES] : ''),
          },
        ]
      : []),
    { title: '备注', dataIndex: 'remark' },
  ];
  return (
    <div data-testid="goods-view" className="goods-modal">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="标题" span={2}>
          <Tag color="geekblue">{info?.label ?? ''}</Tag>
          {String(data.title ?? '')}
          {data.crossCompany === 1 && (
            <Tag color="gold" style={{ marginLeft: 8 }} data-testid="group-level">
              集团级 A01
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="申请人">
          {String(data.applicantName ?? data.applicant ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label="申请时间">
          {String(data.applyTime ?? data.createTime ?? '')}
        </Descriptions.Item>
        {info?.receiver && (
          <Descriptions.Item label="接收人">
            {String(data.receiverName ?? data.receiver ?? '')}
          </Descriptions.Item>
        )}
        {info?.receiver && (
          <Descriptions.Item label="交接工作">{String(data.duties ?? '')}</Descriptions.Item>
        )}
        <Descriptions.Item label={info?.reason.label ?? '说明'} span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{String(data.reason ?? '')}</span>
        </Descriptions.Item>
        {L.price && <Descriptions.Item label="金额合计">¥ {money(data.amount)}</Descriptions.Item>}
      </Descriptions>
      <Typography.Title level={5}>物品明细</Typography.Title>
      <Table<Line>
        size="small"
        bordered
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={lines}
        columns={columns}
      />
      {info?.photos && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            照片
          </Typography.Title>
          {data.photos ? (
            <ImageUpload value={String(data.photos)} disabled />
          ) : (
            <Typography.Text type="secondary">无</Typography.Text>
          )}
        </>
      )}
    </div>
  );
}
