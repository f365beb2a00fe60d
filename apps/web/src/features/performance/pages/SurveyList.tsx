import type { PfRaterRow } from '@go/contract/performance/index';
import { useQuery } from '@tanstack/react-query';
import { Modal, Tag } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/list/auth';
import { getAction } from '../../../app/http/client';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { SurveyResultModal } from '../components/SurveyResultModal';
import { PERF_AUTH } from '../components/shared';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

const columns: ListColumn[] = [
  { title: '标题', dataIndex: 'title', width: 220, ellipsis: true },
  { title: '被评价人', dataIndex: 'targetRealname', search: 'like', searchTitle: '被评价人', width: 100 },
  { title: '部门', dataIndex: 'departName', width: 120 },
  { title: '年度', dataIndex: 'yearPart', width: 70 },
  { title: '已评价', dataIndex: 'answeredCount', width: 120, render: (v, r) => `${String(v)} / ${String(r.raterCount)}` },
  { title: '发出人', dataIndex: 'createByName', width: 90 },
  { title: '发出时间', dataIndex: 'createTime', type: 'datetime', width: 170 },
];

/** A rater as `/performance/survey/raters` answers it (`pfRaterRow` of the contract). */
type RaterRow = PfRaterRow;

function RatersModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isLoading } = useQuery({
    queryKey: ['surveyRaters', id],
    enabled: !!id,
    queryFn: async () => {
      const r = await getAction<RaterRow[]>('/performance/survey/raters', { id });
      return r.success ? r.result : [];
    },
  });
  return (
    <Modal title="评价人（只显示是否已评价）" open={!!id} footer={null} onCancel={onClose} destroyOnHidden>
      <ResponsiveTable<RaterRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data ?? []}
        columns={[
          { title: '评价人', dataIndex: 'realname', render: (v, r) => v ?? r.username },
          { title: '关系', dataIndex: 'relation_dictText' },
          { title: '状态', dataIndex: 'status_dictText', render: (v, r) => <Tag color={r.status === 1 ? 'green' : 'orange'}>{v}</Tag> },
        ]}
      />
    </Modal>
  );
}

/** 问卷评价结果: every survey sent in the company, with answered counts, weighted results and raters. */
export default function SurveyList() {
  const [result, setResult] = useState<string | null>(null);
  const [raters, setRaters] = useState<string | null>(null);
  return (
    <div data-testid="survey-list">
      <ListPage
        columns={columns}
        url={{ list: '/performance/survey/list' }}
        showExport={false}
        showImport={false}
        showDelete={false}
        showDetail={false}
        selection={false}
        superQuery={false}
        actionWidth={160}
        rowActions={(r) => (
          <>
            <a onClick={() => setResult(String(r.id))}>查看结果</a>
            <Auth code={PERF_AUTH.surveySend}>
              <a style={{ marginLeft: 12 }} onClick={() => setRaters(String(r.id))}>
                评价人
              </a>
            </Auth>
          </>
        )}
      />
      <SurveyResultModal id={result} onClose={() => setResult(null)} />
      <RatersModal id={raters} onClose={() => setRaters(null)} />
    </div>
  );
}
