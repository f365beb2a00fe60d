import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { deleteAction, getAction, postAction } from '../../../app/http/client';

interface AllowedRow {
  id: string;
  dbSource: string;
  tableName: string;
  createBy: string | null;
  createTime: string | null;
}

/** 可查询的表: the tables reports of one data source may read; everything else is refused. */
export function AllowedTablesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [source, setSource] = useState('');
  const [form] = Form.useForm<{ tableName: string }>();
  const sources = useQuery({
    queryKey: ['report', 'dataSources'],
    queryFn: async () => {
      const r = await getAction<{ records: { code: string; name: string }[] }>('/sys/dataSource/list', { pageNo: 1, pageSize: 200 });
      return r.success ? r.result.records : [];
    },
    enabled: open,
  });
  const list = useQuery({
    queryKey: ['report', 'tables', source],
    queryFn: async () => {
      const r = await getAction<AllowedRow[]>('/online/cgreport/table/list', { dbSource: source });
      if (!r.success) throw new Error(r.message);
      return r.result;
    },
    enabled: open,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['report', 'tables'] });
  return (
    <Modal open={open} width={720} title="可查询的表" onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        报表只能读取这里放行的表。用户、会话、日志、角色与人事档案等含个人信息或系统数据的表默认不放行。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="数据源"
          style={{ width: 240 }}
          value={source}
          onChange={setSource}
          options={[{ value: '', label: '本系统数据库' }, ...(sources.data ?? []).map((s) => ({ value: s.code, label: `${s.name}（${s.code}）` }))]}
        />
        <Form
          form={form}
          layout="inline"
          onFinish={async ({ tableName }) => {
            const r = await postAction('/online/cgreport/table/add', { dbSource: source, tableName });
            if (!r.success) return void message.warning(r.message);
            message.success(`已放行表 ${tableName}`);
            form.resetFields();
            refresh();
          }}
        >
          <Form.Item name="tableName" rules={[{ required: true, message: '请输入表名' }, { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: '表名只能包含字母、数字和下划线' }]}>
            <Input placeholder="表名" aria-label="表名" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            放行
          </Button>
        </Form>
      </Space>
      <Table<AllowedRow>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: '没有放行的表：这个数据源上的报表不能读取任何表' }}
        columns={[
          { title: '表名', dataIndex: 'tableName' },
          { title: '放行人', dataIndex: 'createBy', width: 120 },
          { title: '放行时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'action',
            width: 90,
            render: (_v, r) => (
              <Popconfirm
                title={`确定不再放行表 ${r.tableName} 吗？使用它的报表将无法查询。`}
                onConfirm={async () => {
                  const res = await deleteAction('/online/cgreport/table/delete', { id: r.id });
                  if (!res.success) return void message.warning(res.message);
                  message.success(`已移除表 ${r.tableName}`);
                  refresh();
                }}
              >
                <Button type="link" danger size="small">
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}
