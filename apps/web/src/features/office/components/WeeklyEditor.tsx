import { currentWeekStart, recipientsError, WEEKLY_TEXTS, weekLabel, weekStartOf } from '@go/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Modal, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSession } from '../../../app/session/store';
import { RichTextEditor } from '../../../components/editors';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { FileUpload } from '../../../components/upload';
import { weeklyApi, type WeeklyRow } from '../api';
import { PersonSelect } from '../../../components/pickers/PersonSelect';

interface Values {
  week: Dayjs;
  doneContent?: string;
  planContent?: string;
  problemContent?: string;
  attachments?: string;
  recipients?: string[];
}

export interface WeeklyEditorProps {
  open: boolean;
  /** a report to edit; none: this week's (or the chosen week's) report, pre-filled */
  editing?: WeeklyRow | null;
  onClose(): void;
}

/** Write or edit a weekly report: done / planned / problems, attachments, recipients; save a draft or submit. */
export function WeeklyEditor({ open, editing, onClose }: WeeklyEditorProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const self = useSession((s) => s.userInfo?.username ?? '');
  const [form] = Form.useForm<Values>();
  const [id, setId] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const [hint, setHint] = useState<string | null>(null);

  const load = async (weekStart: string) => {
    setLoading(true);
    try {
      const p = await weeklyApi.prefill(weekStart);
      if (p.existing) {
        fill(p.existing);
        setHint(null);
      } else {
        setId(undefined);
        form.setFieldsValue({ doneContent: p.doneContent, planContent: '', problemContent: '', attachments: '', recipients: [] });
        setHint(p.lastWeekStart && p.doneContent ? '已将上周的工作计划填入本周完成，请按实际情况修改。' : null);
      }
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const fill = (r: WeeklyRow) => {
    setId(r.id);
    form.setFieldsValue({
      week: dayjs(r.weekStart),
      doneContent: r.doneContent ?? '',
      planContent: r.planContent ?? '',
      problemContent: r.problemContent ?? '',
      attachments: r.attachments ?? '',
      recipients: r.recipients.map((x) => x.username),
    });
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setHint(null);
    if (editing) {
      fill(editing);
    } else {
      const ws = currentWeekStart();
      form.setFieldsValue({ week: dayjs(ws) });
      void load(ws);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, editing]);

  const save = async (submit: boolean) => {
    const fields: (keyof Values)[] = submit ? ['week', 'doneContent', 'recipients'] : ['week'];
    let v: Values;
    try {
      await form.validateFields(fields);
      v = form.getFieldsValue(true) as Values;
    } catch {
      return;
    }
    if (submit) {
      const err = recipientsError(v.recipients, self);
      if (err) {
        form.setFields([{ name: 'recipients', errors: [err] }]);
        return;
      }
    }
    const body = {
      weekStart: weekStartOf(v.week.format('YYYY-MM-DD')),
      doneContent: v.doneContent ?? '',
      planContent: v.planContent ?? '',
      problemContent: v.problemContent ?? '',
      attachments: v.attachments ?? '',
      recipients: v.recipients ?? [],
      submit,
    };
    setSaving(submit ? 'submit' : 'draft');
    try {
      const r = id ? await weeklyApi.edit({ ...body, id }) : await weeklyApi.add(body);
      setId(r.id);
      message.success(submit ? WEEKLY_TEXTS.submitted : WEEKLY_TEXTS.saved);
      void qc.invalidateQueries({ queryKey: ['office', 'weekly'] });
      if (submit) onClose();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSaving(null);
    }
  };

  const week = Form.useWatch('week', form);
  return (
    <Modal
      open={open}
      title={week ? `周报 · ${weekLabel(weekStartOf(week.format('YYYY-MM-DD')))}` : '周报'}
      width="80%"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {id ? <ChangeLogButton recordType="oa_weekly" recordId={id} /> : null}
          <Button onClick={onClose}>关闭</Button>
          <Button loading={saving === 'draft'} onClick={() => void save(false)} data-testid="weekly-save-draft">
            保存草稿
          </Button>
          <Button type="primary" loading={saving === 'submit'} onClick={() => void save(true)} data-testid="weekly-submit">
            提交
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {hint && <Alert type="info" showIcon message={hint} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" data-testid="weekly-form">
          <Form.Item name="week" label="周" rules={[{ required: true, message: WEEKLY_TEXTS.weekInvalid }]}>
            <DatePicker
              picker="week"
              allowClear={false}
              disabled={!!id}
              format={(d) => weekLabel(weekStartOf(d.format('YYYY-MM-DD')))}
              style={{ width: 280 }}
              onChange={(d) => d && !id && void load(weekStartOf(d.format('YYYY-MM-DD')))}
            />
          </Form.Item>
          <Form.Item name="doneContent" label="本周完成" rules={[{ required: true, message: WEEKLY_TEXTS.contentRequired }]}>
            <RichTextEditor height={180} placeholder="本周完成的工作" data-testid="weekly-done" />
          </Form.Item>
          <Form.Item name="planContent" label="下周计划">
            <RichTextEditor height={150} placeholder="下周的工作计划" data-testid="weekly-plan" />
          </Form.Item>
          <Form.Item name="problemContent" label="问题与需要的支持">
            <RichTextEditor height={120} placeholder="遇到的问题、需要的协调" data-testid="weekly-problem" />
          </Form.Item>
          <Form.Item name="attachments" label="附件">
            <FileUpload biz="oa/weekly" data-testid="weekly-attachments" />
          </Form.Item>
          <Form.Item
            name="recipients"
            label="提交给"
            extra="可选择多人；不能选择自己"
            rules={[
              {
                validator: async (_, v?: string[]) => {
                  if (v?.includes(self)) throw new Error(WEEKLY_TEXTS.notToSelf);
                },
              },
            ]}
          >
            <PersonSelect multiple placeholder="选择接收人" aria-label="提交给" data-testid="weekly-recipients" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
