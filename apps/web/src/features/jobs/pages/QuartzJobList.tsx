import type { JobLogRow } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { App, AutoComplete, Form, Input, Modal, Radio, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Auth } from '../../../app/auth';
import { api, ApiError, settle, type InputOf } from '../../../app/http/api';
import { CronInput } from '../../../components/cron/CronInput';
import { ListPage, type FormModalProps, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

const PERM = 'system:quartzJob';

type JobAction = typeof api.jobs.pause | typeof api.jobs.resume | typeof api.jobs.execute;

const STATUS_OPTIONS = [
  { value: '0', text: '正常', color: 'green' },
  { value: '-1', text: '停止', color: 'orange' },
];

function StatusTag({ value }: { value: unknown }) {
  const o = STATUS_OPTIONS.find((x) => x.value === String(value ?? ''));
  return o ? <Tag color={o.color}>{o.text}</Tag> : null;
}

const columns: ListColumn[] = [
  { title: '任务类名', dataIndex: 'jobClassName', search: 'like', sorter: true, width: 250, ellipsis: true },
  { title: 'Cron表达式', dataIndex: 'cronExpression', width: 130 },
  { title: '状态', dataIndex: 'status', options: STATUS_OPTIONS, search: 'eq', width: 80, render: (v) => <StatusTag value={v} /> },
  { title: '描述', dataIndex: 'description', search: 'like', ellipsis: true, width: 180 },
  { title: '参数', dataIndex: 'parameter', hideInTable: true },
  { title: '下次执行', dataIndex: 'nextFireTime', width: 165 },
  { title: '上次执行', dataIndex: 'lastFireTime', width: 165 },
];

function useHandlers() {
  return useQuery({
    queryKey: ['quartzJob', 'handlers'],
    staleTime: 300_000,
    queryFn: async () => {
      try {
        return (await api.jobs.handlers(undefined, { silent: true })) ?? [];
      } catch (e) {
        if (e instanceof ApiError) return [];
        throw e;
      }
    },
  });
}

function JobForm({ open, mode, record, onClose }: FormModalProps<Row>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const handlers = useHandlers();
  const className = Form.useWatch('jobClassName', form) as string | undefined;
  const hint = handlers.data?.find((h) => h.name === className)?.parameterHint;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && record) form.setFieldsValue({ ...record, status: String(record.status ?? '0') });
  }, [open, mode, record, form]);

  const submit = async () => {
    const v = (await form.validateFields()) as InputOf<typeof api.jobs.add>;
    const body = { ...v, status: Number(v.status ?? 0) };
    setSaving(true);
    try {
      const done = await settle(
        mode === 'add' ? api.jobs.add.answer(body) : api.jobs.edit.answer({ ...body, id: String(record?.id) }),
        (m) => message.warning(m),
      );
      if (done) {
        message.success(done.message || '操作成功');
        onClose(true);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={mode === 'add' ? '新增' : '编辑'} open={open} width={800} onCancel={() => onClose(false)} onOk={submit} confirmLoading={saving} destroyOnHidden data-testid="job-form">
      <Form form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }} initialValues={{ status: '0' }}>
        <Form.Item name="jobClassName" label="任务类名" rules={[{ required: true, message: '请输入任务类名!' }]}>
          <AutoComplete
            placeholder="请选择或输入任务类名"
            options={(handlers.data ?? []).map((h) => ({ value: h.name, label: `${h.name}（${h.description}）` }))}
            filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())}
          />
        </Form.Item>
        <Form.Item name="cronExpression" label="Cron表达式" rules={[{ required: true, message: '请输入cron表达式!' }]}>
          <CronInput />
        </Form.Item>
        <Form.Item name="parameter" label="参数" extra={hint}>
          <Input.TextArea rows={4} placeholder="请输入参数" />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={3} placeholder="请输入描述" maxLength={255} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One run of a job. */
type JobLog = JobLogRow;

