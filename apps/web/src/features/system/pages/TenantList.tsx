import { DatePicker, Form, Input, InputNumber } from 'antd';
import { DictRadio } from '../../../components/dict/DictSelect';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { datesToBody, datesToForm } from '../components/formValues';
import { listAuth } from '../components/perms';

const DATES = ['beginDate', 'endDate'];

const columns: ListColumn[] = [
  { title: '租户编号', dataIndex: 'id', sorter: true, type: 'number' },
  { title: '租户名称', dataIndex: 'name', search: 'like' },
  { title: '开始时间', dataIndex: 'beginDate', type: 'datetime' },
  { title: '结束时间', dataIndex: 'endDate', type: 'datetime' },
  { title: '状态', dataIndex: 'status', dictCode: 'valid_status', search: 'eq' },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true },
];

function TenantForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal
      {...props}
      title="租户"
      width={600}
      urls={{ add: '/sys/tenant/add', edit: '/sys/tenant/edit' }}
      initialValues={{ status: '1' }}
      toForm={(r) => ({ ...datesToForm(r, DATES), status: r.status === undefined ? undefined : String(r.status) })}
      toBody={(v) => datesToBody(v, DATES, 'YYYY-MM-DD HH:mm:ss')}
    >
      {(_f, mode) => (
        <>
          <Form.Item name="id" label="租户编号" rules={[{ required: true, message: '请输入租户编号' }]}>
            <InputNumber style={{ width: '100%' }} min={1} precision={0} disabled={mode === 'edit'} />
          </Form.Item>
          <Form.Item name="name" label="租户名称" rules={[{ required: true, message: '请输入租户名称' }]}>
            <Input placeholder="请输入租户名称" />
          </Form.Item>
          <Form.Item name="beginDate" label="开始时间">
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="endDate" label="结束时间">
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <DictRadio dictCode="valid_status" />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

/** 租户管理. */
export default function TenantList() {
  return (
    <ListPage
      columns={columns}
      url={{ list: '/sys/tenant/list', delete: '/sys/tenant/delete', deleteBatch: '/sys/tenant/deleteBatch' }}
      form={TenantForm}
      auth={listAuth('tenant')}
    />
  );
}
