import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useRef, useState } from 'react';
import { api, settle } from '../../../app/http/api';
import { REALTIME_KEYS } from '../../../app/realtime';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { markNoticeRead, type BellNotice } from '../api';
import { AnnouncementDetailModal } from '../components/AnnouncementDetailModal';
import { PriorityTag } from '../components/NoticeBell';
import { CATEGORY_OPTIONS, PRIORITY_OPTIONS } from '../constants';

const READ_OPTIONS = [
  { value: '0', text: '未读', color: 'orange' },
  { value: '1', text: '已读', color: 'default' },
];

const columns: ListColumn[] = [
  { title: '标题', dataIndex: 'titile', search: 'like', width: 240, ellipsis: true },
  { title: '消息类型', dataIndex: 'msgCategory', options: CATEGORY_OPTIONS, search: 'eq', width: 100 },
  { title: '发布人', dataIndex: 'senderRealname', width: 110, render: (v, r) => String(v ?? r.sender ?? '') },
  { title: '发布人账号', dataIndex: 'sender', search: 'like', hideInTable: true },
  { title: '发布时间', dataIndex: 'sendTime', type: 'datetime', width: 165 },
  { title: '优先级', dataIndex: 'priority', options: PRIORITY_OPTIONS, width: 100, render: (v) => <PriorityTag priority={String(v ?? '')} /> },
  {
    title: '阅读状态',
    dataIndex: 'readFlag',
    options: READ_OPTIONS,
    search: 'eq',
    width: 100,
    render: (v) => {
      const o = READ_OPTIONS.find((x) => x.value === String(v ?? ''));
      return o ? <Tag color={o.color}>{o.text}</Tag> : '';
    },
  },
];

/** 我的消息 (/isps/userAnnouncement, opened from the bell's 查看更多): the notices sent to me, read or not. */
export default function UserAnnouncement() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<BellNotice | null>(null);
  const helpersRef = useRef<ListHelpers | null>(null);

  const open = async (r: Row) => {
    const anntId = String(r.anntId ?? r.id);
    if (r.readFlag !== '1') {
      try {
        await markNoticeRead(anntId);
      } catch {
        /* shown by the client */
      }
      void queryClient.invalidateQueries({ queryKey: REALTIME_KEYS.notices });
      helpersRef.current?.reload();
    }
    setViewing({ ...(r as unknown as BellNotice), id: anntId });
  };

  const readAll = async () => {
    const done = await settle(api.announcement.readAll.answer({}), (m) => message.warning(m));
    if (done) {
      message.success(done.message);
      void queryClient.invalidateQueries({ queryKey: REALTIME_KEYS.notices });
      helpersRef.current?.reload();
    }
  };

  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: api.announcement.mySends.path }}
        selection={false}
        showDetail={false}
        showDelete={false}
        showExport={false}
        showImport={false}
        superQuery={false}
        actionWidth={90}
        helpersRef={helpersRef}
        defaultSort={{ column: 'sendTime', order: 'desc' }}
        toolbar={() => (
          <Button onClick={readAll} data-testid="read-all">
            全部标注已读
          </Button>
        )}
        rowActions={(r) => (
          <a onClick={() => void open(r)} data-testid="my-annt-view">
            查看
          </a>
        )}
      />
      <AnnouncementDetailModal notice={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
