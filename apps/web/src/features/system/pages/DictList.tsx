import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Form, Input, InputNumber, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { refreshDictCache } from '../../../app/session/actions';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import { listAuth } from '../components/perms';
import type { ListColumn, Row } from '../../../components/list/types';


const columns: ListColumn[] = [
  { title: '字典名称', dataIndex: 'dictName', search: 'like', sorter: true },
  { title: '字典编号', dataIndex: 'dictCode', search: 'like', sorter: true },
  { title: '描述', dataIndex: 'description', ellipsis: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true },
];

const itemColumns: ListColumn[] = [
  { title: '名称', dataIndex: 'itemText', search: 'like' },
  { title: '数据值', dataIndex: 'itemValue' },
  { title: '描述(适用公司)', dataIndex: 'description', ellipsis: true },
  { title: '排序', dataIndex: 'sortOrder', type: 'number', sorter: true },
  {
    title: '状态',
    dataIndex: 'status',
    search: 'eq',
    options: [
      { value: '1', text: '启用', color: 'green' },
      { value: '0', text: '不启用', color: 'red' },
    ],
  },
];

function DictForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal {...props} title="字典" width={600} urls={{ add: '/sys/dict/add', edit: '/sys/dict/edit' }}>
      {(_f, mode) => (
        <>
          <Form.Item name="dictName" label="字典名称" rules={[{ required: true, message: '请输入字典名称!' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="dictCode" label="字典编码" rules={[{ required: true, message: '字典Code不能为空!' }]}>
            <Input disabled={mode === 'edit'} />
          </Form.Item>
          <Form.Item name="description" label="描述">
            <Input.TextArea rows={2} />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

function itemForm(dictId: string) {
  return function DictItemForm(props: FormModalProps<Row>) {
    return (
      <CrudFormModal
        {...props}
        title="字典项"
        width={600}
        urls={{ add: '/sys/dictItem/add', edit: '/sys/dictItem/edit' }}
        initialValues={{ status: true, sortOrder: 1 }}
        toForm={(r) => ({ ...r, status: String(r.status ?? '1') === '1' })}
        toBody={(v) => ({ ...v, dictId, status: v.status ? 1 : 0 })}
      >
        {() => (
          <>
            <Form.Item name="itemText" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="itemValue" label="数据值" rules={[{ required: true, message: '请输入数据值' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="description" label="描述" extra="适用公司的机构编码，逗号分隔（如 A01,A03），留空表示所有公司">
              <Input />
            </Form.Item>
            <Form.Item name="sortOrder" label="排序值">
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item name="status" label="是否启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
      </CrudFormModal>
    );
  };
}

function DictItems({ dict, onClose }: { dict?: Row; onClose: () => void }) {
  const dictId = dict ? String(dict.id) : '';
  const form = useMemo(() => itemForm(dictId), [dictId]);
  const extra = useMemo(() => ({ dictId }), [dictId]);
  return (
    <Drawer title={dict ? `字典列表：${String(dict.dictName)}` : ''} open={!!dict} width={Math.min(900, window.innerWidth)} onClose={onClose} destroyOnHidden>
      {dict && (
        <ListPage
          columns={itemColumns}
          url={{ list: '/sys/dictItem/list', delete: '/sys/dictItem/delete', deleteBatch: '/sys/dictItem/deleteBatch' }}
          extraParams={extra}
          defaultSort={{ column: 'sortOrder', order: 'asc' }}
          syncUrl={false}
          superQuery={false}
          bordered={false}
          size="small"
          showDetail={false}
          form={form}
          auth={listAuth('dict')}
        />
      )}
    </Drawer>
  );
}

/** 数据字典: dictionaries, their items (drawer) and the cache refresh. */
export default function DictList() {
  const { message } = App.useApp();
  const [current, setCurrent] = useState<Row | undefined>();
  return (
    <>
      <ListPage
        columns={columns}
        url={{
          list: '/sys/dict/list',
          delete: '/sys/dict/delete',
          deleteBatch: '/sys/dict/deleteBatch',
          exportXls: '/sys/dict/exportXls',
          importExcel: '/sys/dict/importExcel',
        }}
        exportName="数据字典"
        form={DictForm}
        auth={listAuth('dict')}
        rowActions={(r) => <a onClick={() => setCurrent(r)}>字典配置</a>}
        toolbar={() => (
          <Button
            icon={<SyncOutlined />}
            onClick={async () => {
              const ok = await refreshDictCache().catch(() => false);
              if (ok) message.success('刷新缓存完成！');
              else message.error('刷新缓存失败！');
            }}
          >
            刷新缓存
          </Button>
        )}
      />
      <DictItems dict={current} onClose={() => setCurrent(undefined)} />
    </>
  );
}
