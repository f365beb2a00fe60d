import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Space, Statistic, Table } from 'antd';
import { useMemo, useState } from 'react';
import { api, ApiError } from '../../../app/http/api';
import { formatBytes } from '../format';

interface InfoRow {
  key: string;
  value: string;
  description: string;
}

const POLL_MS = 5_000;

/** Redis 监控: key count and memory (polled), and the INFO table; a notice when Redis is not configured. */
export default function RedisInfo() {
  const [section, setSection] = useState<string>('');
  const info = useQuery({
    queryKey: ['monitor', 'redis', 'info'],
    queryFn: async () => {
      try {
        return { rows: (await api.monitor.redisInfo()) ?? [], error: '' };
      } catch (e) {
        if (e instanceof ApiError) return { rows: [] as InfoRow[], error: e.message };
        throw e;
      }
    },
  });
  const configured = !!info.data && !info.data.error;
  const stats = useQuery({
    queryKey: ['monitor', 'redis', 'stats'],
    enabled: configured,
    refetchInterval: (q) => (q.state.status === 'error' ? false : POLL_MS),
    queryFn: async () => {
      const [keys, mem] = await Promise.all([
        api.monitor.redisKeysSize(),
        api.monitor.redisMemory(),
      ]);
      return { dbSize: keys.dbSize, usedMemory: mem.used_memory };
    },
  });
  const sections = useMemo(() => [...new Set((info.data?.rows ?? []).map((r) => r.description))], [info.data]);
  const rows = (info.data?.rows ?? []).filter((r) => !section || r.description === section);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="redis-info">
      {info.data?.error && <Alert type="info" showIcon message={info.data.error} />}
      {configured && (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Card size="small">
              <Statistic title="Redis Key 数量" value={stats.data?.dbSize ?? '-'} />
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card size="small">
              <Statistic title="Redis 内存占用" value={stats.data ? formatBytes(stats.data.usedMemory) : '-'} />
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card size="small">
              <Statistic title="版本" value={info.data?.rows.find((r) => r.key === 'redis_version')?.value ?? '-'} />
            </Card>
          </Col>
        </Row>
      )}
      {configured && (
        <Card
          size="small"
          title="Redis 详细信息"
          extra={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void info.refetch()} loading={info.isFetching}>
              刷新
            </Button>
          }
        >
          <Space wrap style={{ marginBottom: 8 }}>
            <Button size="small" type={section === '' ? 'primary' : 'default'} onClick={() => setSection('')}>
              全部
            </Button>
            {sections.map((s) => (
              <Button key={s} size="small" type={section === s ? 'primary' : 'default'} onClick={() => setSection(s)}>
                {s}
              </Button>
            ))}
          </Space>
          <Table<InfoRow>
            rowKey={(r) => `${r.description}.${r.key}`}
            size="small"
            dataSource={rows}
            pagination={{ defaultPageSize: 20, showSizeChanger: true }}
            columns={[
              { title: 'Key', dataIndex: 'key', width: 260 },
              { title: '分类', dataIndex: 'description', width: 140 },
              { title: 'Value', dataIndex: 'value', ellipsis: true },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
