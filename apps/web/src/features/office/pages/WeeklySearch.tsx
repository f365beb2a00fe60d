import { weekStartOf } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadFile } from '../../../app/http/client';
import { weeklyApi, type WeeklyRow } from '../api';
import { WeeklyView } from '../components/WeeklyView';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

interface Filters {
  realname?: string;
  weekFrom?: string;
  weekTo?: string;
}

/** 周报查询: submitted reports of the company by person and week range, with an Excel export. */
export default function WeeklySearch() {
  const { message } = App.useApp();
  const [realname, setRealname] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['office', 'weekly', 'search', filters, pageNo, pageSize],
    queryFn: () => weeklyApi.search({ ...filters, pageNo, pageSize }),
  });

  const apply = () => {
    setFilters({
      realname: realname.trim() || undefined,
      weekFrom: range?.[0] ? weekStartOf(range[0].format('YYYY-MM-DD')) : undefined,
      weekTo: range?.[1] ? weekStartOf(range[1].format('YYYY-MM-DD')) : undefined,
    });
    setPageNo(1);
  };
  const reset = () => {
    setRealname('');
    setRange(null);
    setFilters({});
    setPageNo(1);
  };
  const exportXls = async () => {
    try {
      await downloadFile('/office/weekly/exportXls', '周报.xlsx', { ...filters });
    } catch {
      message.error('下载失败');
    }
  };

  return (
    <Card title="周报查询">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input aria-label="姓名" placeholder="姓名" value={realname} onChange={(e) => setRealname(e.target.value)} onPressEnter={apply} style={{ width: 180 }} />
        <DatePicker.RangePicker picker="week" aria-label="周范围" value={range} onChange={(v) => setRange(v)} />
        <Button type="primary" onClick={apply}>
          查询
        </Button>
        <Button onClick={reset}>重置</Button>
        <Button onClick={() => void exportXls()}>导出</Button>
      </Space>
      <ResponsiveTable<WeeklyRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: pageNo,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [10, 20, 30],
          onChange: (p, s) => {
            setPageNo(p);
            setPageSize(s);
          },
        }}
        scroll={{ x: 820 }}
        columns={[
          { title: '姓名', dataIndex: 'realname', width: 110 },
          { title: '部门', dataIndex: 'departName', width: 140 },
          { title: '周', dataIndex: 'weekLabel', width: 240 },
          { title: '提交时间', dataIndex: 'submitTime', width: 170 },
          { title: '已读', key: 'read', width: 100, render: (_, r) => `${r.readCount}/${r.recipients.length}` },
          {
            title: '操作',
            key: 'op',
            width: 90,
            fixed: 'right',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                查看
              </Button>
            ),
          },
        ]}
      />
      <WeeklyView id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
