import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GoodsType } from '@go/contract/ledger/schemas';
import { LEDGER_TEXT } from '@go/contract/ledger/schemas';
import {
  Alert,
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import { ImageUpload } from '../../../components/upload';
import { ApplyModal, type ApplyTarget } from '../../workflow/components/ApplyModal';
import { useNarrow } from '../../workflow/useNarrow';
import { useApplication } from '../../forms/components/useApplication';
import type { FormEditorProps } from '../../workflow/formTypes';
import { money, useAssetPicker, useItems, usePoolLines, useSuppliers, useWarehouses } from '../api';
import { GOODS_INFO } from './goodsTypes';
import '../ledger.css';

export interface LineDraft {
  key: string;
  itemId?: string;
  itemName?: string;
  spec?: string;
  unit?: string;
  qty?: number;
  price?: number;
  supplierId?: string;
  warehouseId?: string;
  toWarehouseId?: string;
  assetId?: string;
  poolId?: string;
  remark?: string;
}

let seq = 0;
const newLine = (): LineDraft => ({ key: `l${++seq}`, qty: 1 });

/**
 * The goods dialog: header fields, then a line grid of items, assets, warehouses, pool lines and suppliers
 * as the form type needs them; save a draft or submit.
 */
export function GoodsEditor({
  type,
  open,
  businessId,
  procDefId,
  onClose,
}: FormEditorProps & { type: GoodsType }) {
  const info = GOODS_INFO[type];
  const L = info.layout;
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const app = useApplication(type, open, businessId, procDefId);
  const [lines, setLines] = useState<LineDraft[]>([newLine()]);
  const [applyTarget, setApplyTarget] = useState<ApplyTarget | null>(null);
  const [changed, setChanged] = useState(false);
  const narrow = useNarrow();

  const items = useItems(open && !!L.item);
  const warehouses = useWarehouses(open && !!(L.warehouse || L.toWarehouse));
  const suppliers = useSuppliers(open && !!L.supplier);
  const assets = useAssetPicker(type, open && !!L.asset);
  const pool = usePoolLines(open && !!L.pool);

  useEffect(() => {
    const d = app.existing.data;
    if (!d) return;
    form.setFieldsValue({
      title: d.title,
      reason: d.reason,
      receiver: d.receiver ?? undefined,
      duties: d.duties,
      photos: d.photos ?? '',
    });
    const ls = (Array.isArray(d.lines) ? d.lines : []) as Record<string, unknown>[];
    setLines(
      ls.map((l) => ({
        key: `l${++seq}`,
        ...Object.fromEntries(Object.entries(l).filter(([, v]) => v !== null)),
        qty: Number(l.qty ?? 1),
        price: l.price === null || l.price === undefined ? undefined : Number(l.price),
      })) as LineDraft[],
    );
  }, [app.existing.data, form]);

  const itemOptions = useMemo(
    () =>
      (items.data ?? [])
        .filter((i) => L.item !== 'consumable' || i.kind === 'consumable')
        .map((i) => ({ value: i.id, label: `${i.name}${i.spec ? `（${i.spec}）` : ''}` })),
    [items.data, L.item],
  );
  const itemById = useMemo(() => new Map((items.data ?? []).map((i) => [i.id, i])), [items.data]);
  const whOptions = (warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }));
  const storeOptions = (warehouses.data ?? [])
    .filter((w) => w.type === 'store')
    .map((w) => ({ value: w.id, label: w.name }));
  const supOptions = (suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const assetOptions = (assets.data ?? []).map((a) => ({
    value: a.id,
    label: `${a.assetNo} ${a.itemName}${a.holderName ? ` · ${a.holderName}` : ''}${type === 'ld_share_claim' ? ` · ${a.sysOrgCode}` : ''}`,
  }));
  const assetById = new Map((assets.data ?? []).map((a) => [a.id, a]));
  const poolById = new Map((pool.data ?? []).map((p) => [p.id, p]));
  const poolOptions = (pool.data ?? []).map((p) => ({
    value: p.id,
    label: `${p.itemName} × ${p.qty}（${p.supplierName}）`,
  }));

  const patch = (key: string, p: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...p } : l)));

  const cell = (n: number, name: string) => `第${n}行 ${name}`;
  const columns: TableColumnsType<LineDraft> = [
    { title: '序号', key: 'no', width: 56, align: 'center', render: (_v, _r, i) => i + 1 },
  ];
  if (L.pool)
    columns.push({
      title: '采购池明细',
      key: 'pool',
      width: 220,
      render: (_v, r, i) => (
        <Select
          aria-label={cell(i + 1, '采购池明细')}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          placeholder="可选"
          value={r.poolId}
          options={poolOptions}
          onChange={(v?: string) => {
            const p = v ? poolById.get(v) : undefined;
            patch(r.key, {
              poolId: v,
              ...(p
                ? {
                    itemId: p.itemId ?? undefined,
                    qty: p.qty,
                    price: p.price ?? undefined,
                    supplierId: p.supplierId ?? undefined,
                  }
                : {}),
            });
          }}
        />
      ),
    });
  if (L.asset)
    columns.push({
      title: L.assetOnly ? '资产' : '资产（耗材不选）',
      key: 'asset',
      width: 260,
      render: (_v, r, i) => (
        <Select
          aria-label={cell(i + 1, '资产')}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          placeholder="请选择资产"
          loading={assets.isFetching}
          value={r.assetId}
          options={assetOptions.filter(
            (o) => o.value === r.assetId || !lines.some((l) => l.assetId === o.value),
          )}
          notFoundContent={assets.isFetching ? '加载中…' : '没有可选的资产'}
          onChange={(v?: string) => {
            const a = v ? assetById.get(v) : undefined;
            patch(r.key, {
              assetId: v,
              ...(a
                ? { itemId: undefined, qty: 1, warehouseId: type === 'ld_return' ? r.warehouseId : undefined }
                : {}),
            });
          }}
        />
      ),
    });
  if (L.item)
    columns.push({
      title: L.freeName ? '物品（或填写名称）' : '物品',
      key: 'item',
      width: 240,
      render: (_v, r, i) => (
        <Space.Compact style={{ width: '100%' }} direction="vertical">
          <Select
            aria-label={cell(i + 1, '物品')}
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            placeholder="请选择物品"
            disabled={!!r.assetId}
            loading={items.isFetching}
            value={r.itemId}
            options={itemOptions}
            onChange={(v?: string) => {
              const it = v ? itemById.get(v) : undefined;
              patch(r.key, {
                itemId: v,
                ...(it && L.price && r.price === undefined && it.price !== null
                  ? { price: Number(it.price) }
                  : {}),
              });
            }}
          />
          {L.freeName && !r.itemId && (
            <Input
              aria-label={cell(i + 1, '物品名称')}
              placeholder="目录中没有时填写名称"
              value={r.itemName}
              onChange={(e) => patch(r.key, { itemName: e.target.value })}
            />
          )}
        </Space.Compact>
      ),
    });
  if (L.freeName)
    columns.push(
      {
        title: '规格',
        key: 'spec',
        width: 130,
        render: (_v, r, i) =>
          r.itemId ? (
            (itemById.get(r.itemId)?.spec ?? '')
          ) : (
            <Input
              aria-label={cell(i + 1, '规格')}
              value={r.spec}
              onChange={(e) => patch(r.key, { spec: e.target.value })}
            />
          ),
      },
      {
        title: '单位',
        key: 'unit',
        width: 80,
        render: (_v, r, i) =>
          r.itemId ? (
            (itemById.get(r.itemId)?.unit ?? '')
          ) : (
            <Input
              aria-label={cell(i + 1, '单位')}
              value={r.unit}
              onChange={(e) => patch(r.key, { unit: e.target.value })}
            />
          ),
      },
    );
  if (L.warehouse)
    columns.push({
      title: L.warehouse,
      key: 'warehouse',
      width: 160,
      render: (_v, r, i) =>
        type !== 'ld_return' && r.assetId ? (
          <Typography.Text type="secondary">{assetById.get(r.assetId)?.warehouseName ?? ''}</Typography.Text>
        ) : (
          <Select
            aria-label={cell(i + 1, L.warehouse!)}
            allowClear
            style={{ width: '100%' }}
            placeholder="请选择仓库"
            value={r.warehouseId}
            options={whOptions}
            onChange={(v?: string) => patch(r.key, { warehouseId: v })}
          />
        ),
    });
  if (L.toWarehouse)
    columns.push({
      title: '进店仓库',
      key: 'toWarehouse',
      width: 160,
      render: (_v, r, i) => (
        <Select
          aria-label={cell(i + 1, '进店仓库')}
          allowClear
          style={{ width: '100%' }}
          placeholder="门店仓库"
          value={r.toWarehouseId}
          options={storeOptions}
          onChange={(v?: string) => patch(r.key, { toWarehouseId: v })}
        />
      ),
    });
  if (L.qty)
    columns.push({
      title: '数量',
      key: 'qty',
      width: 100,
      render: (_v, r, i) =>
        r.assetId ? (
          1
        ) : (
          <InputNumber
            aria-label={cell(i + 1, '数量')}
            min={1}
            max={1000000}
            precision={0}
            style={{ width: '100%' }}
            value={r.qty}
            onChange={(v) => patch(r.key, { qty: v ?? undefined })}
          />
        ),
    });
  if (L.price)
    columns.push({
      title: L.price,
      key: 'price',
      width: 120,
      render: (_v, r, i) => (
        <InputNumber
          aria-label={cell(i + 1, L.price!)}
          min={0}
          precision={2}
          style={{ width: '100%' }}
          value={r.price}
          onChange={(v) => patch(r.key, { price: v ?? undefined })}
        />
      ),
    });
  if (L.supplier)
    columns.push({
      title: L.supplier,
      key: 'supplier',
      width: 200,
      render: (_v, r, i) => (
        <Select
          aria-label={cell(i + 1, L.supplier!)}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          placeholder="请选择供应商"
          value={r.supplierId}
          options={supOptions}
          onChange={(v?: string) => patch(r.key, { supplierId: v })}
        />
      ),
    });
  columns.push(
    {
      title: '备注',
      key: 'remark',
      width: 140,
      render: (_v, r, i) => (
        <Input
          aria-label={cell(i + 1, '备注')}
          value={r.remark}
          maxLength={500}
          onChange={(e) => patch(r.key, { remark: e.target.value })}
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 64,
      fixed: 'right',
      render: (_v, r, i) => (
        <Button
          type="text"
          danger
          aria-label={`删除第${i + 1}行`}
          icon={<DeleteOutlined />}
          disabled={lines.length === 1}
          onClick={() => setLines((ls) => ls.filter((l) => l.key !== r.key))}
        />
      ),
    },
  );

  const total = lines.reduce((s, l) => s + Number(l.price ?? 0) * Number(l.assetId ? 1 : (l.qty ?? 0)), 0);

  const collect = async (): Promise<Record<string, unknown> | null> => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    const out = lines
      .filter((l) => l.assetId || l.itemId || l.itemName?.trim() || l.poolId)
      .map((l) => {
        const { key: _k, ...rest } = l;
        return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
      });
    if (!out.length) {
      message.error(LEDGER_TEXT.linesRequired);
      return null;
    }
    return { ...values, title: String(values.title ?? '').trim() || undefined, lines: out };
  };

  const saveDraft = async () => {
    const data = await collect();
    if (!data) return;
    if (await app.save(data)) {
      message.success('保存成功');
      onClose(true);
    }
  };
  const submit = async () => {
    const data = await collect();
    if (!data) return;
    const t = await app.save(data);
    if (t) {
      setChanged(true);
      setApplyTarget(t);
    }
  };

  return (
    <Modal
      title={
        <Space>
          <Tag color="geekblue">{info.label}</Tag>
          {businessId ? `编辑${info.label}申请` : `新建${info.label}申请`}
        </Space>
      }
      open={open}
      width={narrow ? 'calc(100vw - 16px)' : '80%'}
      className="goods-modal"
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(changed)}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => onClose(changed)}>取消</Button>
          <Button loading={app.saving} onClick={saveDraft} data-testid="goods-save">
            保存草稿
          </Button>
          <Button type="primary" loading={app.saving} onClick={submit} data-testid="goods-submit">
            提交申请
          </Button>
        </Space>
      }
    >
      <Spin spinning={app.existing.isFetching}>
        <Alert type="info" showIcon message={info.hint} style={{ marginBottom: 12 }} />
        <Form form={form} layout="vertical" data-testid="goods-form" className="goods-header">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="title" label="标题">
                <Input maxLength={200} placeholder={`不填则为“姓名的${info.label}申请”`} />
              </Form.Item>
            </Col>
            {info.receiver && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="receiver"
                  label="接收人"
                  rules={[{ required: true, message: LEDGER_TEXT.receiverRequired }]}
                >
                  <UserByDepPicker placeholder="请选择接收人" />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Form.Item
            name="reason"
            label={info.reason.label}
            rules={
              info.reason.required
                ? [{ required: true, whitespace: true, message: LEDGER_TEXT.reasonRequired }]
                : []
            }
          >
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
          {info.receiver && (
            <Form.Item name="duties" label="交接工作">
              <Input.TextArea rows={2} maxLength={2000} placeholder="需要交接的工作、资料与待办事项" />
            </Form.Item>
          )}
          {info.photos && (
            <Form.Item name="photos" label="照片">
              <ImageUpload biz="oa/scrap" />
            </Form.Item>
          )}
        </Form>
        <div className="goods-lines">
          <div className="goods-lines-head">
            <Typography.Text strong>物品明细</Typography.Text>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setLines((ls) => [...ls, newLine()])}
              data-testid="goods-add-line"
            >
              添加一行
            </Button>
          </div>
          <Table<LineDraft>
            size="small"
            bordered
            rowKey="key"
            pagination={false}
            dataSource={lines}
            columns={columns}
            scroll={{ x: 'max-content' }}
            data-testid="goods-lines"
          />
          {L.price && (
            <Typography.Text strong className="goods-total">
              金额合计：¥ {money(total)}
            </Typography.Text>
          )}
        </div>
      </Spin>
      <ApplyModal
        target={applyTarget}
        onClose={(submitted) => {
          setApplyTarget(null);
          if (submitted) onClose(true);
        }}
      />
    </Modal>
  );
}

const editors = new Map<GoodsType, ComponentType<FormEditorProps>>();

/** One editor component per goods type (what the workflow screens open). */
export function goodsEditor(type: GoodsType): ComponentType<FormEditorProps> {
  let E = editors.get(type);
  if (!E) {
    E = function TypedGoodsEditor(props: FormEditorProps) {
      return <GoodsEditor {...props} type={type} />;
    };
    editors.set(type, E);
  }
  return E;
}
