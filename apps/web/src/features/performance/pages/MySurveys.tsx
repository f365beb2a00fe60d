import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, Modal, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getAction, postAction } from '../../../app/http/client';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';

interface FormQuestion {
  id: string;
  type: 'single' | 'multiple' | 'scale5' | 'scale10' | 'text';
  title: string;
  required: boolean;
  options: { label: string; score: number }[];
}
interface SurveyForm {
  id: string;
  status: number;
  title: string;
  targetRealname: string;
  departName: string | null;
  description: string | null;
  relation_dictText: string;
  questions: FormQuestion[];
}

const columns: ListColumn[] = [
  { title: '问卷', dataIndex: 'title', width: 240, ellipsis: true },
  { title: '被评价人', dataIndex: 'targetRealname', width: 100 },
  { title: '部门', dataIndex: 'departName', width: 120 },
  { title: '我的身份', dataIndex: 'relation_dictText', width: 90 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    search: 'eq',
    options: [
      { value: '0', text: '待评价', color: 'orange' },
      { value: '1', text: '已评价', color: 'green' },
    ],
  },
  { title: '收到时间', dataIndex: 'createTime', type: 'datetime', width: 170 },
];

const scale = (n: number) => Array.from({ length: n }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

function AnswerModal({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [data, setData] = useState<SurveyForm | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setData(null);
    form.resetFields();
    if (!id) return;
    void getAction<SurveyForm>('/performance/survey/form', { id }).then((r) => {
      if (r.success) setData(r.result);
      else void message.warning(r.message);
    });
  }, [id, form, message]);

  const submit = async () => {
    if (!data) return;
    let v: Record<string, unknown>;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answers = data.questions.map((q) => ({ questionId: q.id, value: v[q.id] ?? null }));
      const r = await postAction('/performance/survey/answer', { id: data.id, answers });
      if (r.success) {
        message.success('提交成功');
        onClose(true);
      } else message.warning(r.message);
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  const done = data?.status === 1;
  return (
    <Modal
      title={data ? `${data.title}` : '问卷评价'}
      open={!!id}
      width={760}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={submit}
      okText="提交"
      cancelText="取消"
      okButtonProps={{ disabled: !data || done, ...({ 'data-testid': 'survey-submit' } as Record<string, string>) }}
      confirmLoading={saving}
    >
      <Spin spinning={!data}>
        {data && (
          <>
            <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
              <span>
                被评价人：<b>{data.targetRealname}</b>（{data.departName}） 我的身份：<Tag>{data.relation_dictText}</Tag>
              </span>
              {data.description && <Typography.Text type="secondary">{data.description}</Typography.Text>}
              <Alert type="info" showIcon message="评价匿名汇总，被评价人看不到您的身份和答案。" />
              {done && <Alert type="success" showIcon message="您已提交该问卷。" />}
            </Space>
            <Form form={form} layout="vertical" name="survey-answer" disabled={done}>
              {data.questions.map((q, i) => (
                <Form.Item
                  key={q.id}
                  name={q.id}
                  label={`${i + 1}. ${q.title}`}
                  rules={q.required ? [{ required: true, message: `请回答必答题：${q.title}` }] : []}
                >
                  {q.type === 'single' ? (
                    <Radio.Group options={q.options.map((o, oi) => ({ value: oi, label: o.label }))} />
                  ) : q.type === 'multiple' ? (
                    <Checkbox.Group options={q.options.map((o, oi) => ({ value: oi, label: o.label }))} />
                  ) : q.type === 'text' ? (
                    <Input.TextArea rows={3} maxLength={2000} />
                  ) : (
                    <Radio.Group optionType="button" options={scale(q.type === 'scale5' ? 5 : 10)} />
                  )}
                </Form.Item>
              ))}
            </Form>
          </>
        )}
      </Spin>
    </Modal>
  );
}

/** 我的问卷: questionnaires sent to me as a rater; answer each once. */
export default function MySurveys() {
  const [open, setOpen] = useState<string | null>(null);
  const qc = useQueryClient();
  const helpers = useRef<ListHelpers<Row> | null>(null);
  return (
    <div data-testid="my-surveys">
      <ListPage
        columns={columns}
        url={{ list: '/performance/survey/myList' }}
        showExport={false}
        showImport={false}
        showDelete={false}
        showDetail={false}
        selection={false}
        superQuery={false}
        actionWidth={100}
        helpersRef={helpers}
        rowActions={(r) => <a onClick={() => setOpen(String(r.id))}>{r.status === 1 ? '查看' : '评价'}</a>}
      />
      <AnswerModal
        id={open}
        onClose={(saved) => {
          setOpen(null);
          if (saved) {
            helpers.current?.reload();
            void qc.invalidateQueries();
          }
        }}
      />
    </div>
  );
}
