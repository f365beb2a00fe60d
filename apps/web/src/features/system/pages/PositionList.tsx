import { Form, Input } from 'antd';
import { DictSelect } from '../../../components/dict/DictSelect';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import { listAuth } from '../components/perms';
import type { ListColumn, Row } from '../../../components/list/types';


const columns: ListColumn[] = [
  { title: '职务编码', dataIndex: 'code', search: 'like', sorter: true },
  { title: '职务名称', dataIndex: 'name', search: 'like', sorter: true },
  { title: '职级', dataIndex: 'postRank', dictCode: 'position_rank', search: 'eq' },
  { title: '所属公司', dataIndex: 'sysOrgCode', hideInTable: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true },
];

function PositionForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal {...props} title="职务" width={600} urls={{ add: '/sys/position/add', edit: '/sys/position/edit' }}>
      {(_form, mode) => (
        <>
          <Form.Item name="code" label="职务编码" rules={[{ required: true, message: '请输入职务编码' }]}>
            <Input placeholder="请输入职务编码" disabled={mode === 'edit'} />
          </Form.Item>
          <Form.Item name="name" label="职务名称" rules={[{ required: true, message: '请输入职务名称' }]}>
            <Input placeholder="请输入职务名称" />
          </Form.Item>
          <Form.Item name="postRank" label="职级" rules={[{ required: true, message: '请选择职级' }]}>
            <DictSelect dictCode="position_rank" />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

/** 职务管理 (code, name, rank; docs/system-admin.md). */
export default function PositionList() {
  return (
    <ListPage
      columns={columns}
      url={{
        list: '/sys/position/list',
        delete: '/sys/position/delete',
        deleteBatch: '/sys/position/deleteBatch',
        exportXls: '/sys/position/exportXls',
        importExcel: '/sys/position/importExcel',
      }}
      exportName="职务表"
      form={PositionForm}
      auth={listAuth('position')}
    />
  );
}
