import type { ReportColumn, ReportColumnsResult, ReportQueryInfo } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Skeleton, Space, Table, Typography } from 'antd';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { downloadFile } from '../../../app/http/client';
import { usePhoneLayout } from '../../../components/list/PhoneCards';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { reportApi, type ReportParam } from '../api';

type Row = Record<string, unknown>;

export interface ReportViewProps {
  /** The report id (menu URL) or code (popup configuration). */
  report: string;
  /** Row selection for the popup selector. */
  selection?: { multi: boolean; onChange: (rows: Row[]) => void };
  /** Hide export and print (popup). */
  compact?: boolean;
  /** The popup report selector: rows come from `getPopupData/{code}`, which checks the columns it copies. */
  popup?: { code: string; fields: string[] };
}

const dictText = (dict: ReportColumnsResult['dictOptions'][string] | undefined, v: unknown) => {
  if (v === null || v === undefined || v === '') return '';
  if (!dict) return String(v);
  return String(v)
    .split(',')
    .map((x) => dict.find((o) => String(o.value) === x)?.text ?? x)
    .join(',');
};

const dateFormat = (view: string) => (view === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');

/**
 * A generated report page (在线报表): its parameters, its search fields (single and range), the table with
 * server-side sort and paging, dictionary texts, a totals row, export and print.
 */
export function ReportView({ report, selection, compact, popup }: ReportViewProps) {
  const [paramForm] = Form.useForm();
  const [searchForm] = Form.useForm();
  const [query, setQuery] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const phone = usePhoneLayout();

  const meta = useQuery({ queryKey: ['report', 'columns', report], queryFn: () => reportApi.columns(report) });
  const id = meta.data?.cgRpConfigId;
  const info = useQuery({ queryKey: ['report', 'queryInfo', id], queryFn: () => reportApi.queryInfo(id!), enabled: !!id });
  const params = useQuery({ queryKey: ['report', 'params', id], queryFn: () => reportApi.params(id!), enabled: !!id });
  const request = useMemo(
    () => ({ ...query, pageNo: page.pageNo, pageSize: page.pageSize, ...(sort.column ? { column: sort.column, order: sort.order ?? 'desc' } : {}) }),
    [query, page, sort],
  );
  const data = useQuery({
    queryKey: ['report', popup ? 'popup' : 'data', id, request, popup?.fields.join(',')],
    queryFn: () => (popup ? reportApi.popupData(popup.code, { ...request, fields: popup.fields.join(',') }) : reportApi.data(id!, request)),
    enabled: !!id,
  });

  const columns = useMemo<ColumnType<Row>[]>(() => {
    const cols = meta.data?.columns ?? [];
    return cols.map((c: ReportColumn) => ({
      title: c.title,
      dataIndex: c.dataIndex,
      key: c.dataIndex,
      align: 'center' as const,
      sorter: true,
      sortOrder: sort.column === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      ...(c.fieldWidth ? { width: c.fieldWidth } : {}),
      render: (v: unknown) => (c.customRender ? dictText(meta.data?.dictOptions[c.dataIndex], v) : v === null || v === undefined ? '' : String(v)),
    }));
  }, [meta.data, sort]);

  if (meta.isError) return <Alert type="error" showIcon message={(meta.error as Error).message} />;
  if (meta.isLoading || !meta.data) return <Skeleton active />;

  const search = (info.data ?? []) as ReportQueryInfo[];
  const declared = (params.data ?? []) as ReportParam[];
  const totals = data.data?.totals;
  const records = (data.data?.records ?? []).map((r, i) => ({ __key: String(i + (page.pageNo - 1) * page.pageSize), ...r }));

  const apply = () => {
    const next: Record<string, string> = {};
    for (const [k, v] of Object.entries(paramForm.getFieldsValue() as Record<string, unknown>)) if (v !== undefined && v !== null && v !== '') next[`self_${k}`] = String(v);
    const s = searchForm.getFieldsValue() as Record<string, unknown>;
    for (const f of search) {
      const v = s[f.field];
      if (v === undefined || v === null || v === '') continue;
      if (f.mode === 'group' && Array.isArray(v)) {
        const fmt = dateFormat(f.view);
        const [b, e] = v as (dayjs.Dayjs | string | null)[];
        if (b) next[`${f.field}_begin`] = dayjs.isDayjs(b) ? (f.view === 'date' ? b.format(fmt) : b.startOf('day').format(fmt)) : String(b);
        if (e) next[`${f.field}_end`] = dayjs.isDayjs(e) ? (f.view === 'date' ? e.format(fmt) : e.endOf('day').format(fmt)) : String(e);
      } else if (Array.isArray(v)) next[f.field] = v.join(',');
      else next[f.field] = f.view === 'list' ? String(v) : `*${String(v)}*`;
    }
    setQuery(next);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const reset = () => {
    paramForm.resetFields();
    searchForm.resetFields();
    setQuery({});
    setSort({});
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  const onTable = (p: TablePaginationConfig, _f: unknown, s: SorterResult<Row> | SorterResult<Row>[]) => {
    const one = Array.isArray(s) ? s[0] : s;
    setSort(one?.order ? { column: String(one.field), order: one.order === 'ascend' ? 'asc' : 'desc' } : {});
    setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 });
  };

  const summary = totals
    ? () => (
        <Table.Summary fixed>
          <Table.Summary.Row>
            {selection ? <Table.Summary.Cell index={0} /> : null}
            {(meta.data?.columns ?? []).map((c, i) => (
              <Table.Summary.Cell key={c.dataIndex} index={i + (selection ? 1 : 0)} align="center">
                {i === 0 && !(c.dataIndex in totals) ? (
                  <Typography.Text strong>合计</Typography.Text>
                ) : c.dataIndex in totals ? (
                  <Typography.Text strong data-testid={`report-total-${c.dataIndex}`}>
                    {totals[c.dataIndex] === null ? '' : Number(totals[c.dataIndex]).toLocaleString('zh-CN', { maximumFractionDigits: 2 })}
                  </Typography.Text>
                ) : null}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      )
    : undefined;

  return (
    <Card variant={compact ? 'borderless' : 'outlined'} title={compact ? undefined : meta.data.cgRpConfigName} className="go-report">
      {declared.length > 0 && (
        <Form form={paramForm} layout="inline" className="go-report-params" aria-label="报表参数" onFinish={apply} initialValues={Object.fromEntries(declared.map((p) => [p.paramName, p.paramValue ?? '']))}>
          {declared.map((p) => (
            <Form.Item key={p.paramName} name={p.paramName} label={p.paramTxt || p.paramName}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
          ))}
        </Form>
      )}
      <Form form={searchForm} layout="inline" className="go-report-search" aria-label="查询条件" onFinish={apply} style={{ marginTop: 8 }}>
        {search.map((f) => (
          <Form.Item key={f.field} name={f.field} label={f.label}>
            {f.view === 'list' ? (
              <Select allowClear style={{ width: 180 }} placeholder={`请选择${f.label}`} options={(meta.data?.dictOptions[f.field] ?? []).map((o) => ({ value: o.value, label: o.text }))} />
            ) : f.mode === 'group' && (f.view === 'date' || f.view === 'datetime') ? (
              <DatePicker.RangePicker style={{ width: 260 }} aria-label={f.label} />
            ) : (
              <Input allowClear style={{ width: 180 }} placeholder={`请输入${f.label}`} />
            )}
          </Form.Item>
        ))}
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" onClick={apply}>
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
            {!compact && (
              <>
                <Button onClick={() => void downloadFile(`/online/cgreport/api/exportXls/${id}`, `${meta.data!.cgRpConfigName}.xlsx`, { ...query, ...(sort.column ? { column: sort.column, order: sort.order ?? 'desc' } : {}) })}>
                  导出
                </Button>
                <Button onClick={() => window.print()}>打印</Button>
              </>
            )}
          </Space>
        </Form.Item>
      </Form>
      {phone && totals && (
        <Typography.Paragraph strong style={{ marginTop: 12 }} data-testid="report-phone-totals">
          合计：
          {(meta.data?.columns ?? [])
            .filter((c) => c.dataIndex in totals)
            .map((c) => `${c.title} ${totals[c.dataIndex] === null ? '-' : Number(totals[c.dataIndex]).toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`)
            .join('，')}
        </Typography.Paragraph>
      )}
      {data.isError && <Alert style={{ marginTop: 8 }} type="error" showIcon message={(data.error as Error).message} />}
      <ResponsiveTable<Row>
        style={{ marginTop: 12 }}
        rowKey="__key"
        size="middle"
        loading={data.isFetching}
        columns={columns}
        dataSource={records}
        scroll={{ x: 'max-content' }}
        onChange={onTable}
        summary={summary}
        locale={{ emptyText: '暂无数据' }}
        rowSelection={
          selection
            ? {
                type: selection.multi ? 'checkbox' : 'radio',
                selectedRowKeys: selectedKeys,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys.map(String));
                  selection.onChange(rows.map(({ __key: _k, ...r }) => r));
                },
              }
            : undefined
        }
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (t, r) => `${r[0]}-${r[1]} 共 ${t} 条`,
        }}
      />
    </Card>
  );
}
