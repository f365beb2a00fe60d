import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Form, Input, Modal, Row as GridRow, Select, Space, Table, Tabs, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { CodeEditor } from '../../../components/editors';
import { getAction, postAction, putAction } from '../../../app/http/client';
import type { FormModalProps } from '../../../components/list/ListPage';
import type { Row } from '../../../components/list/types';
import { reportApi, type ReportItem, type ReportParam } from '../api';

const FIELD_TYPES = [
  { value: 'String', label: '字符类型' },
  { value: 'Integer', label: '数值类型' },
  { value: 'Double', label: '小数类型' },
  { value: 'Long', label: '长整型' },
  { value: 'Date', label: '日期类型' },
  { value: 'Datetime', label: '时间类型' },
];

type ParamRow = Pick<ReportParam, 'paramName' | 'paramTxt' | 'paramValue' | 'orderNum'>;

/** Keeps the rows already configured for names the new parse still returns, appends the new ones (stock designer). */
function merge<T extends object>(old: T[], fresh: T[], key: keyof T): T[] {
  if (!old.length) return fresh;
  const kept = fresh.flatMap((f) => old.filter((o) => o[key] === f[key]));
  const added = fresh.filter((f) => !old.some((o) => o[key] === f[key]));
  return [...kept, ...added];
}

