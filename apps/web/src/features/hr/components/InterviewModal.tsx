import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../components/list/auth';
import { getAction, postAction } from '../../../app/http/client';
import type { Row } from '../../../components/list/types';
import { HR_PERM, HR_URL } from './hr-api';

/** Interview rounds of one file: the list, and a form for the next round (while in interview). */
export function InterviewModal({ record, onClose }: { record?: Row; onClose: () => void }) {
  const { message } = App.useApp();
  const { has } = useAuth();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const id = record?.id as string | undefined;
  const rounds = useQuery({
    queryKey: ['hyInterview', id],
    enabled: !!id,
    queryFn: async () => (await getAction<Row[]>(HR_URL.interviews, { hyUserId: id })).result ?? [],
  });
  const add = async () => {
    let v: Record<string, unknown>;
    try {
      v = (await form.validateFields()) as Record<string, unknown>;
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await postAction(HR_URL.addInterview, { ...v, hyUserId: id });
      if (res.success) {
        message.success(res.message);
        form.resetFields();
        void qc.invalidateQueries({ queryKey: ['hyInterview', id] });
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={`面试记录：${String(record?.realname ?? '')}`} open={!!record} width={900} onCancel={onClose} footer={null} destroyOnHidden>
      <Table
        size="small"
        rowKey="id"
        loading={rounds.isLoading}
        pagination={false}
        dataSource={rounds.data ?? []}
        columns={[
          { title: '轮次', dataIndex: 'round', width: 60 },
          { title: '面试时间', dataIndex: 'interviewDate' },
          { title: '面试官', dataIndex: 'interviewers' },
          { title: '分数', dataIndex: 'score', width: 70 },
          { title: '结论', dataIndex: 'verdict_dictText', width: 80 },
          { title: '评语', dataIndex: 'comment' },
        ]}
      />
      {record?.status === 'interview' && has(HR_PERM.interview) && (
        <Form form={form} layout="inline" name="interviewRound" style={{ marginTop: 16, rowGap: 8 }}>
          <Form.Item name="interviewers" label="面试官">
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="score" label="分数" rules={[{ type: 'number', min: 0, max: 100, message: '分数应为0到100的整数' }]}>
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="verdict" label="结论" rules={[{ required: true, message: '请选择面试结论' }]}>
            <Select
              style={{ width: 110 }}
              options={[
                { value: 'pass', label: '通过' },
                { value: 'fail', label: '不通过' },
                { value: 'pending', label: '待定' },
              ]}
            />
          </Form.Item>
          <Form.Item name="comment" label="评语">
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void add()}>
            记录本轮
          </Button>
        </Form>
      )}
    </Modal>
  );
}
