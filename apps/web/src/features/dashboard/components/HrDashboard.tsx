import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { DASHBOARD_COMPANIES, DASHBOARD_STATS, type DashboardStatName } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../../app/session/store';
import { fetchStat } from '../api';
import { statCsv, statView, type StatTable, type Translate } from '../stat-views';
import { StatChart } from './StatChart';

/** Downloads text as a file in the browser. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function FigureTable({ table, hidden }: { table: StatTable; hidden: boolean }) {
  return (
    <table className={hidden ? 'stat-table visually-hidden' : 'stat-table'}>
      <caption>{table.caption}</caption>
      <thead>
        <tr>
          {table.header.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {c}
                </th>
              ) : (
                <td key={j}>{c}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatCard({ name, title, company, translate }: { name: DashboardStatName; title: string; company: string | undefined; translate: Translate }) {
  const [asTable, setAsTable] = useState(false);
  const q = useQuery({
    queryKey: ['hrDashboard', name, company ?? ''],
    queryFn: () => fetchStat<unknown>(name, company),
    staleTime: 60_000,
    retry: false,
  });
  const view = useMemo(() => (q.data === undefined ? null : statView(name, title, q.data, translate)), [q.data, name, title, translate]);
  const extra = view && (
    <Space size={0}>
      <Button type="text" size="small" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable} data-testid={`stat-toggle-${name}`}>
        {asTable ? '图表' : '表格'}
      </Button>
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined />}
        aria-label={`下载${title}数据`}
        title="下载数据（CSV）"
        onClick={() => download(`${title}${company ? `-${company}` : ''}.csv`, statCsv(view))}
        data-testid={`stat-download-${name}`}
      />
    </Space>
  );
  return (
    <Card size="small" title={title} extra={extra} data-testid={`stat-${name}`} className="stat-card">
      {q.isPending ? (
        <div data-testid={`stat-loading-${name}`} aria-busy="true">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : q.isError || !view ? (
        <div data-testid={`stat-error-${name}`}>
          <Alert
          type="error"
          showIcon
          message={`${title}加载失败`}
          description={q.error instanceof Error ? q.error.message : undefined}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
              重试
            </Button>
          }
          />
        </div>
      ) : (
        <>
          {!asTable &&
            (view.empty ? (
              <Empty description="暂无数据" style={{ height: 300, paddingTop: 90, margin: 0 }} />
            ) : (
              <StatChart option={view.option} label={`${title}：${view.summary}`} testId={`stat-chart-${name}`} />
            ))}
          {view.tables.map((tb) => (
            <FigureTable key={tb.caption} table={tb} hidden={!asTable} />
          ))}
        </>
      )}
    </Card>
  );
}

/** 人事统计: the twelve statistics as charts with table fallbacks and downloads; A01 users pick a company. */
export default function HrDashboard() {
  const orgCode = useSession((s) => s.userInfo?.orgCode) ?? '';
  const dictItems = useSession((s) => s.dictItems);
  const group = orgCode.startsWith('A01');
  const [company, setCompany] = useState<string>('A01');
  const translate = useCallback<Translate>((dict, value) => {
    const item = (dictItems[dict] ?? []).find((i) => String(i.value) === value);
    return item ? (item.text ?? item.label ?? value) : value;
  }, [dictItems]);
  const filter = group && company !== 'A01' ? company : undefined;
  return (
    <section aria-labelledby="hr-dashboard-title" data-testid="hr-dashboard" style={{ marginTop: 16 }}>
      <div className="hr-dashboard-head">
        <Typography.Title level={5} id="hr-dashboard-title" style={{ margin: 0 }}>
          人事统计
        </Typography.Title>
        {group ? (
          <label className="hr-dashboard-filter">
            <span>公司</span>
            <Select
              value={company}
              onChange={setCompany}
              style={{ width: 120 }}
              aria-label="公司"
              data-testid="hr-dashboard-company"
              options={DASHBOARD_COMPANIES.map((c) => ({ value: c, label: c === 'A01' ? '全部公司' : c }))}
            />
          </label>
        ) : (
          <Typography.Text type="secondary">本公司（{orgCode.slice(0, 3)}）</Typography.Text>
        )}
      </div>
      <Row gutter={[16, 16]}>
        {DASHBOARD_STATS.map((s) => (
          <Col key={s.name} xs={24} lg={12} xxl={8}>
            <StatCard name={s.name} title={s.title} company={filter} translate={translate} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
