import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { getAction } from '../../../app/http/client';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { LEDGER_URL } from '../api';

const columns: ListColumn[] = [
  { title: '物品编码', dataIndex: 'code', width: 120, search: 'like', sorter: true },
  { title: '物品名称', dataIndex: 'name', width: 160, search: 'like', card: 'title' },
  { title: '规格', dataIndex: 'spec', width: 220, ellipsis: true },
  { title: '单位', dataIndex: 'unit', width: 70 },
  {
    title: '类型',
    dataIndex: 'kind',
    width: 80,
    search: 'eq',
    options: [
      { value: 'consumable', text: '耗材' },
      { value: 'asset', text: '资产', color: 'blue' },
    ],
  },
  { title: '参考单价', dataIndex: 'price', width: 100, align: 'right' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    search: 'eq',
    options: [
      { value: '1', text: '启用', color: 'green' },
      { value: '0', text: '停用' },
    ],
  },
];

function ItemForm(props: FormModalProps<Row>) {
  const tree = useQuery({
    queryKey: ['ledger', 'categoryTree'],
    enabled: props.open,
    queryFn: async () => {
      const res = await getAction<unknown[]>(LEDGER_URL.categoryTree);
      return res.success ? res.result : [];
    },
  });
  return (
    <CrudFormModal
      {...props}
      title="物品"
      width={640}
      urls={{ add: '/ledger/item/add', edit: '/ledger/item/edit' }}
      initialValues={{ kind: 'consumable', status: 1 }}
    >
      {(_f, mode) => (
        <>
          <Form.Item name="code" label="物品编码" rules={[{ required: true, message: '请输入物品编码' }]}>
            <Input maxLength={50} disabled={mode === 'edit'} />
          </Form.Item>
          <Form.Item
            name="name"
            label="物品名称"
            rules={[{ required: true, whitespace: true, message: '请输入物品名称' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="categoryId" label="分类">
            <TreeSelect allowClear treeDefaultExpandAll treeData={tree.data as never} />
          </Form.Item>
          <Form.Item name="spec" label="规格">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="unit"
            label="单位"
            rules={[{ required: true, whitespace: true, message: '请输入单位' }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择物品类型' }]}>
            <Select
              options={[
                { value: 'consumable', label: '耗材（按数量记账）' },
                { value: 'asset', label: '资产（逐台登记编号）' },
              ]}
            />
          </Form.Item>
          <Form.Item name="price" label="参考单价">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              options={[
                { value: 1, label: '启用' },
                { value: 0, label: '停用' },
              ]}
            />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

/** 物品目录: the item catalogue (category tree, spec, unit, consumable or asset). */
export default function ItemList() {
  return (
    <ListPage
      columns={columns}
      url={{ list: '/ledger/item/list', delete: '/ledger/item/delete' }}
      form={ItemForm}
      showImport={false}
      showExport={false}
      selection={false}
      defaultSort={{ column: 'code', order: 'asc' }}
      auth={{ add: 'ledger:item:add', edit: 'ledger:item:edit', delete: 'ledger:item:delete' }}
    />
  );
}
