import { addDays, currentWeekStart, weekLabel, weekStartOf } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { weeklyApi } from '../api';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

/** 团队周报: who in my department has not submitted the week's report, with a reminder for one or all. */
export default function WeeklyTeam() {
  const { message } = App.useApp();
  const [week, setWeek] = useState(currentWeekStart());
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['office', 'weekly', 'unsubmitted', week], queryFn: () => weeklyApi.unsubmitted(week) });

  const remind = async (usernames?: string[]) => {
    setBusy(usernames?.[0] ?? '*');
    try {
      message.success(await weeklyApi.remind(week, usernames));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const rows = list.data?.records ?? [];
  return (
    <Card
      title="未提交名单"
      extra={
        <Space wrap>
          <Button aria-label="上一周" onClick={() => setWeek(addDays(week, -7))}>
            上一周
          </Button>
          <DatePicker
            picker="week"
            aria-label="选择周"
            allowClear={false}
            value={dayjs(week)}
            format={(d) => weekLabel(weekStartOf(d.format('YYYY-MM-DD')))}
            onChange={(d) => d && setWeek(weekStartOf(d.format('YYYY-MM-DD')))}
            style={{ width: 260 }}
          />
          <Button aria-label="下一周" onClick={() => setWeek(addDays(week, 7))}>
            下一周
          </Button>
          <Popconfirm title={`提醒全部 ${rows.length} 人提交周报?`} disabled={!rows.length} onConfirm={() => void remind()}>
            <Button type="primary" disabled={!rows.length} loading={busy === '*'}>
              全部提醒
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {list.data ? `${list.data.weekLabel}：团队 ${list.data.teamSize} 人，未提交 ${rows.length} 人` : '加载中…'}
      </Typography.Paragraph>
      <ResponsiveTable
        rowKey="username"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: '本周全部已提交' }}
        columns={[
          { title: '姓名', dataIndex: 'realname', width: 140 },
          { title: '账号', dataIndex: 'username', width: 140 },
          { title: '部门', dataIndex: 'departName' },
          { title: '状态', dataIndex: 'draft', width: 110, render: (d: boolean) => <Tag color={d ? 'blue' : 'red'}>{d ? '草稿未提交' : '未填写'}</Tag> },
          {
            title: '操作',
            key: 'op',
            width: 100,
            render: (_, r) => (
              <Button type="link" size="small" loading={busy === r.username} onClick={() => void remind([r.username])}>
                提醒
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
