import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Empty, Modal, Row, Spin, Tag, Timeline, Typography } from 'antd';
import type { HistoricFlow, HistoryAction } from '../api';
import { wfApi } from '../api';
import { RESULT_COLOR, RESULT_TEXT, WF_TEXTS } from '../texts';
import { useNarrow } from '../useNarrow';
import { BpmnDiagram } from './BpmnDiagram';
import { fullScreenProps } from './TaskFormModal';

const ACTION_COLOR: Record<string, string> = {
  apply: 'blue',
  pass: 'green',
  auto: 'green',
  end: 'green',
  back: 'red',
  return: 'orange',
  delegate: 'blue',
  cancel: 'gray',
  skip: 'gray',
  transfer: 'blue',
  addsign: 'blue',
  cc: 'cyan',
  urge: 'orange',
  terminate: 'red',
  reassign: 'orange',
};

const COMMENT_LABEL: Record<string, string> = {
  apply: '说明',
  end: '结果',
  cancel: '原因',
  skip: '说明',
  auto: '说明',
  transfer: '说明',
  addsign: '说明',
  cc: '留言',
  urge: '留言',
  terminate: '原因',
  reassign: '说明',
};

function actionItem(a: HistoryAction) {
  return {
    key: a.id,
    color: ACTION_COLOR[a.type] ?? 'blue',
    children: (
      <div data-testid="history-item">
        <div>
          <Typography.Text strong>{a.realname ?? '系统'}</Typography.Text>
          <Tag color={ACTION_COLOR[a.type] ?? 'blue'} style={{ marginLeft: 8 }}>
            {a.typeText}
          </Tag>
          {a.name && <Typography.Text type="secondary">{a.name}</Typography.Text>}
        </div>
        <div style={{ color: '#8c8c8c', fontSize: 12 }}>{a.createTime}</div>
        {a.comment && (
          <div
            className="wf-history-comment"
            style={{ marginTop: 4, padding: '4px 8px', background: '#fafafa', borderRadius: 4 }}
          >
            {COMMENT_LABEL[a.type] ?? '审批意见'}：{a.comment}
          </div>
        )}
      </div>
    ),
  };
}

/** The timeline of who did what, when, with which comment, and the pending steps at the end. */
export function HistoryTimeline({ flow }: { flow: HistoricFlow }) {
  const pending = flow.tasks.filter((t) => t.status === 0);
  const items = [
    ...flow.list.map(actionItem),
    ...pending.map((t) => ({
      key: `pending-${t.id}`,
      color: 'orange',
      children: (
        <div data-testid="history-pending">
          <Typography.Text strong>{t.name}</Typography.Text>
          <Tag color="orange" style={{ marginLeft: 8 }}>
            待审批
          </Tag>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {t.createTime} · 审批人：{t.assignees.map((a) => a.realname ?? a.username).join('、') || '—'}
          </div>
        </div>
      ),
    })),
  ];
  // A process ended without an end entry (rejected, withdrawn, cancelled) still says it ended.
  if (flow.state && flow.state !== 'running' && !flow.list.some((a) => a.type === 'end')) {
    items.push({
      key: 'ended',
      color: 'gray',
      children: (
        <div data-testid="history-item">
          <Typography.Text strong>流程结束</Typography.Text>
        </div>
      ),
    });
  }
  if (!items.length) return <Empty description="暂无审批记录" />;
  return <Timeline items={items} />;
}

/** 审批历史 (80 %): the timeline beside the diagram with done and current nodes highlighted. */
export function HistoryModal({
  procInstId,
  open,
  onClose,
}: {
  procInstId: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const q = useQuery({
    queryKey: ['wfHistory', procInstId],
    enabled: open && !!procInstId,
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.history(procInstId!);
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
  });
  const flow = q.data;
  const narrow = useNarrow();
  return (
    <Modal
      title={WF_TEXTS.historyTitle}
      open={open}
      footer={null}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      {...fullScreenProps(false, narrow)}
    >
      <Spin spinning={q.isFetching}>
        {q.isError && <Typography.Text type="danger">{(q.error as Error).message}</Typography.Text>}
        {flow && (
          <>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="所属流程">{flow.processName}</Descriptions.Item>
              <Descriptions.Item label="标题">{flow.title}</Descriptions.Item>
              <Descriptions.Item label="流程发起人">{flow.applyer}</Descriptions.Item>
              <Descriptions.Item label="审批结果">
                {flow.result !== null && flow.result !== undefined ? (
                  <Tag color={RESULT_COLOR[flow.result]} data-testid="history-result">
                    {RESULT_TEXT[flow.result]}
                  </Tag>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
            </Descriptions>
            <Row gutter={[24, 16]}>
              <Col
                xs={24}
                lg={9}
                style={{ maxHeight: 560, overflow: 'auto', paddingTop: 8 }}
                data-testid="history-timeline"
              >
                <HistoryTimeline flow={flow} />
              </Col>
              <Col xs={24} lg={15}>
                <BpmnDiagram
                  xml={flow.xml}
                  doneNodes={flow.doneNodes}
                  currentNodes={flow.currentNodes}
                  doneFlows={flow.doneFlows}
                  height={narrow ? 300 : 460}
                />
              </Col>
            </Row>
          </>
        )}
      </Spin>
    </Modal>
  );
}
