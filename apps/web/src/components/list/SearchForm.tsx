import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row as GridRow, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { DictSelect } from '../dict/DictSelect';
import type { ListColumn, Row } from './types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormValues = Record<string, any>;

const isDateType = (c: ListColumn<Row>) => c.type === 'date' || c.type === 'datetime';

/** URL filters → form values (date ranges become a pair of dayjs). */
function toFormValues(cols: ListColumn<Row>[], filters: Record<string, string>): FormValues {
  const v: FormValues = {};
  for (const c of cols) {
    if (c.search === 'range' && isDateType(c)) {
      const b = filters[`${c.dataIndex}_begin`];
      const e = filters[`${c.dataIndex}_end`];
      v[c.dataIndex] = b || e ? [b ? dayjs(b) : null, e ? dayjs(e) : null] : undefined;
    } else if (c.search === 'range') {
      v[`${c.dataIndex}_begin`] = filters[`${c.dataIndex}_begin`];
      v[`${c.dataIndex}_end`] = filters[`${c.dataIndex}_end`];
    } else if (c.type === 'boolean') {
      v[c.dataIndex] = filters[c.dataIndex] === '1';
    } else {
      v[c.dataIndex] = filters[c.dataIndex];
    }
  }
  return v;
}

/** Form values → URL filters (raw; encoding happens when the request is built). */
function toFilters(cols: ListColumn<Row>[], values: FormValues, keep: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...keep };
  for (const c of cols) {
    if (c.search === 'range' && isDateType(c)) {
      const pair = values[c.dataIndex] as [Dayjs | null, Dayjs | null] | undefined;
      const fmt = c.type === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
      if (pair?.[0]) out[`${c.dataIndex}_begin`] = pair[0].format(fmt);
      if (pair?.[1]) out[`${c.dataIndex}_end`] = pair[1].format(fmt);
    } else if (c.search === 'range') {
      for (const k of [`${c.dataIndex}_begin`, `${c.dataIndex}_end`]) {
        const x = values[k];
        if (x !== undefined && x !== null && x !== '') out[k] = String(x);
      }
    } else if (c.type === 'boolean') {
      if (values[c.dataIndex] === true) out[c.dataIndex] = '1';
    } else {
      const x = values[c.dataIndex];
      if (x !== undefined && x !== null && String(x).trim() !== '') out[c.dataIndex] = String(x).trim();
    }
  }
  return out;
}

function widget(c: ListColumn<Row>): ReactNode {
  const ph = `请输入${c.searchTitle ?? c.title}`;
  const testId = c.searchTestId ? { 'data-testid': c.searchTestId } : {};
  if (c.dictCode) return <DictSelect dictCode={c.dictCode} placeholder={`请选择${c.searchTitle ?? c.title}`} />;
  if (c.options)
    return (
      <Select
        {...testId}
        allowClear
        placeholder={`请选择${c.searchTitle ?? c.title}`}
        options={c.options.map((o) => ({ value: o.value, label: o.text }))}
      />
    );
  if (isDateType(c)) return <DatePicker style={{ width: '100%' }} {...testId} />;
  if (c.type === 'number') return <InputNumber style={{ width: '100%' }} placeholder={ph} {...testId} />;
  return <Input placeholder={ph} allowClear {...testId} />;
}

/**
 * Search form generated from the columns that declare `search`. Filters that no field owns
 * (extra URL params) are kept on submit and dropped on reset.
 */
export function SearchForm({
  columns,
  filters,
  onSearch,
  onReset,
  extra,
  shown = 3,
}: {
  columns: ListColumn<Row>[];
  filters: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  onReset: () => void;
  extra?: ReactNode;
  /** fields shown before 展开 on wider screens */
  shown?: number;
}) {
  const [form] = Form.useForm<FormValues>();
  const cols = columns.filter((c) => c.search);
  const [expanded, setExpanded] = useState(false);
  const filterKey = JSON.stringify(filters);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(cols, filters));
    // the serialized filters decide
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const owned = new Set(cols.flatMap((c) => [c.dataIndex, `${c.dataIndex}_begin`, `${c.dataIndex}_end`]));
  const keep = Object.fromEntries(Object.entries(filters).filter(([k]) => !owned.has(k)));
  // phones show one field until expanded, so the table stays in view
  const collapsedCount = typeof window !== 'undefined' && window.innerWidth < 576 ? 1 : shown;
  const visible = expanded ? cols : cols.slice(0, collapsedCount);

  return (
    <Form form={form} name="listSearch" layout="horizontal" onFinish={(v) => onSearch(toFilters(cols, v, keep))} style={{ marginBottom: 16 }}>
      <GridRow gutter={[16, 12]}>
        {visible.map((c) => (
          <Col key={c.dataIndex} xs={24} sm={12} md={8} xl={6}>
            {c.search === 'range' && !isDateType(c) ? (
              <Form.Item label={c.searchTitle ?? c.title} style={{ marginBottom: 0 }}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name={`${c.dataIndex}_begin`} noStyle>
                    <InputNumber style={{ width: '50%' }} placeholder="最小值" />
                  </Form.Item>
                  <Form.Item name={`${c.dataIndex}_end`} noStyle>
                    <InputNumber style={{ width: '50%' }} placeholder="最大值" />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            ) : c.type === 'boolean' ? (
              <Form.Item name={c.dataIndex} valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox {...(c.searchTestId ? { 'data-testid': c.searchTestId } : {})}>{c.searchTitle ?? c.title}</Checkbox>
              </Form.Item>
            ) : (
              <Form.Item name={c.dataIndex} label={c.searchTitle ?? c.title} style={{ marginBottom: 0 }}>
                {c.search === 'range' ? <DatePicker.RangePicker style={{ width: '100%' }} /> : widget(c)}
              </Form.Item>
            )}
          </Col>
        ))}
        <Col xs={24} sm={12} md={8} xl={6}>
          <Space wrap>
            <Button type="primary" htmlType="submit" data-testid="list-search">
              查询
            </Button>
            <Button
              data-testid="list-reset"
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              重置
            </Button>
            {cols.length > collapsedCount && (
              <a onClick={() => setExpanded((e) => !e)}>
                {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
              </a>
            )}
            {extra}
          </Space>
        </Col>
      </GridRow>
    </Form>
  );
}
