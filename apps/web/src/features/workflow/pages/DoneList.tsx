import { Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { wfApi } from '../api';
import { ApplicationViewModal, type ApplicationRef } from '../components/ApplicationViewModal';
import { HistoryModal } from '../components/HistoryModal';
import { RESULT_COLOR, RESULT_TEXT } from '../texts';
import { useRefetchWithBadge } from '../useWorkflowRefresh';
import '../workflow.css';

interface DoneTask {
  id: string;
  procInstId: string;
  name: string;
  processName: string;
  applyer: string;
  title: string;
  outcome: string | null;
  deleteReason: string | null;
  comment: string | null;
  createTime: string;
  endTime: string;
  tableId: string;
  tableName: string;
  routeName: string;
  result: number;
}

const OUTCOME_COLOR: Record<string, string> = {
  pass: 'green',
  auto: 'green',
  back: 'red',
  rejected: 'red',
  return: 'orange',
  returned: 'orange',
  canceled: 'default',
};
type DoneRow = DoneTask & Row;

/** 已办: the tasks I handled, with what I did, my comment and where the application stands now. */
export default function DoneList() {
  const list = useRef<ListHelpers<DoneRow> | null>(null);
  const [view, setView] = useState<ApplicationRef | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);
  useRefetchWithBadge(() => list.current?.reload());

  const columns: ListColumn<DoneRow>[] = [
    { title: '流程名称', dataIndex: 'name', hideInTable: true, search: 'eq' },
    { title: '所属流程', dataIndex: 'processName', width: 120 },
    { title: '任务名称', dataIndex: 'name', width: 140 },
    { title: '标题', dataIndex: 'title', width: 200, ellipsis: true },
    { title: '流程发起人', dataIndex: 'applyer', width: 100 },
    {
      title: '处理结果',
      dataIndex: 'deleteReason',
      width: 100,
      render: (v, r) => <Tag color={OUTCOME_COLOR[r.outcome ?? ''] ?? 'blue'}>{v as string}</Tag>,
    },
    { title: '审批意见', dataIndex: 'comment', width: 200, ellipsis: true },
    {
      title: '流程结果',
      dataIndex: 'result',
      width: 100,
      render: (v) => <Tag color={RESULT_COLOR[v as number]}>{RESULT_TEXT[v as number]}</Tag>,
    },
    { title: '处理时间', dataIndex: 'endTime', width: 170 },
  ];

  function actions(r: DoneTask) {
    return (
      <Space size={4} split={<span className="wf-split">|</span>}>
        <a
          onClick={() =>
            setView({
              tableId: r.tableId,
              tableName: r.tableName,
              routeName: r.routeName,
              processName: r.processName,
              procInstId: r.procInstId,
            })
          }
        >
          查看
        </a>
        <a onClick={() => setHistoryId(r.procInstId)}>历史</a>
      </Space>
    );
  }

  return (
    <>
      <ListPage<DoneRow>
        className="wf-page"
        testId="done-list"
        columns={columns}
        url={{}}
        load={({ filters, pageNo, pageSize }) =>
          wfApi.doneList({ name: filters.name || undefined, pageNo, pageSize })
        }
        loadKey="wfDone"
        helpersRef={list}
        showIndex
        selection={false}
        superQuery={false}
        showDetail={false}
        showDelete={false}
        actionWidth={120}
        rowActions={(r) => actions(r)}
        phoneCard={(r) => ({
          testId: 'done-card',
          title: r.title || r.processName,
          status: <Tag color={OUTCOME_COLOR[r.outcome ?? ''] ?? 'blue'}>{r.deleteReason}</Tag>,
          figures: r.comment ? `审批意见：${r.comment}` : undefined,
          fields: [
            { key: 'node', label: '任务名称', value: `${r.processName} · ${r.name}` },
            { key: 'applyer', label: '流程发起人', value: r.applyer },
            { key: 'result', label: '流程结果', value: RESULT_TEXT[r.result] ?? '—' },
            { key: 'endTime', label: '处理时间', value: r.endTime },
          ],
        })}
      />
      <ApplicationViewModal
        target={view}
        onClose={() => setView(null)}
        onHistory={(id) => setHistoryId(id)}
      />
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
    </>
  );
}
