import { Form, Input, Switch } from 'antd';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { flag } from '../components/formValues';
import { listAuth } from '../components/perms';

const FLAGS = ['retryable', 'stripPrefix', 'persistable', 'showApi', 'status'];
const onOff = [
  { value: '1', text: '是', color: 'green' },
  { value: '0', text: '否' },
];

const columns: ListColumn[] = [
  { title: '路由ID', dataIndex: 'routerId', search: 'like', sorter: true },
  { title: '路由名称', dataIndex: 'name', search: 'like' },
  { title: '路由地址', dataIndex: 'uri', search: 'like', ellipsis: true },
  { title: '断言', dataIndex: 'predicates', hideInTable: true },
  { title: '过滤器', dataIndex: 'filters', hideInTable: true },
  { title: '重试', dataIndex: 'retryable', options: onOff },
  { title: '忽略前缀', dataIndex: 'stripPrefix', options: onOff },
  { title: '保持连接', dataIndex: 'persistable', options: onOff, hideInTable: true },
  { title: '在API中显示', dataIndex: 'showApi', options: onOff, hideInTable: true },
  {
    title: '状态',
    dataIndex: 'status',
    search: 'eq',
    options: [
      { value: '1', text: '启用', color: 'green' },
      { value: '0', text: '禁用', color: 'red' },
    ],
  },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true },
];

const jsonRule = {
  validator: async (_r: unknown, v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    try {
      JSON.parse(String(v));
    } catch {
      throw new Error('必须是JSON格式');
    }
  },
};

function GatewayForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal
      {...props}
      title="网关路由"
      urls={{ add: '/sys/gatewayRoute/add', edit: '/sys/gatewayRoute/edit' }}
      initialValues={{ status: true, stripPrefix: true, retryable: false, persistable: false, showApi: true }}
      toForm={(r) => ({ ...r, ...Object.fromEntries(FLAGS.map((f) => [f, flag(r[f]) === 1])) })}
      toBody={(v) => ({ ...v, ...Object.fromEntries(FLAGS.map((f) => [f, flag(v[f])])) })}
    >
      {() => (
        <>
          <Form.Item name="routerId" label="路由ID" rules={[{ required: true, message: '请输入路由ID' }]}>
            <Input placeholder="如 jeecg-demo" />
          </Form.Item>
          <Form.Item name="name" label="路由名称">
            <Input />
          </Form.Item>
          <Form.Item name="uri" label="路由地址" rules={[{ required: true, message: '请输入路由地址' }]}>
            <Input placeholder="http://、https://、lb://" />
          </Form.Item>
          <Form.Item name="predicates" label="断言(JSON)" rules={[jsonRule]}>
            <Input.TextArea rows={3} placeholder='[{"name":"Path","args":["/demo/**"]}]' />
          </Form.Item>
          <Form.Item name="filters" label="过滤器(JSON)" rules={[jsonRule]}>
            <Input.TextArea rows={3} placeholder="[]" />
          </Form.Item>
          {[
            ['retryable', '重试'],
            ['stripPrefix', '忽略前缀'],
            ['persistable', '保持连接'],
            ['showApi', '在API中显示'],
            ['status', '启用'],
          ].map(([name, label]) => (
            <Form.Item key={name} name={name} label={label} valuePropName="checked">
              <Switch />
            </Form.Item>
          ))}
        </>
      )}
    </CrudFormModal>
  );
}

/** 网关路由. */
export default function GatewayRouteList() {
  return (
    <ListPage
      columns={columns}
      url={{ list: '/sys/gatewayRoute/list', delete: '/sys/gatewayRoute/delete', deleteBatch: '/sys/gatewayRoute/deleteBatch' }}
      form={GatewayForm}
      auth={listAuth('gateway')}
    />
  );
}
