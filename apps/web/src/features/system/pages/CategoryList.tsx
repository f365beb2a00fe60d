import { Form, Input } from 'antd';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import { listAuth } from '../components/perms';
import type { ListColumn, Row } from '../../../components/list/types';


const columns: ListColumn[] = [
  { title: '分类名称', dataIndex: 'name', search: 'like', align: 'left' },
  { title: '分类编码', dataIndex: 'code', search: 'like', sorter: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true },
];

/** Add (under the preset parent `pid`) or edit a category; the server assigns codes under the parent. */
function CategoryForm(props: FormModalProps<Row>) {
  const parentName = props.mode === 'add' ? (props.record?.parentName as string | undefined) : undefined;
  return (
    <CrudFormModal
      {...props}
      title="分类字典"
      width={600}
      urls={{ add: '/sys/category/add', edit: '/sys/category/edit' }}
      initialValues={{ pid: '0' }}
      toBody={(v) => ({ ...v, parentName: undefined })}
    >
      {(_f, mode) => (
        <>
          {mode === 'add' && (
            <>
              <Form.Item name="pid" hidden>
                <Input />
              </Form.Item>
              <Form.Item label="父级节点">
                <Input value={parentName ?? '无（根节点）'} disabled />
              </Form.Item>
            </>
          )}
          <Form.Item name="name" label="类型名称" rules={[{ required: true, message: '请输入类型名称' }]}>
            <Input />
          </Form.Item>
          {mode === 'add' && (
            <Form.Item name="code" label="类型编码" extra="留空则按父级编码自动生成">
              <Input />
            </Form.Item>
          )}
        </>
      )}
    </CrudFormModal>
  );
}

/** 分类字典: a lazily loaded tree table (roots, then children by pid). */
export default function CategoryList() {
  return (
    <ListPage
      columns={columns}
      url={{
        list: '/sys/category/rootList',
        childList: '/sys/category/childList',
        delete: '/sys/category/delete',
        deleteBatch: '/sys/category/deleteBatch',
        exportXls: '/sys/category/exportXls',
        importExcel: '/sys/category/importExcel',
      }}
      exportName="分类字典"
      defaultSort={{ column: 'code', order: 'asc' }}
      tree={{ pidField: 'pid', hasChildField: 'hasChild' }}
      form={CategoryForm}
      auth={listAuth('category')}
      rowMenu={(r, h) => [
        { key: 'child', label: '添加下级', auth: 'system:category:add', onClick: () => h.openAdd({ pid: String(r.id), parentName: String(r.name) }) },
      ]}
    />
  );
}
