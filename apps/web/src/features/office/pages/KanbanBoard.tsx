import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Form, Input, Modal, Progress, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState, type DragEvent } from 'react';
import { useAuth } from '../../../app/auth';
import { useVxeSocket } from '../../../components/grid/useVxeSocket';
import { missionApi, type BoardView, type MissionRow } from '../api';
import { MissionDetail } from '../components/MissionDetail';
import { MissionEditor } from '../components/MissionEditor';
import { PersonSelect } from '../../../components/pickers/PersonSelect';
import { PriorityTag } from '../components/tags';
import '../components/kanban.css';

/** 看板: a board's missions as cards in status columns; drag (or 左移/右移) to move, live for everyone watching. */
export default function KanbanBoard() {
  const { message } = App.useApp();
  const { has } = useAuth();
  const qc = useQueryClient();
  const [boardId, setBoardId] = useState<string | undefined>();
  const [owner, setOwner] = useState<string | undefined>();
  const [due, setDue] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [flash, setFlash] = useState<{ id: string; text: string } | null>(null);
  const [editor, setEditor] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const [newBoard, setNewBoard] = useState(false);
  const [boardForm] = Form.useForm<{ name: string; description?: string }>();

  const boards = useQuery({ queryKey: ['office', 'boards'], queryFn: missionApi.boards });
  useEffect(() => {
    if (!boardId && boards.data?.length) setBoardId(boards.data[0].id);
  }, [boards.data, boardId]);
  const params = { id: boardId, owner, dueFrom: due?.[0]?.format('YYYY-MM-DD'), dueTo: due?.[1]?.format('YYYY-MM-DD') };
  const key = ['office', 'board', params];
  const board = useQuery({ queryKey: key, enabled: !!boardId, queryFn: () => missionApi.board(params) });

  // Someone moved a card on this board: reload it through the API and point at the card.
  const live = useVxeSocket(boardId ? `kanban-${boardId}` : null);
  useEffect(
    () =>
      live.subscribe((msg) => {
        const d = msg.data as { socketKey?: string; id?: string; by?: string } | undefined;
        if (msg.type !== 'update_vxe_table' || !d || d.socketKey !== board.data?.socketKey) return;
        void board.refetch();
        if (d.id) setFlash({ id: d.id, text: '刚被移动' });
      }),
    [live, board],
  );
  useEffect(() => {
    if (!flash) return;
    const t = setTimeout(() => setFlash(null), 4000);
    return () => clearTimeout(t);
  }, [flash]);

  const move = async (card: MissionRow, toColumn: string, toIndex?: number) => {
    const current = board.data;
    if (!current) return;
    // Show the card in its new place at once; the server's answer confirms or corrects it.
    qc.setQueryData<BoardView>(key, (b) => {
      if (!b) return b;
      const columns = b.columns.map((c) => ({ ...c, cards: c.cards.filter((x) => x.id !== card.id) }));
      const target = columns.find((c) => c.key === toColumn);
      if (target) target.cards.splice(Math.min(toIndex ?? target.cards.length, target.cards.length), 0, card);
      return { ...b, columns };
    });
    try {
      await missionApi.move(card.id, toColumn, card.version, toIndex);
    } catch (e) {
      const err = e as Error & { result?: { column?: string } };
      message.warning(err.message);
      if (err.result?.column) setFlash({ id: card.id, text: '已被他人移动' });
    } finally {
      void board.refetch();
      void qc.invalidateQueries({ queryKey: ['office', 'mission', 'list'] });
    }
  };

  const cardOf = (id: string) => board.data?.columns.flatMap((c) => c.cards).find((c) => c.id === id);
  const onDrop = (e: DragEvent, column: string, index?: number) => {
    e.preventDefault();
    e.stopPropagation();
    const id = e.dataTransfer.getData('text/plain') || dragging;
    setDragging(null);
    const card = id ? cardOf(id) : undefined;
    if (card) void move(card, column, index);
  };

  const addBoard = async () => {
    try {
      const v = await boardForm.validateFields();
      const id = await missionApi.boardAdd(v.name, v.description);
      await boards.refetch();
      setBoardId(id);
      setNewBoard(false);
      boardForm.resetFields();
    } catch (e) {
      if (e instanceof Error) message.error(e.message);
    }
  };

  const cols = board.data?.columns ?? [];
  return (
    <Card
      title="看板"
      extra={
        <Space wrap>
          <Select
            aria-label="看板"
            style={{ width: 200 }}
            value={boardId}
            onChange={setBoardId}
            loading={boards.isLoading}
            options={(boards.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            data-testid="kanban-board-select"
          />
          {has('office:kanban:board') && <Button onClick={() => setNewBoard(true)}>新建看板</Button>}
          {has('office:mission:add') && boardId && (
            <Button type="primary" onClick={() => setEditor(true)}>
              新建任务
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PersonSelect aria-label="负责人" placeholder="按负责人筛选" allowClear value={owner} onChange={(v) => setOwner((v as string) || undefined)} style={{ width: 200 }} />
        <DatePicker.RangePicker aria-label="截止日期" placeholder={['截止日期从', '到']} value={due} onChange={(v) => setDue(v)} />
      </Space>
      <Spin spinning={board.isLoading}>
        {!boards.isLoading && !boards.data?.length && <Empty description="还没有看板" />}
        <div className="go-kanban" data-testid="kanban">
          {cols.map((col) => (
            <section
              key={col.key}
              className={`go-kanban-col ${dragging ? 'drop-ready' : ''}`}
              data-testid={`kanban-column-${col.key}`}
              aria-label={col.title}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, col.key)}
            >
              <header>
                <Typography.Text strong>{col.title}</Typography.Text>
                <Tag>{col.cards.length}</Tag>
              </header>
              {col.cards.map((card, i) => {
                const idx = cols.findIndex((c) => c.key === col.key);
                return (
                  <article
                    key={card.id}
                    className={`go-kanban-card ${flash?.id === card.id ? 'flash' : ''}`}
                    data-testid="kanban-card"
                    data-title={card.title}
                    draggable={has('office:kanban:edit')}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', card.id);
                      setDragging(card.id);
                    }}
                    onDragEnd={() => setDragging(null)}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={(e) => onDrop(e, col.key, i)}
                  >
                    <a className="title" onClick={() => setDetail(card.id)}>
                      {card.title}
                    </a>
                    <div className="meta">
                      <PriorityTag value={card.priority} />
                      {card.overdue && <Tag color="error">已逾期</Tag>}
                      {flash?.id === card.id && (
                        <Tag color="blue" data-testid="kanban-flash">
                          {flash.text}
                        </Tag>
                      )}
                    </div>
                    <div className="meta">
                      <span>{card.ownerName}</span>
                      <span className={card.overdue ? 'late' : ''}>{card.dueDate ? `截止 ${card.dueDate}` : ''}</span>
                    </div>
                    <Progress percent={card.progress} size="small" aria-label="进度" />
                    {has('office:kanban:edit') && (
                      <div className="moves">
                        <Tooltip title="左移">
                          <Button size="small" type="text" aria-label={`左移 ${card.title}`} disabled={idx === 0} onClick={() => void move(card, cols[idx - 1].key)}>
                            ←
                          </Button>
                        </Tooltip>
                        <Tooltip title="右移">
                          <Button size="small" type="text" aria-label={`右移 ${card.title}`} disabled={idx === cols.length - 1} onClick={() => void move(card, cols[idx + 1].key)}>
                            →
                          </Button>
                        </Tooltip>
                      </div>
                    )}
                  </article>
                );
              })}
              {col.cards.length === 0 && <div className="empty">拖动卡片到这里</div>}
            </section>
          ))}
        </div>
      </Spin>
      <MissionEditor open={editor} boardId={boardId} onClose={() => setEditor(false)} />
      <MissionDetail id={detail} onClose={() => setDetail(null)} />
      <Modal open={newBoard} title="新建看板" onCancel={() => setNewBoard(false)} onOk={() => void addBoard()} okText="保存" destroyOnHidden>
        <Form form={boardForm} layout="vertical">
          <Form.Item name="name" label="看板名称" rules={[{ required: true, whitespace: true, message: '请输入看板名称' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label="说明">
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