/** 在线报表配置 editor: head, SQL with 解析SQL, the columns and the parameters; saved in one call. */
export function ReportDesignModal({ open, mode, record, onClose }: FormModalProps<Row>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [items, setItems] = useState<ReportItem[]>([]);
  const [params, setParams] = useState<ParamRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState('items');
  const id = mode === 'edit' ? String(record?.id ?? '') : '';

  const sources = useQuery({
    queryKey: ['report', 'dataSources'],
    queryFn: async () => {
      const r = await getAction<{ records: { code: string; name: string }[] }>('/sys/dataSource/list', { pageNo: 1, pageSize: 200 });
      return r.success ? r.result.records : [];
    },
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab('items');
    if (mode === 'edit' && record) {
      form.setFieldsValue(record);
      void Promise.all([reportApi.items(id), reportApi.headParams(id)]).then(([i, p]) => {
        setItems(i);
        setParams(p);
      });
    } else {
      setItems([]);
      setParams([]);
    }
  }, [open, mode, record, id, form]);

  const parse = async () => {
    const { cgrSql, dbSource } = form.getFieldsValue() as { cgrSql?: string; dbSource?: string };
    if (!cgrSql?.trim()) return void message.warning('请输入查询SQL!');
    setBusy(true);
    try {
      const r = await getAction<{ fields: ReportItem[]; params: ParamRow[] }>('/online/cgreport/head/parseSql', { sql: cgrSql, dbKey: dbSource ?? '' });
      if (!r.success) return void message.warning(r.message);
      message.success('解析成功');
      setItems((old) => merge(old, r.result.fields, 'fieldName').map((x, i) => ({ ...x, orderNum: i + 1 })));
      setParams((old) => merge(old, r.result.params, 'paramName'));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const head = (await form.validateFields()) as Row;
    if (!items.length) {
      setTab('items');
      return void message.warning('请先解析SQL，生成报表字段');
    }
    const bad = items.find((i) => !i.fieldTxt?.trim());
    if (bad) {
      setTab('items');
      return void message.warning(`字段 ${bad.fieldName} 的字段文本不能为空`);
    }
    setBusy(true);
    try {
      const payload = { head: { ...head, id: id || undefined }, items, params: params.map((p) => ({ ...p, paramTxt: p.paramTxt || p.paramName })) };
      const r = mode === 'edit' ? await putAction('/online/cgreport/head/editAll', payload) : await postAction('/online/cgreport/head/add', payload);
      if (!r.success) return void message.warning(r.message);
      message.success(mode === 'edit' ? '报表已保存' : '报表已创建');
      onClose(true);
    } finally {
      setBusy(false);
    }
  };

  const setItem = (i: number, patch: Partial<ReportItem>) => setItems((xs) => xs.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const setParam = (i: number, patch: Partial<ParamRow>) => setParams((xs) => xs.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const check = (i: number, key: 'isShow' | 'isSearch' | 'isTotal', label: string) => (v: number, r: ReportItem) => (
    <Checkbox aria-label={`${r.fieldName}${label}`} checked={Number(v) === 1} onChange={(e) => setItem(i, { [key]: e.target.checked ? 1 : 0 })} />
  );

  return (
    <Modal
      open={open}
      width={1200}
      title={mode === 'edit' ? '编辑报表' : '新增报表'}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="report-save">
            确定
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" aria-label="报表配置">
        <GridRow gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="code"
              label="编码"
              rules={[
                { required: true, message: '请输入编码!' },
                { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, message: '编码必须以字母开头，可包含数字、下划线、横杠' },
              ]}
            >
              <Input data-testid="report-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="name" label="报表名称" rules={[{ required: true, message: '请输入报表名称!' }]}>
              <Input data-testid="report-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="dbSource" label="数据源" extra="不选则查询本系统数据库">
              <Select allowClear placeholder="本系统数据库" options={(sources.data ?? []).map((s) => ({ value: s.code, label: `${s.name}（${s.code}）` }))} />
            </Form.Item>
          </Col>
        </GridRow>
        <Form.Item
          name="cgrSql"
          label={
            <Space>
              <span>查询SQL</span>
              <Tooltip title="只能是一条 SELECT 语句；参数写作 ${参数名}，系统变量写作 #{sys_user_code}、#{sys_org_code}；所有取值都作为绑定参数传入">
                <span aria-hidden>ⓘ</span>
              </Tooltip>
            </Space>
          }
          rules={[{ required: true, message: '请输入查询SQL!' }]}
        >
          <CodeEditor language="sql" data-testid="report-sql" />
        </Form.Item>
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" ghost loading={busy} onClick={() => void parse()} data-testid="report-parse">
            SQL解析
          </Button>
        </Space>
        <Form.Item name="content" label="描述">
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'items',
            label: '动态报表配置明细',
            children: (
              <Table<ReportItem>
                size="small"
                rowKey="fieldName"
                pagination={false}
                scroll={{ x: 1000, y: 320 }}
                dataSource={items}
                locale={{ emptyText: '点击“SQL解析”生成字段' }}
                columns={[
                  { title: '字段名', dataIndex: 'fieldName', width: 150 },
                  {
                    title: '字段文本',
                    dataIndex: 'fieldTxt',
                    width: 150,
                    render: (v: string, r, i) => <Input aria-label={`${r.fieldName}字段文本`} value={v} onChange={(e) => setItem(i, { fieldTxt: e.target.value })} />,
                  },
                  {
                    title: '类型',
                    dataIndex: 'fieldType',
                    width: 120,
                    render: (v: string, r, i) => <Select aria-label={`${r.fieldName}类型`} style={{ width: '100%' }} value={v || 'String'} options={FIELD_TYPES} onChange={(x) => setItem(i, { fieldType: x })} />,
                  },
                  { title: '显示', dataIndex: 'isShow', width: 60, render: (v: number, r, i) => check(i, 'isShow', '显示')(v, r) },
                  { title: '查询', dataIndex: 'isSearch', width: 60, render: (v: number, r, i) => check(i, 'isSearch', '查询')(v, r) },
                  {
                    title: '查询模式',
                    dataIndex: 'searchMode',
                    width: 120,
                    render: (v: string, r, i) => (
                      <Select
                        aria-label={`${r.fieldName}查询模式`}
                        style={{ width: '100%' }}
                        value={v || 'single'}
                        options={[
                          { value: 'single', label: '单条件查询' },
                          { value: 'group', label: '范围查询' },
                        ]}
                        onChange={(x) => setItem(i, { searchMode: x })}
                      />
                    ),
                  },
                  { title: '合计', dataIndex: 'isTotal', width: 60, render: (v: number, r, i) => check(i, 'isTotal', '合计')(v, r) },
                  {
                    title: '字典code',
                    dataIndex: 'dictCode',
                    width: 140,
                    render: (v: string | null, r, i) => <Input aria-label={`${r.fieldName}字典code`} value={v ?? ''} onChange={(e) => setItem(i, { dictCode: e.target.value || null })} />,
                  },
                  {
                    title: '宽度',
                    dataIndex: 'fieldWidth',
                    width: 90,
                    render: (v: number | null, r, i) => (
                      <Input aria-label={`${r.fieldName}宽度`} value={v ?? ''} onChange={(e) => setItem(i, { fieldWidth: /^\d+$/.test(e.target.value) ? Number(e.target.value) : null })} />
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'params',
            label: '报表参数',
            children: (
              <Table<ParamRow>
                size="small"
                rowKey="paramName"
                pagination={false}
                dataSource={params}
                locale={{ emptyText: 'SQL 中没有 ${参数}' }}
                columns={[
                  { title: '参数', dataIndex: 'paramName', width: 200 },
                  {
                    title: '参数文本',
                    dataIndex: 'paramTxt',
                    render: (v: string | null, r, i) => <Input aria-label={`${r.paramName}参数文本`} value={v ?? ''} onChange={(e) => setParam(i, { paramTxt: e.target.value })} />,
                  },
                  {
                    title: '默认值',
                    dataIndex: 'paramValue',
                    render: (v: string | null, r, i) => <Input aria-label={`${r.paramName}默认值`} value={v ?? ''} onChange={(e) => setParam(i, { paramValue: e.target.value })} />,
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