/** 运行记录: the firings of one job (or all), newest first. */
function JobHistoryModal({ job, onClose }: { job: Row | null; onClose: () => void }) {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const jobId = job?.id ? String(job.id) : '';
  useEffect(() => setPageNo(1), [jobId]);
  const q = useQuery({
    queryKey: ['quartzJob', 'logs', jobId, pageNo, pageSize],
    enabled: !!job,
    queryFn: async () => {
      try {
        return await api.jobs.logs({ jobId, pageNo, pageSize });
      } catch (e) {
        if (e instanceof ApiError) return { records: [] as JobLog[], total: 0 };
        throw e;
      }
    },
  });
  return (
    <Modal title={`运行记录${job?.jobClassName ? `：${String(job.jobClassName)}` : ''}`} open={!!job} width={1000} onCancel={onClose} footer={null} destroyOnHidden>
      <ResponsiveTable<JobLog>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: pageNo,
          pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          showTotal: (t, r) => `${r[0]}-${r[1]} 共${t}条`,
          onChange: (p, s) => {
            setPageNo(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: '触发时间', dataIndex: 'fireTime', width: 165 },
          { title: '触发方式', dataIndex: 'triggerType', width: 90, render: (v: string) => (v === 'manual' ? '手动执行' : '定时') },
          { title: '开始时间', dataIndex: 'startTime', width: 165 },
          { title: '耗时(ms)', dataIndex: 'costTime', width: 90 },
          { title: '结果', dataIndex: 'status', width: 80, render: (v: string) => (v === 'success' ? <Tag color="green">成功</Tag> : v === 'fail' ? <Tag color="red">失败</Tag> : <Tag>运行中</Tag>) },
          { title: '信息', dataIndex: 'message', render: (v: string | null) => <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>{v}</Typography.Text> },
          { title: '实例', dataIndex: 'instance', width: 110, ellipsis: true },
        ]}
      />
    </Modal>
  );
}

/** 定时任务 (/sys/quartzJob): list, add, edit, start/stop, run once, delete, and each job's run history. */
export default function QuartzJobList() {
  const { message, modal } = App.useApp();
  const [history, setHistory] = useState<Row | null>(null);

  const call = (action: JobAction, id: string, helpers: ListHelpers, title: string, content: string) => {
    modal.confirm({
      title,
      content,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const done = await settle(action.answer({ id }), (m) => message.warning(m));
        if (done) {
          message.success(done.message);
          helpers.reload();
        }
      },
    });
  };

  return (
    <>
      <ListPage
        columns={columns}
        url={{
          list: api.jobs.list.path,
          delete: api.jobs.delete.path,
          deleteBatch: api.jobs.deleteBatch.path,
          exportXls: api.jobs.exportXls.path,
          importExcel: api.jobs.importExcel.path,
        }}
        exportName="定时任务"
        form={JobForm}
        showDetail={false}
        actionWidth={260}
        auth={{ add: `${PERM}:add`, edit: `${PERM}:edit`, delete: `${PERM}:delete`, deleteBatch: `${PERM}:delete`, export: `${PERM}:export`, import: `${PERM}:import` }}
        rowActions={(r, helpers) => {
          const id = String(r.id);
          const running = String(r.status) === '0';
          return (
            <>
              <Auth code={`${PERM}:pause`}>
                {running ? (
                  <a onClick={() => call(api.jobs.pause, id, helpers, '确认暂停', '是否暂停选中任务?')} data-testid="job-pause">
                    停止
                  </a>
                ) : (
                  <a onClick={() => call(api.jobs.resume, id, helpers, '确认启动', '是否启动选中任务?')} data-testid="job-resume">
                    启动
                  </a>
                )}
              </Auth>
              <Auth code={`${PERM}:execute`}>
                <a style={{ marginLeft: 8 }} onClick={() => call(api.jobs.execute, id, helpers, '确认提示', '是否立即执行任务?')} data-testid="job-execute">
                  立即执行
                </a>
              </Auth>
              <a style={{ marginLeft: 8 }} onClick={() => setHistory(r)} data-testid="job-history">
                运行记录
              </a>
            </>
          );
        }}
      />
      <JobHistoryModal job={history} onClose={() => setHistory(null)} />
    </>
  );
}
