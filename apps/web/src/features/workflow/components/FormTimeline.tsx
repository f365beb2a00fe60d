import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Spin, Tag } from 'antd';
import { wfApi } from '../api';
import { flowStatusText } from '../status';
import { HistoryTimeline } from './HistoryModal';

/**
 * The approval timeline shown on the form (apply, approve, history, my applications): who did what and
 * when with the comment, the step waiting now and its approvers, and the end of the process.
 */
export function FormTimeline({ procInstId }: { procInstId: string | null | undefined }) {
  const q = useQuery({
    queryKey: ['wfHistory', procInstId],
    enabled: !!procInstId,
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.history(procInstId!);
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
  });
  if (!procInstId) return null;
  const flow = q.data;
  const status = flow ? flowStatusText(flow) : '';
  const color = status.startsWith('审批中') ? 'processing' : status === '已通过' ? 'success' : status.startsWith('驳回') ? 'error' : 'default';
  return (
    <Card
      size="small"
      title="审批进度"
      style={{ marginTop: 16 }}
      extra={
        status ? (
          <Tag color={color} data-testid="form-timeline-status" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
            {status}
          </Tag>
        ) : null
      }
      data-testid="form-timeline"
    >
      <Spin spinning={q.isFetching}>
        {q.isError && <Alert type="error" showIcon message={(q.error as Error).message} />}
        {flow && <HistoryTimeline flow={flow} />}
      </Spin>
    </Card>
  );
}
