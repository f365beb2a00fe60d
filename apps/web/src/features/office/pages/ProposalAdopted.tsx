import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Form, List, Modal, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAuth } from '../../../app/auth';
import { proposalApi, type AdoptedProposal } from '../api';
import { MissionDetail } from '../components/MissionDetail';
import { PersonSelect } from '../../../components/pickers/PersonSelect';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';

/** 建议采纳榜: the company's adopted proposals with likes; managers name an owner (which creates a mission). */
export default function ProposalAdopted() {
  const { message } = App.useApp();
  const { has } = useAuth();
  const [pageNo, setPageNo] = useState(1);
  const [assigning, setAssigning] = useState<AdoptedProposal | null>(null);
  const [mission, setMission] = useState<string | null>(null);
  const [form] = Form.useForm<{ owner: string; due?: Dayjs | null }>();
  const list = useQuery({ queryKey: ['office', 'proposal', 'adopted', pageNo], queryFn: () => proposalApi.adopted({ pageNo, pageSize: 10 }) });

  const like = async (p: AdoptedProposal) => {
    try {
      await proposalApi.like(p.id);
      void list.refetch();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const assign = async () => {
    if (!assigning) return;
    let v: { owner: string; due?: Dayjs | null };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      await proposalApi.assign(assigning.id, v.owner, v.due ? v.due.format('YYYY-MM-DD') : undefined);
      message.success('已指定负责人并生成任务');
      setAssigning(null);
      void list.refetch();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Card title="建议采纳榜">
      <List
        loading={list.isLoading}
        itemLayout="vertical"
        data-testid="proposal-adopted"
        locale={{ emptyText: <Empty description="暂无采纳的建议" /> }}
        dataSource={list.data?.records ?? []}
        pagination={{ current: pageNo, pageSize: 10, total: list.data?.total ?? 0, onChange: setPageNo }}
        renderItem={(p) => (
          <List.Item
            key={p.id}
            actions={[
              <Button key="like" type="text" aria-label={p.liked ? '取消点赞' : '点赞'} icon={p.liked ? <HeartFilled style={{ color: '#cf1322' }} /> : <HeartOutlined />} onClick={() => void like(p)}>
                {p.likeCount}
              </Button>,
              p.missionId ? (
                <Button key="m" type="link" onClick={() => setMission(p.missionId)}>
                  负责人：{p.ownerName}（查看任务）
                </Button>
              ) : has('office:proposal:manage') ? (
                <Button
                  key="a"
                  type="link"
                  onClick={() => {
                    form.resetFields();
                    setAssigning(p);
                  }}
                >
                  指定负责人
                </Button>
              ) : (
                <Typography.Text key="w" type="secondary">
                  待指定负责人
                </Typography.Text>
              ),
            ]}
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>{p.subject}</span>
                  <Tag color="blue">{p.category_dictText}</Tag>
                </Space>
              }
              description={`${p.proposer} · 采纳于 ${p.adoptTime ?? ''}`}
            />
            <Typography.Paragraph style={{ marginBottom: 4 }}>{p.description}</Typography.Paragraph>
            <Typography.Text type="secondary">预期效益：{p.benefit}</Typography.Text>
          </List.Item>
        )}
      />
      <Modal
        open={!!assigning}
        title={assigning ? `指定负责人：${assigning.subject}` : ''}
        onCancel={() => setAssigning(null)}
        onOk={() => void assign()}
        okText="确定"
        destroyOnHidden
        footer={(buttons) => (
          <>
            {assigning ? <ChangeLogButton recordType="oa_proposal" recordId={assigning.id} /> : null}
            {buttons}
          </>
        )}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="owner" label="负责人" rules={[{ required: true, message: '请选择负责人' }]}>
            <PersonSelect aria-label="负责人" />
          </Form.Item>
          <Form.Item name="due" label="截止日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      <MissionDetail id={mission} onClose={() => setMission(null)} />
    </Card>
  );
}
