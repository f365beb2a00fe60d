import { FormOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { wfApi, type Definition } from '../../workflow/api';

// The form types and their editors load when a process is chosen, not with the home page.
const loadLauncher = () => import('./HomeApplyLauncher');
const HomeApplyLauncher = lazy(loadLauncher);

const MY_APPLICATIONS_PATH = '/activiti/myApplications';

/**
 * 发起申请 on the home page: the processes the user may start (the start menu's list, under the same query
 * key so both share one answer), each opening its form's editor and then the submit dialog.
 */
export function HomeStartCard() {
  const q = useQuery({
    // the key and the call of the workflow start menu (StartMenu), for every form type
    queryKey: ['wfStartable', ''],
    queryFn: async () => {
      const res = await wfApi.startable();
      if (!res.success) throw new Error(res.message || '加载失败');
      return Array.isArray(res.result) ? res.result : [];
    },
    retry: false,
  });
  const [opening, setOpening] = useState<string | null>(null);
  const [started, setStarted] = useState<Definition | null>(null);

  const start = (def: Definition) => {
    setOpening(def.id);
    loadLauncher()
      .then(() => setStarted(def))
      .catch(() => undefined)
      .finally(() => setOpening(null));
  };

  return (
    <Card
      size="small"
      title="发起申请"
      className="home-card home-start"
      data-testid="home-start"
      extra={<Link to={MY_APPLICATIONS_PATH}>我的申请</Link>}
    >
      {q.isPending ? (
        <div aria-busy="true" data-testid="home-start-loading">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      ) : q.isError ? (
        <Alert
          type="error"
          showIcon
          message="发起申请加载失败"
          description={q.error instanceof Error ? q.error.message : undefined}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
              重试
            </Button>
          }
          data-testid="home-start-error"
        />
      ) : q.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可发起的流程" data-testid="home-start-empty" />
      ) : (
        <ul className="home-start-list" aria-label="可发起的流程" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {q.data.map((d) => (
            <li key={d.id}>
              <Button
                icon={<FormOutlined />}
                loading={opening === d.id}
                onClick={() => start(d)}
                data-testid="home-start-item"
                title={d.name ?? undefined}
              >
                {d.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {started && (
        <Suspense fallback={null}>
          <HomeApplyLauncher def={started} onClose={() => setStarted(null)} />
        </Suspense>
      )}
    </Card>
  );
}
