import { DownloadOutlined, PlusOutlined, TagOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { downloadFile, getAction, postAction } from '../../../app/http/client';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import { Auth } from '../../../components/list/auth';
import type { ListColumn, Row } from '../../../components/list/types';
import { LEDGER_URL, money, useItems, useSuppliers } from '../api';
import '../ledger.css';

const STATUS = [
  { value: '0', text: '待采购', color: 'orange' },
  { value: '1', text: '已标记', color: 'blue' },
  { value: '2', text: '已入库', color: 'green' },
];

const columns: ListColumn[] = [
  { title: '供应商', dataIndex: 'supplierName', width: 200 },
  { title: '物品名称', dataIndex: 'itemName', width: 140, search: 'like', card: 'title' },
  { title: '规格', dataIndex: 'spec', width: 160, ellipsis: true },
  {
    title: '数量',
    dataIndex: 'qty',
    width: 70,
    align: 'right',
    render: (v, r) => `${String(v)}${String(r.unit ?? '')}`,
  },
  { title: '预估单价', dataIndex: 'price', width: 100, align: 'right', render: (v) => money(v) },
  { title: '金额', dataIndex: 'amount', width: 100, align: 'right', render: (v) => money(v) },
  { title: '状态', dataIndex: 'status', width: 80, search: 'eq', options: STATUS, card: 'status' },
  { title: '标记', dataIndex: 'markName', width: 100 },
  { title: '申请人', dataIndex: 'applicantName', width: 90, search: 'like' },
  { title: '来源单据', dataIndex: 'sourceTitle', width: 180, ellipsis: true },
  { title: '公司', dataIndex: 'sysOrgCode', width: 70 },
  { title: '加入时间', dataIndex: 'createTime', width: 170 },
];

interface Group {
  supplierId: string | null;
  supplierName: string;
  lines: number;
  qty: number;
}

/** 采购池 (/library/procure): lines waiting to be bought, grouped by supplier; 标记 (chooseMark), 全部导出, 加入采购池. */
export default function ProcurePool() {
  const { message } = App.useApp();
  const helpers = useRef<ListHelpers<Row> | null>(null);
  const [supplierId, setSupplierId] = useState<string | undefined>();
  const [marking, setMarking] = useState<Row[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [markForm] = Form.useForm();
  const [addForm] = Form.useForm();
  const suppliers = useSuppliers(!!marking || adding);
  const items = useItems(adding);

  const groups = useQuery({
    queryKey: ['ledger', 'poolGroups'],
    staleTime: 0,
    queryFn: async () => {
      const res = await getAction<{ groups: Group[] }>(LEDGER_URL.pool, { pageNo: 1, pageSize: 1 });
      return res.success ? res.result.groups : [];
    },
  });
  const reload = () => {
    helpers.current?.reload();
    void groups.refetch();
  };

  const mark = async () => {
    const v = (await markForm.validateFields()) as { chooseMarkName: string; supplierId?: string };
    const rows = marking ?? [];
    const ids = rows.map((r) => String(r.id));
    const res = await postAction<{ count: number }>(LEDGER_URL.poolMark, { ids: ids.join(','), ...v });
    if (!res.success) {
      message.error(res.message);
      return;
    }
    // the mark is also kept with the approval marks (docs/ledger.md: chooseMark/add)
    await postAction(LEDGER_URL.chooseMark, {
      chooseMarkName: v.chooseMarkName,
      formDataJson: JSON.stringify({ poolIds: ids, supplierId: v.supplierId ?? null }),
      processName: '采购池',
      applyer: rows
        .map((r) => r.applicantName)
        .filter(Boolean)
        .join(','),
      procInstId: null,
      currTaskName: '采购标记',
      priority: 0,
      status: 1,
      tableId: ids.join(','),
      routeName: 'ledger/ProcurePool',
    });
    message.success(`已标记 ${res.result.count} 条`);
    setMarking(null);
    helpers.current?.clearSelection();
    reload();
  };

  const add = async () => {
    const v = (await addForm.validateFields()) as Record<string, unknown>;
    const res = await postAction<{ ids: string[] }>(LEDGER_URL.poolAdd, { lines: [v] });
    if (!res.success) {
      message.error(res.message);
      return;
    }
    message.success(res.message || '添加成功！');
    setAdding(false);
    reload();
  };

  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: LEDGER_URL.pool }}
        extraParams={{ supplierId }}
        showDelete={false}
        showImport={false}
        showExport={false}
        showDetail
        superQuery={false}
        helpersRef={helpers}
        header={
          <div className="ledger-groups" data-testid="pool-groups">
            <Typography.Text type="secondary">按供应商：</Typography.Text>
            <Tag.CheckableTag checked={!supplierId} onChange={() => setSupplierId(undefined)}>
              全部
            </Tag.CheckableTag>
            {(groups.data ?? []).map((g) => (
              <Tag.CheckableTag
                key={g.supplierId ?? 'none'}
                checked={supplierId === (g.supplierId ?? '')}
                onChange={() => setSupplierId(g.supplierId ?? '')}
              >
                {g.supplierName}（{g.lines}条，{g.qty}件）
              </Tag.CheckableTag>
            ))}
          </div>
        }
        toolbar={(h) => (
          <>
            <Auth code="ledger:procure:add">
              <Button icon={<PlusOutlined />} onClick={() => (addForm.resetFields(), setAdding(true))}>
                加入采购池
              </Button>
            </Auth>
            <Auth code="ledger:procure:mark">
              <Button
                icon={<TagOutlined />}
                disabled={!h.selectedRows.length}
                onClick={() => {
                  markForm.resetFields();
                  setMarking(h.selectedRows);
                }}
                data-testid="pool-mark"
              >
                标记
              </Button>
            </Auth>
            <Auth code="ledger:procure:export">
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void downloadFile(LEDGER_URL.poolExport, '采购池.xlsx', supplierId ? { supplierId } : {})
                }
                data-testid="pool-export"
              >
                全部导出
              </Button>
            </Auth>
          </>
        )}
      />
      <Modal
        title="标记采购明细"
        open={!!marking}
        onOk={() => void mark()}
        onCancel={() => setMarking(null)}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Typography.Paragraph>已选 {marking?.length ?? 0} 条明细</Typography.Paragraph>
        <Form form={markForm} layout="vertical">
          <Form.Item
            name="chooseMarkName"
            label="标记名称"
            rules={[{ required: true, whitespace: true, message: '请输入标记名称' }]}
          >
            <Input maxLength={200} placeholder="如：已询价、本周采购" />
          </Form.Item>
          <Form.Item name="supplierId" label="选定供应商">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="加入采购池"
        open={adding}
        onOk={() => void add()}
        onCancel={() => setAdding(false)}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={addForm} layout="vertical">
          <Form.Item name="itemId" label="物品">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={(items.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
            />
          </Form.Item>
          <Form.Item name="itemName" label="物品名称（目录中没有时填写）">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="qty" label="数量" rules={[{ required: true, message: '请输入数量' }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="price" label="预估单价">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="supplierId" label="首选供应商">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
