import { Avatar, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../app/auth/useAuth';
import { feedback } from '../../../app/feedback';
import { postAction } from '../../../app/http/client';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';

const columns: ListColumn[] = [
  {
    title: '用户账号',
    dataIndex: 'username',
    search: 'like',
    searchTitle: '用户账号',
    card: 'title',
    render: (v, r) => (
      <span>
        {r.avatar ? <Avatar size="small" src={String(r.avatar)} style={{ marginRight: 6 }} /> : null}
        {String(v ?? '')}
        {r.current ? (
          <Tag color="blue" style={{ marginLeft: 6 }}>
            当前会话
          </Tag>
        ) : null}
      </span>
    ),
  },
  { title: '用户姓名', dataIndex: 'realname' },
  { title: '所属部门', dataIndex: 'orgCodeTxt' },
  { title: '登录时间', dataIndex: 'loginTime', type: 'datetime' },
  { title: '最后活动', dataIndex: 'lastActiveTime', type: 'datetime', card: 'figure' },
  { title: 'IP地址', dataIndex: 'ip' },
  { title: '浏览器', dataIndex: 'browser' },
  { title: '操作系统', dataIndex: 'os' },
];

/** 在线用户: who is signed in (one row per session); 强制退出 ends a session at once. */
export default function OnlineUserList() {
  const { has } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <ListPage
      columns={columns}
      url={{ list: '/sys/online/list' }}
      rowKey="id"
      superQuery={false}
      showDelete={false}
      showExport={false}
      showImport={false}
      selection={false}
      rowActions={(r: Row, helpers) =>
        has('system:online:forceLogout') && !r.current ? (
          <Popconfirm
            title={`确定强制退出用户“${String(r.realname ?? r.username)}”的这个会话吗？`}
            okText="确定"
            cancelText="取消"
            onConfirm={async () => {
              setBusy(String(r.id));
              try {
                const res = await postAction('/sys/online/forceLogout', { token: r.token });
                if (res.success) {
                  feedback.message.success(res.message || '强制退出成功');
                  helpers.reload();
                } else feedback.message.warning(res.message);
              } catch {
                /* shown by the client */
              } finally {
                setBusy(null);
              }
            }}
          >
            <a aria-disabled={busy === r.id} data-testid={`force-logout-${String(r.username)}`}>
              强制退出
            </a>
          </Popconfirm>
        ) : null
      }
    />
  );
}
