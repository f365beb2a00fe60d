import { MISSION_PRIORITY, MISSION_STATUS, MISSION_TEXTS, SETTABLE_STATUS } from '@go/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSession } from '../../../app/session/store';
import { RichTextEditor } from '../../../components/editors';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { FileUpload } from '../../../components/upload';
import { missionApi, type MissionRow } from '../api';
import { PersonSelect } from '../../../components/pickers/PersonSelect';

interface Values {
  title: string;
  owner: string;
  participants?: string[];
  priority: string;
  status: string;
  startDate?: Dayjs | null;
  dueDate?: Dayjs | null;
  description?: string;
  attachments?: string;
  boardId?: string | null;
}

/** Create or edit a mission. */
export function MissionEditor({ open, editing, boardId, onClose }: { open: boolean; editing?: MissionRow | null; boardId?: string | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const self = useSession((s) => s.userInfo?.username ?? '');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const boards = useQuery({ queryKey: ['office', 'boards'], queryFn: missionApi.boards, enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        title: editing.title,
        owner: editing.owner,
        participants: editing.participants,
        priority: editing.priority,
        status: editing.storedStatus,
        startDate: editing.startDate ? dayjs(editing.startDate) : null,
        dueDate: editing.dueDate ? dayjs(editing.dueDate) : null,
        description: editing.description ?? '',
        attachments: editing.attachments ?? '',
        boardId: editing.boardId,
      });
    } else {
      form.setFieldsValue({ owner: self, priority: '0', status: '0', boardId: boardId ?? null, participants: [] });
    }
  }, [open, editing, boardId, form, self]);

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = {
        title: v.title,
        owner: v.owner,
        participants: v.participants ?? [],
        priority: v.priority,
        status: v.status,
        startDate: v.startDate ? v.startDate.format('YYYY-MM-DD') : '',
        dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : '',
        description: v.description ?? '',
        attachments: v.attachments ?? '',
        boardId: v.boardId ?? null,
      };
      if (editing) await missionApi.edit({ ...body, id: editing.id });
      else await missionApi.add(body);
      message.success(editing ? '编辑成功!' : '添加成功！');
      void qc.invalidateQueries({ queryKey: ['office', 'mission'] });
      void qc.invalidateQueries({ queryKey: ['office', 'board'] });
      onClose();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑任务' : '新建任务'}
      width={820}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="保存"
      destroyOnHidden
      footer={(buttons) => (
        <>
          {editing ? <ChangeLogButton recordType="oa_mission" recordId={editing.id} /> : null}
          {buttons}
        </>
      )}
    >
      <Form form={form} layout="vertical" data-testid="mission-form">
        <Form.Item name="title" label="任务名称" rules={[{ required: true, whitespace: true, message: MISSION_TEXTS.titleRequired }]}>
          <Input maxLength={200} data-testid="mission-title" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: 16 }}>
          <Form.Item name="owner" label="负责人" rules={[{ required: true, message: MISSION_TEXTS.ownerRequired }]}>
            <PersonSelect aria-label="负责人" />
          </Form.Item>
          <Form.Item name="participants" label="参与人">
            <PersonSelect multiple aria-label="参与人" />
          </Form.Item>
          <Form.Item name="priority" label="优先级">
            <Select aria-label="优先级" options={Object.entries(MISSION_PRIORITY).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="status" label="状态" extra="已逾期由截止日期自动判断">
            <Select aria-label="状态" options={SETTABLE_STATUS.map((s) => ({ value: s, label: MISSION_STATUS[s] }))} />
          </Form.Item>
          <Form.Item name="startDate" label="开始日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="dueDate" label="截止日期">
            <DatePicker style={{ width: '100%' }} data-testid="mission-due" />
          </Form.Item>
          <Form.Item name="boardId" label="所属看板">
            <Select aria-label="所属看板" allowClear options={(boards.data ?? []).map((b) => ({ value: b.id, label: b.name }))} />
          </Form.Item>
        </div>
        <Form.Item name="description" label="描述">
          <RichTextEditor height={160} />
        </Form.Item>
        <Form.Item name="attachments" label="附件">
          <FileUpload biz="oa/mission" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
