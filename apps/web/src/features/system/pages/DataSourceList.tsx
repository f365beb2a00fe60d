import { App, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/list/auth';
import { CrudFormModal } from '../../../components/list/CrudFormModal';
import { postAction } from '../../../app/http/client';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import { listAuth } from '../components/perms';
import type { ListColumn, Row } from '../../../components/list/types';

const DB_TYPES = [
  { value: 'postgres', text: 'PostgreSQL', driver: 'org.postgresql.Driver' },
  { value: 'mysql', text: 'MySQL / MariaDB', driver: 'com.mysql.cj.jdbc.Driver' },
];

const columns: ListColumn[] = [
  { title: '数据源编码', dataIndex: 'code', search: 'like', sorter: true },
  { title: '数据源名称', dataIndex: 'name', search: 'like' },
  { title: '数据库类型', dataIndex: 'dbType', search: 'eq', options: DB_TYPES },
  { title: '驱动类', dataIndex: 'dbDriver', hideInTable: true },
  { title: '数据源地址', dataIndex: 'dbUrl', ellipsis: true },
  { title: '数据库名称', dataIndex: 'dbName' },
  { title: '用户名', dataIndex: 'dbUsername' },
  { title: '备注', dataIndex: 'remark', hideInTable: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true },
];

function TestButton({ id, values }: { id?: unknown; values: () => Record<string, unknown> }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={async () => {
        const v = values();
        if (!v.dbUrl) {
          message.warning('请输入数据源地址');
          return;
        }
        setBusy(true);
        try {
          const res = await postAction('/sys/dataSource/testConnection', {
            id: id ?? undefined,
            dbUrl: v.dbUrl,
            dbUsername: v.dbUsername,
            dbPassword: v.dbPassword,
          });
          if (res.success) message.success(res.message || '数据库连接成功');
          else message.warning(res.message);
        } catch {
          // shown by the client
        } finally {
          setBusy(false);
        }
      }}
    >
      测试连接
    </Button>
  );
}

function DataSourceForm(props: FormModalProps<Row>) {
  return (
    <CrudFormModal
      {...props}
      title="数据源"
      urls={{ add: '/sys/dataSource/add', edit: '/sys/dataSource/edit' }}
      initialValues={{ dbType: 'postgres', dbDriver: DB_TYPES[0].driver }}
      toForm={(r) => ({ ...r, dbPassword: '' })}
      extraFooter={(form) => (
        <Auth code="system:datasource:test">
          <TestButton id={props.record?.id} values={() => form.getFieldsValue() as Record<string, unknown>} />
        </Auth>
      )}
    >
      {(form, mode) => (
        <>
          <Form.Item name="code" label="数据源编码" rules={[{ required: true, message: '请输入数据源编码' }]}>
            <Input disabled={mode === 'edit'} />
          </Form.Item>
          <Form.Item name="name" label="数据源名称" rules={[{ required: true, message: '请输入数据源名称' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="dbType" label="数据库类型" rules={[{ required: true, message: '请选择数据库类型' }]}>
            <Select
              options={DB_TYPES.map((t) => ({ value: t.value, label: t.text }))}
              onChange={(v) => form.setFieldValue('dbDriver', DB_TYPES.find((t) => t.value === v)?.driver)}
            />
          </Form.Item>
          <Form.Item name="dbDriver" label="驱动类">
            <Input />
          </Form.Item>
          <Form.Item name="dbUrl" label="数据源地址" rules={[{ required: true, message: '请输入数据源地址' }]}>
            <Input placeholder="postgres://host:5432/db 或 mysql://host:3306/db（主机须在允许连接的列表中）" />
          </Form.Item>
          <Form.Item name="dbName" label="数据库名称">
            <Input />
          </Form.Item>
          <Form.Item name="dbUsername" label="用户名">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="dbPassword" label="密码" extra={mode === 'edit' ? '留空则不修改密码' : undefined}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} />
          </Form.Item>
        </>
      )}
    </CrudFormModal>
  );
}

/** 多数据源管理: the password is stored encrypted by the server and never shown. */
export default function DataSourceList() {
  return (
    <ListPage
      columns={columns}
      url={{ list: '/sys/dataSource/list', delete: '/sys/dataSource/delete', deleteBatch: '/sys/dataSource/deleteBatch' }}
      form={DataSourceForm}
      auth={listAuth('datasource')}
    />
  );
}
