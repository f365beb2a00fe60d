import { ClearOutlined } from '@ant-design/icons';
import { App, Button, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { Auth } from '../../../components/list/auth';
import { deleteAction } from '../../../app/http/client';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';

const base: ListColumn[] = [
  { title: '搜索日志', dataIndex: 'keyWord', search: 'eq', hideInTable: true, hideInDetail: true, hideInSuperQuery: true },
  { title: '日志内容', dataIndex: 'logContent', ellipsis: true, width: 260 },
  { title: '操作人ID', dataIndex: 'userid' },
  { title: '操作人名称', dataIndex: 'username' },
  { title: 'IP', dataIndex: 'ip' },
  { title: '耗时(毫秒)', dataIndex: 'costTime', type: 'number', sorter: true },
  { title: '日志类型', dataIndex: 'logType', dictCode: 'log_type', hideInTable: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', search: 'range', sorter: true },
];

const operation: ListColumn[] = [
  ...base.slice(0, 5),
  { title: '操作类型', dataIndex: 'operateType', dictCode: 'operate_type', search: 'eq' },
  { title: '请求方法', dataIndex: 'method', hideInTable: true },
  { title: '请求路径', dataIndex: 'requestUrl', hideInTable: true },
  { title: '请求参数', dataIndex: 'requestParam', hideInTable: true },
  ...base.slice(5),
];

/** 系统日志: login and operation logs (tabs), keyword and time filters, batch delete and clear. */
export default function LogList() {
  const { message, modal } = App.useApp();
  const [logType, setLogType] = useState('1');
  const extra = useMemo(() => ({ logType }), [logType]);
  const columns = logType === '1' ? base : operation;
  return (
    <ListPage
      key={logType}
      title={
        <Tabs
          activeKey={logType}
          onChange={setLogType}
          items={[
            { key: '1', label: '登录日志' },
            { key: '2', label: '操作日志' },
          ]}
        />
      }
      columns={columns}
      url={{ list: '/sys/log/list', deleteBatch: '/sys/log/deleteBatch' }}
      extraParams={extra}
      showExport={false}
      showImport={false}
      superQuery={{ saveCode: `sys-log-${logType}` }}
      auth={{ deleteBatch: 'system:log:delete' }}
      toolbar={(h) => (
        <Auth code="system:log:delete">
          <Button
            icon={<ClearOutlined />}
            onClick={() =>
              modal.confirm({
                title: '清空日志',
                content: '确定要清空全部日志吗?',
                onOk: async () => {
                  const res = await deleteAction('/sys/log/deleteBatch', { ids: 'allclear' });
                  if (res.success) {
                    message.success(res.message || '操作成功');
                    h.clearSelection();
                    h.reload();
                  } else message.warning(res.message);
                },
              })
            }
          >
            清空日志
          </Button>
        </Auth>
      )}
    />
  );
}
