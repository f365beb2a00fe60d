import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { QUARTER_TITLES, RANKING_PAGE_SIZE, RANKING_PAGE_SIZE_OPTIONS, type PfRankingRow } from '@go/contract/performance/index';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Space, Tag, TreeSelect } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Auth } from '../../../components/list/auth';
import { downloadFile, getAction } from '../../../app/http/client';
import { useDepartTree, type DepartNode } from '../../../components/pickers/useDepartTree';
import { KpiRoundButton } from '../components/KpiRoundModal';
import { PERF_AUTH, thisYear, YEAR_OPTIONS } from '../components/shared';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

/** A ranked row as `/rankingUserAvg/list` answers it (`pfRankingRow` of the contract). */
type RankRow = PfRankingRow;

const PERIODS = [{ value: '', label: '全年' }, ...QUARTER_TITLES.map((t, i) => ({ value: String(i + 1), label: t }))];
// medal colours dark enough for the white rank number (4.5:1)
const MEDAL = ['#874d00', '#595959', '#873800'];

interface OrgOption {
  title: string;
  value: string;
  children?: OrgOption[];
}
const toTree = (nodes: DepartNode[]): OrgOption[] =>
  nodes.map((n) => ({ title: n.title, value: n.orgCode, children: n.children ? toTree(n.children) : undefined }));

/**
 * 绩效排名 (/rankingUserAvg/list): people ranked by the year's average (or one quarter's score),
 * filtered by company or department; equal scores share a rank. Page size 30 with 30/50/100 (docs/performance.md).
 */
export default function RankingUserAvgList() {
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm();
  const { nodes } = useDepartTree();
  const treeData = useMemo(() => toTree(nodes), [nodes]);
  const q = {
    yearPart: params.get('yearPart') || thisYear(),
    quarter: params.get('quarter') || '',
    sysOrgCode: params.get('sysOrgCode') || '',
    userName: params.get('userName') || '',
    pageNo: Number(params.get('pageNo')) || 1,
    pageSize: Number(params.get('pageSize')) || RANKING_PAGE_SIZE,
  };
  const set = (patch: Record<string, string | number>) => {
    const next = { ...q, ...patch };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '' && v !== undefined).map(([k, v]) => [k, String(v)])), { replace: true });
  };
  const { data, isFetching } = useQuery({
    queryKey: ['rankingUserAvg', q],
    queryFn: async () => (await getAction<{ records: RankRow[]; total: number }>('/rankingUserAvg/list', q)).result,
  });

  const columns: TableColumnsType<RankRow> = [
    {
      title: '排名',
      dataIndex: 'rank',
      width: 80,
      align: 'center',
      render: (r: number) => (r <= 3 ? <Tag color={MEDAL[r - 1]}>第{r}名</Tag> : r),
    },
    { title: '姓名', dataIndex: 'userName', width: 120 },
    { title: '公司', dataIndex: 'orgName', width: 200, ellipsis: true },
    { title: '部门', dataIndex: 'departName', width: 160, ellipsis: true },
    { title: '年度', dataIndex: 'yearPart', width: 90 },
    { title: q.quarter ? `${QUARTER_TITLES[Number(q.quarter) - 1]}得分` : '年度平均分', dataIndex: 'avgCount', width: 120, align: 'right', render: (v: number) => <b>{v}</b> },
  ];

  return (
    <Card variant="borderless" data-testid="ranking-user-avg">
      <Form
        form={form}
        layout="inline"
        name="ranking-search"
        initialValues={{ yearPart: q.yearPart, quarter: q.quarter, sysOrgCode: q.sysOrgCode || undefined, userName: q.userName }}
        onFinish={(v) => set({ yearPart: v.yearPart, quarter: v.quarter ?? '', sysOrgCode: v.sysOrgCode ?? '', userName: (v.userName ?? '').trim(), pageNo: 1 })}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Row gutter={[8, 8]} style={{ width: '100%' }}>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="年度" name="yearPart">
              <Select options={YEAR_OPTIONS} showSearch aria-label="年度" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={5}>
            <Form.Item label="期间" name="quarter">
              <Select options={PERIODS} aria-label="期间" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={7}>
            <Form.Item label="公司/部门" name="sysOrgCode">
              <TreeSelect treeData={treeData} allowClear showSearch treeNodeFilterProp="title" placeholder="全部" aria-label="公司/部门" popupMatchSelectWidth={false} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item label="姓名" name="userName">
              <Input allowClear placeholder="请输入姓名" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.setFieldsValue({ yearPart: thisYear(), quarter: '', sysOrgCode: undefined, userName: '' });
                  setParams({}, { replace: true });
                }}
              >
                重置
              </Button>
              <Auth code={PERF_AUTH.rankingExport}>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadFile('/rankingUserAvg/exportXls', `绩效排名.xlsx`, { yearPart: q.yearPart, quarter: q.quarter, sysOrgCode: q.sysOrgCode, userName: q.userName })}
                >
                  导出
                </Button>
              </Auth>
              <KpiRoundButton />
            </Space>
          </Col>
        </Row>
      </Form>
      <ResponsiveTable<RankRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 780 }}
        locale={{ emptyText: '暂无排名数据' }}
        pagination={{
          current: q.pageNo,
          pageSize: q.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: RANKING_PAGE_SIZE_OPTIONS,
          showTotal: (t, range) => `${range[0]}-${range[1]} 共${t}条`,
          onChange: (p, s) => set({ pageNo: s !== q.pageSize ? 1 : p, pageSize: s }),
        }}
      />
    </Card>
  );
}
