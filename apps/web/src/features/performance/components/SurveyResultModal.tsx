import type { PfSurveyResult } from '@go/contract/performance/index';
import { Descriptions, Empty, List, Modal, Progress, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getAction } from '../../../app/http/client';

/** The contract's `pfSurveyResult` (`packages/contract/src/performance/responses.ts`). */
type SurveyResult = PfSurveyResult;
type ResultQuestion = SurveyResult['questions'][number];

/** The weighted, anonymous result of one survey. */
export function SurveyResultModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isLoading } = useQuery({
    queryKey: ['surveyResult', id],
    enabled: !!id,
    queryFn: async () => (await getAction<SurveyResult>('/performance/survey/result', { id })).result,
  });
  return (
    <Modal title="问卷评价结果（匿名汇总）" open={!!id} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      <Spin spinning={isLoading}>
        {data && (
          <>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
              <Descriptions.Item label="被评价人">{data.targetRealname}</Descriptions.Item>
              <Descriptions.Item label="部门">{data.departName}</Descriptions.Item>
              <Descriptions.Item label="已评价/评价人数">
                {data.answeredCount} / {data.raterCount}
              </Descriptions.Item>
              <Descriptions.Item label="加权总分">
                <b data-testid="survey-total">{data.total ?? '暂无'}</b>
              </Descriptions.Item>
            </Descriptions>
            <Table<ResultQuestion>
              style={{ marginTop: 16 }}
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={data.questions}
              columns={[
                { title: '题目', dataIndex: 'title' },
                { title: '题型', dataIndex: 'type_dictText', width: 130 },
                { title: '权重', dataIndex: 'weight', width: 60, align: 'right' },
                { title: '作答', dataIndex: 'answered', width: 60, align: 'right' },
                {
                  title: '平均得分',
                  dataIndex: 'average',
                  width: 160,
                  render: (v: number | null) => (v === null ? '—' : <Progress percent={v} size="small" format={() => String(v)} />),
                },
              ]}
              expandable={{
                rowExpandable: (q) => !!q.optionCounts || !!q.texts?.length,
                expandedRowRender: (q) =>
                  q.texts ? (
                    <List size="small" dataSource={q.texts} renderItem={(t) => <List.Item>{t}</List.Item>} />
                  ) : (
                    <div>
                      {q.options.map((o, i) => (
                        <Tag key={o.label} style={{ marginBottom: 4 }}>
                          {o.label}（{o.score}分）：{q.optionCounts?.[i] ?? 0}人
                        </Tag>
                      ))}
                    </div>
                  ),
              }}
            />
          </>
        )}
        {!data && !isLoading && <Empty />}
      </Spin>
    </Modal>
  );
}
