import { Form, Input, Select } from 'antd';
import { useSession } from '../../../app/session/store';
import { DictSelect } from '../../../components/dict/DictSelect';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';

const columns: ListColumn[] = [
  { title: '仓库名称', dataIndex: 'name', width: 180, search: 'like', card: 'title' },
  {
    title: '类型',
    dataIndex: 'type',
    width: 100,
    search: 'eq',
    options: [
      { value: 'main', text: '公司仓库' },
      { value: 'store', text: '门店仓库', color: 'purple' },
    ],
  },
  {
    title: '所属公司',
    dataIndex: 'sysOrgCode',
    width: 150,
    search: 'eq',
    // companies by name, from the company dictionary
    dictCode: 'company',
  },
  { title: '地址', dataIndex: 'address', width: 220, ellipsis: true },
  { title: '保管员', dataIndex: 'keeper', width: 100 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    options: [
      { value: '1', text: '启用', color: 'green' },
      { value: '0', text: '停用' },
    ],
  },
];

function WarehouseForm(props: FormModalProps<Row>) {
  const group = (useSession((s) => s.userInfo?.orgCode) ?? '').startsWith('A01');
  return (
    <CrudFormModal
      {...props}
      title="仓库"
      width={560}
      urls={{ add: '/ledger/warehouse/add', edit: '/ledger/warehouse/edit' }}
      initialValues={{ type: 'main', status: 1 }}
    >
      {(_f, mode) => (
        <>
          <Form.Item
            name="name"
            label="仓库名称"
            rules={[{ required: true, whitespace: true, message: '请输入仓库名称' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="type" label="类型">
            <Select
              options={[
                { value: 'main', label: '公司仓库' },
                { value: 'store', label: '门店仓库' },
              ]}
            />
          </Form.Item>
          {group && mode === 'add' && (
            <Form.Item
              name="sysOrgCode"
              label="所属公司"
              rules={[{ required: true, message: '请选择所属公司' }]}
            >
              <DictSelect dictCode="company" allowClear={false} />
            </Form.Item>
          )}
          <Form.Item name="address" label="地址">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="keeper" label="保管员">
            <Input maxLength={64} />
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

/** 仓库: warehouses per company (公司仓库) and branch stores (门店仓库). */
export default function WarehouseList() {
  return (
    <ListPage
      columns={columns}
      url={{ list: '/ledger/warehouse/list', delete: '/ledger/warehouse/delete' }}
      form={WarehouseForm}
      showImport={false}
      showExport={false}
      selection={false}
      defaultSort={{ column: 'sysOrgCode', order: 'asc' }}
      auth={{ add: 'ledger:warehouse:add', edit: 'ledger:warehouse:edit', delete: 'ledger:warehouse:delete' }}
    />
  );
}
