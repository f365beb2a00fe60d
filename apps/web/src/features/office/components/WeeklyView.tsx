import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Divider, Empty, Input, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { staticUrl } from '../../../app/config';
import { weeklyApi, type CommentRow } from '../api';

/** Rich text from the server (sanitised there when stored). */
function Html({ html }: { html: string | null }) {
  if (!html) return <Typography.Text type="secondary">（无）</Typography.Text>;
  return <div className="go-office-html" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Attachments({ value }: { value: string | null }) {
  const files = (value ?? '').split(',').filter(Boolean);
  if (!files.length) return <Typography.Text type="secondary">（无）</Typography.Text>;
  return (
    <Space wrap>
      {files.map((f) => (
        <a key={f} href={staticUrl(f)} target="_blank" rel="noreferrer">
          {f.slice(f.lastIndexOf('/') + 1)}
        </a>
      ))}
    </Space>
  );
}

/** A report with its recipients' read state and the comment thread (opening it as a recipient marks it read). */
export function WeeklyView({ id, onClose }: { id: string | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CommentRow | null>(null);
  const [posting, setPosting] = useState(false);
  const report = useQuery({
    queryKey: ['office', 'weekly', 'detail', id],
    enabled: !!id,
    queryFn: async () => {
      const r = await weeklyApi.get(id!);
      // Opening marks it read: refresh the lists that show the read state.
      void qc.invalidateQueries({ queryKey: ['office', 'weekly', 'received'] });
      return r;
    },
  });
  const comments = useQuery({ queryKey: ['office', 'weekly', 'comments', id], enabled: !!id, queryFn: () => weeklyApi.comments(id!) });

  const post = async () => {
    if (!text.trim()) {
      message.warning('请输入评论内容');
      return;
    }
    setPosting(true);
    try {
      await weeklyApi.comment(id!, text.trim(), replyTo?.id);
      setText('');
      setReplyTo(null);
      void comments.refetch();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setPosting(false);
    }
  };

  const r = report.data;
  const byId = new Map((comments.data ?? []).map((c) => [c.id, c]));
  return (
    <Modal open={!!id} title={r ? `${r.realname ?? r.username} · ${r.weekLabel}` : '周报'} width="80%" footer={
        <Button onClick={onClose} data-testid="weekly-view-close">
          关闭
        </Button>
      } onCancel={onClose} destroyOnHidden>
      <Spin spinning={report.isLoading}>
        {report.isError && <Empty description={(report.error as Error).message} />}
        {r && (
          <div data-testid="weekly-view">
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="填写人">{r.realname}</Descriptions.Item>
              <Descriptions.Item label="部门">{r.departName}</Descriptions.Item>
              <Descriptions.Item label="状态">{r.status_dictText}</Descriptions.Item>
              <Descriptions.Item label="提交时间">{r.submitTime ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="接收人" span={2}>
                <Space wrap data-testid="weekly-recipient-states">
                  {r.recipients.map((x) => (
                    <Tag key={x.username} color={x.readFlag === '1' ? 'green' : 'orange'}>
                      {x.realname ?? x.username} · {x.readFlag === '1' ? '已读' : '未读'}
                    </Tag>
                  ))}
                  {r.recipients.length === 0 && '—'}
                </Space>
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              本周完成
            </Typography.Title>
            <Html html={r.doneContent} />
            <Typography.Title level={5}>下周计划</Typography.Title>
            <Html html={r.planContent} />
            <Typography.Title level={5}>问题与需要的支持</Typography.Title>
            <Html html={r.problemContent} />
            <Typography.Title level={5}>附件</Typography.Title>
            <Attachments value={r.attachments} />
            <Divider orientation="left">评论</Divider>
            <List
              size="small"
              loading={comments.isLoading}
              locale={{ emptyText: '暂无评论' }}
              dataSource={comments.data ?? []}
              renderItem={(c) => (
                <List.Item
                  actions={[
                    <Button key="reply" type="link" size="small" onClick={() => setReplyTo(c)}>
                      回复
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <span>
                        {c.realname ?? c.username}
                        {c.parentId && byId.get(c.parentId) ? ` 回复 ${byId.get(c.parentId)!.realname ?? ''}` : ''}
                        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                          {c.createTime}
                        </Typography.Text>
                      </span>
                    }
                    description={<span style={{ color: 'rgba(0,0,0,0.85)' }}>{c.content}</span>}
                  />
                </List.Item>
              )}
            />
            {r.status === '1' && (
              <Space.Compact style={{ width: '100%', marginTop: 8 }}>
                <Input
                  aria-label="评论内容"
                  placeholder={replyTo ? `回复 ${replyTo.realname ?? ''}` : '写下你的评论'}
                  value={text}
                  maxLength={2000}
                  onChange={(e) => setText(e.target.value)}
                  onPressEnter={() => void post()}
                />
                {replyTo && <Button onClick={() => setReplyTo(null)}>取消回复</Button>}
                <Button type="primary" loading={posting} onClick={() => void post()} data-testid="weekly-comment-post">
                  发表
                </Button>
              </Space.Compact>
            )}
          </div>
        )}
      </Spin>
    </Modal>
  );
}
