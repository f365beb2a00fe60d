import { App, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../app/auth';
import { api, settle } from '../../../app/http/api';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import type { BellNotice } from '../api';
import { AnnouncementDetailModal } from '../components/AnnouncementDetailModal';
import { AnnouncementFormModal, type AnnouncementRecord } from '../components/AnnouncementFormModal';
import { PriorityTag } from '../components/NoticeBell';
import { SenderName } from '../components/SenderName';
import { CATEGORY_OPTIONS, MSG_TYPE_OPTIONS, PRIORITY_OPTIONS, SEND_STATUS_OPTIONS } from '../constants';

const PERM = 'system:announcement';

const columns: ListColumn[] = [
  { title: '标题', dataIndex: 'titile', search: 'like', width: 220, ellipsis: true },
  { title: '消息类型', dataIndex: 'msgCategory', options: CATEGORY_OPTIONS, search: 'eq', width: 100 },
  { title: '发布人', dataIndex: 'sender', width: 100, render: (v) => <SenderName username={String(v ?? '')} /> },
  {
    title: '优先级',
    dataIndex: 'priority',
    options: PRIORITY_OPTIONS,
    search: 'eq',
    width: 90,
    render: (v) => <PriorityTag priority={String(v ?? '')} />,
  },
  { title: '通告对象', dataIndex: 'msgType', options: MSG_TYPE_OPTIONS, width: 100 },
  {
    title: '发布状态',
    dataIndex: 'sendStatus',
    options: SEND_STATUS_OPTIONS,
    search: 'eq',
    width: 100,
    render: (v) => {
      const o = SEND_STATUS_OPTIONS.find((x) => x.value === String(v ?? ''));
      return o ? <Tag color={o.color}>{o.text}</Tag> : '';
    },
  },
  { title: '发布时间', dataIndex: 'sendTime', type: 'datetime', sorter: true, width: 165 },
  { title: '撤销时间', dataIndex: 'cancelTime', type: 'datetime', width: 165 },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true, hideInTable: true },
  { title: '内容', dataIndex: 'msgContent', hideInTable: true, hideInDetail: true, hideInSuperQuery: true },
];

function FormAdapter({ open, mode, record, onClose }: { open: boolean; mode: 'add' | 'edit'; record?: Row; onClose: (saved: boolean) => void }) {
  return <AnnouncementFormModal open={open} record={mode === 'edit' ? (record as AnnouncementRecord) : undefined} onClose={onClose} />;
}

/**
 * 系统通告 (/sys/annountCement): maintenance of notices and system messages; a draft can be edited and
 * published (doReleaseData), a published one revoked (doReovkeData) — the audience's bells follow at once.
 */
export default function AnnouncementList() {
  const { message } = App.useApp();
  const [viewing, setViewing] = useState<BellNotice | null>(null);

  const act = async (action: typeof api.announcement.release | typeof api.announcement.revoke, id: string, helpers: ListHelpers) => {
    const done = await settle(action.answer({ id }), (m) => message.warning(m));
    if (done) {
      message.success(done.message);
      helpers.reload();
    }
  };

  return (
    <>
      <ListPage
        columns={columns}
        url={{
          list: api.announcement.list.path,
          delete: api.announcement.delete.path,
          deleteBatch: api.announcement.deleteBatch.path,
          exportXls: api.announcement.exportXls.path,
          importExcel: api.announcement.importExcel.path,
        }}
        exportName="系统通告"
        form={FormAdapter}
        showDetail={false}
        actionWidth={220}
        auth={{ add: `${PERM}:add`, edit: `${PERM}:edit`, delete: `${PERM}:delete`, deleteBatch: `${PERM}:delete`, export: `${PERM}:export`, import: `${PERM}:import` }}
        rowActions={(r, helpers) => {
          const status = String(r.sendStatus ?? '0');
          return (
            <>
              {status === '0' && (
                <Auth code={`${PERM}:release`}>
                  <Popconfirm title="确定发布吗?" onConfirm={() => act(api.announcement.release, String(r.id), helpers)}>
                    <a data-testid="annt-release">发布</a>
                  </Popconfirm>
                </Auth>
              )}
              {status === '1' && (
                <Auth code={`${PERM}:release`}>
                  <Popconfirm title="确定撤销吗?" onConfirm={() => act(api.announcement.revoke, String(r.id), helpers)}>
                    <a data-testid="annt-revoke">撤销</a>
                  </Popconfirm>
                </Auth>
              )}
              <a style={{ marginLeft: 8 }} onClick={() => setViewing(r as unknown as BellNotice)}>
                查看
              </a>
            </>
          );
        }}
      />
      <AnnouncementDetailModal notice={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
