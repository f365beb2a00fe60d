import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Space, Table } from 'antd';
import { api, type ResultOf } from '../../../app/http/api';
import { formatBytes, formatDuration, percent } from '../format';

type ServerInfoResult = ResultOf<typeof api.monitor.serverInfo>;

const SOCKET_LABELS: Record<string, string> = { users: '在线用户', userSockets: '用户连接', tableSockets: '表格连接' };

/** 服务器信息: CPU, memory, disks, Node and database versions of the instance that answers. */
export default function ServerInfo() {
  const q = useQuery({
    queryKey: ['monitor', 'server'],
    queryFn: async () => {
      const info: ServerInfoResult = await api.monitor.serverInfo();
      return info;
    },
    refetchInterval: 30_000,
  });
  const d = q.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16} data-testid="server-info">
      <Space>
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
          刷新
        </Button>
        {q.dataUpdatedAt > 0 && <span style={{ color: 'rgba(0,0,0,.62)' }}>上次更新：{new Date(q.dataUpdatedAt).toLocaleTimeString('zh-CN')}</span>}
      </Space>
      {q.isError && <Alert type="error" showIcon message={(q.error as Error).message || '加载失败'} />}
      {d && (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} xl={6}>
              <Card title="CPU" size="small">
                <Progress aria-label="CPU使用率" type="dashboard" percent={percent(d.cpu.usage)} size={120} format={(p) => `${p}%`} status={d.cpu.usage > 0.9 ? 'exception' : 'normal'} />
                <Descriptions size="small" column={1} items={[
                  { key: 'n', label: '核数', children: d.cpu.count },
                  { key: 'p', label: '本进程', children: `${percent(d.cpu.processUsage)}%` },
                  { key: 'l', label: '负载(1/5/15分)', children: d.cpu.loadAverage.map((x) => x.toFixed(2)).join(' / ') },
                ]} />
              </Card>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Card title="内存" size="small">
                <Progress aria-label="内存使用率" type="dashboard" percent={percent(d.memory.total ? d.memory.used / d.memory.total : 0)} size={120} format={(p) => `${p}%`} />
                <Descriptions size="small" column={1} items={[
                  { key: 't', label: '总内存', children: formatBytes(d.memory.total) },
                  { key: 'u', label: '已用', children: formatBytes(d.memory.used) },
                  { key: 'f', label: '可用', children: formatBytes(d.memory.free) },
                ]} />
              </Card>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Card title="Node 进程" size="small">
                <Descriptions size="small" column={1} items={[
                  { key: 'v', label: 'Node版本', children: d.node.version },
                  { key: 'pl', label: '平台', children: `${d.node.platform} ${d.node.arch}` },
                  { key: 'pid', label: 'PID', children: d.process.pid },
                  { key: 'rss', label: '常驻内存', children: formatBytes(d.process.rss) },
                  { key: 'heap', label: '堆内存', children: `${formatBytes(d.process.heapUsed)} / ${formatBytes(d.process.heapTotal)}` },
                  { key: 'st', label: '启动时间', children: d.process.startTime },
                  { key: 'up', label: '运行时长', children: formatDuration(d.process.uptime) },
                  { key: 'el', label: '事件循环延迟', children: `${d.process.eventLoopDelayMs} ms` },
                ]} />
              </Card>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Card title="数据库与系统" size="small">
                <Descriptions size="small" column={1} items={[
                  { key: 'db', label: '数据库', children: d.database.kind },
                  { key: 'dbv', label: '数据库版本', children: <span style={{ wordBreak: 'break-all' }}>{d.database.version}</span> },
                  { key: 'r', label: 'Redis', children: d.redis.configured ? '已配置' : '未配置' },
                  { key: 'h', label: '主机名', children: d.os.hostname },
                  { key: 'os', label: '操作系统', children: `${d.os.type} ${d.os.release}` },
                  { key: 'osu', label: '系统运行', children: formatDuration(d.os.uptime) },
                  ...Object.entries(d.sockets ?? {}).map(([k, v]) => ({ key: `s-${k}`, label: SOCKET_LABELS[k] ?? k, children: Number(v) })),
                ]} />
              </Card>
            </Col>
          </Row>
          <Card title="磁盘" size="small">
            <Table
              rowKey="name"
              size="small"
              pagination={false}
              dataSource={d.disks}
              columns={[
                { title: '路径', dataIndex: 'name' },
                { title: '总大小', dataIndex: 'max', render: (v: number) => formatBytes(v) },
                { title: '可用', dataIndex: 'rest', render: (v: number) => formatBytes(v) },
                { title: '已用', dataIndex: 'restPPT', width: '40%', render: (v: number) => <Progress aria-label="磁盘已用" percent={v} size="small" status={v > 90 ? 'exception' : 'normal'} /> },
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
