import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Descriptions, Divider, Drawer, Input, List, Popconfirm, Progress, Segmented, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { missionApi } from '../api';
import { MissionStatusTag, PriorityTag } from './tags';

/** A mission's details: checklist and sub-tasks (progress follows them), description and comments. */
export function MissionDetail({ id, onClose }: { id: string | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [kind, setKind] = useState<'check' | 'task'>('check');
  const [itemTitle, setItemTitle] = useState('');
  const [text, setText] = useState('');
  const m = useQuery({ queryKey: ['office', 'mission', 'detail', id], enabled: !!id, queryFn: () => missionApi.get(id!) });
  const comments = useQuery({ queryKey: ['office', 'mission', 'comments', id], enabled: !!id, queryFn: () => missionApi.comments(id!) });

  const refresh = () => {
    void m.refetch();
    void qc.invalidateQueries({ queryKey: ['office', 'mission', 'list'] });
    void qc.invalidateQueries({ queryKey: ['office', 'board'] });
  };
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      refresh();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const r = m.data;
  const group = (k: 'task' | 'check') => (r?.items ?? []).filter((i) => i.kind === k);
  return (
    <Drawer open={!!id} onClose={onClose} width={Math.min(720, window.innerWidth)} title={r?.title ?? '任务'} destroyOnHidden>
      <Spin spinning={m.isLoading}>
        {r && (
          <div data-testid="mission-detail">
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="负责人">{r.ownerName}</Descriptions.Item>
              <Descriptions.Item label="参与人">{r.participantNames.join('、') || '—'}</Descriptions.Item>
              <Descriptions.Item label="优先级">
                <PriorityTag value={r.priority} />
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <MissionStatusTag value={r.status} />
              </Descriptions.Item>
              <Descriptions.Item label="开始日期">{r.startDate ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="截止日期">{r.dueDate ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="进度" span={2}>
                <Progress percent={r.progress} size="small" aria-label="进度" />
              </Descriptions.Item>
            </Descriptions>
            {r.description && <div className="go-office-html" style={{ marginTop: 12 }} dangerouslySetInnerHTML={{ __html: r.description }} />}
            {(['check', 'task'] as const).map((k) => (
              <div key={k}>
                <Divider orientation="left">{k === 'check' ? '检查项' : '子任务'}</Divider>
                <List
                  size="small"
                  locale={{ emptyText: '暂无' }}
                  dataSource={group(k)}
                  renderItem={(i) => (
                    <List.Item
                      actions={[
                        <Popconfirm key="d" title="确定删除吗?" onConfirm={() => void run(() => missionApi.deleteItem(i.id))}>
                          <Button type="link" size="small" danger>
                            删除
                          </Button>
                        </Popconfirm>,
                      ]}
                    >
                      <Checkbox checked={i.done === 1} onChange={(e) => void run(() => missionApi.toggleItem(i.id, e.target.checked))}>
                        {i.done === 1 ? <Typography.Text delete>{i.title}</Typography.Text> : i.title}
                      </Checkbox>
                    </List.Item>
                  )}
                />
              </div>
            ))}
            <Space.Compact style={{ width: '100%', marginTop: 8 }}>
              <Segmented
                aria-label="类型"
                value={kind}
                onChange={(v) => setKind(v as 'check' | 'task')}
                options={[
                  { label: '检查项', value: 'check' },
                  { label: '子任务', value: 'task' },
                ]}
              />
              <Input aria-label="子项内容" placeholder="添加检查项或子任务" value={itemTitle} maxLength={200} onChange={(e) => setItemTitle(e.target.value)} />
              <Button
                onClick={() =>
                  itemTitle.trim() &&
                  void run(async () => {
                    await missionApi.addItem(r.id, kind, itemTitle.trim());
                    setItemTitle('');
                  })
                }
              >
                添加
              </Button>
            </Space.Compact>
            <Divider orientation="left">评论</Divider>
            <List
              size="small"
              locale={{ emptyText: '暂无评论' }}
              dataSource={comments.data ?? []}
              renderItem={(c) => (
                <List.Item>
                  <List.Item.Meta title={`${c.realname ?? c.username} · ${c.createTime ?? ''}`} description={<span style={{ color: 'rgba(0,0,0,0.85)' }}>{c.content}</span>} />
                </List.Item>
              )}
            />
            <Space.Compact style={{ width: '100%' }}>
              <Input aria-label="评论内容" placeholder="写下你的评论" value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
              <Button
                type="primary"
                onClick={() =>
                  text.trim() &&
                  void (async () => {
                    try {
                      await missionApi.comment(r.id, text.trim());
                      setText('');
                      void comments.refetch();
                    } catch (e) {
                      message.error((e as Error).message);
                    }
                  })()
                }
              >
                发表
              </Button>
            </Space.Compact>
          </div>
        )}
      </Spin>
    </Drawer>
  );
}
