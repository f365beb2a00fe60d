import { Badge, Card, Grid } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/store';
import { H5Page } from '../components/H5Page';
import { useTodoCount } from '../useTodoCount';
import { chooseSite } from '../../app/site-mode';

const SHORTCUTS: { key: string; title: string; to: string; external?: boolean }[] = [
  { key: 'todo', title: '我的待办', to: '/h5/todo' },
  { key: 'apply', title: '费用报销', to: '/h5/apply' },
  { key: 'apps', title: '我的申请', to: '/h5/apps' },
  { key: 'notices', title: '通知公告', to: '/h5/notices' },
  { key: 'weekly', title: '写周报', to: '/h5/weekly' },
  { key: 'me', title: '我的档案', to: '/h5/me' },
  { key: 'mbti', title: '性格测试', to: '/mbtiTest', external: true },
  { key: 'desktop', title: '电脑版', to: '/zhome', external: true },
];

/** h5 home: greeting, the pending to-do count and the shortcuts. */
export default function H5Home() {
  const user = useSession((s) => s.userInfo);
  const todo = useTodoCount();
  const navigate = useNavigate();
  const go = (s: (typeof SHORTCUTS)[number]) => {
    // 电脑版 is remembered: the entry pages open the desktop site from then on
    if (s.key === 'desktop') chooseSite('desktop');
    if (s.external) window.location.assign(s.to);
    else navigate(s.to);
  };
  return (
    <H5Page title="移动办公" testId="h5-home">
      <Card className="h5-card">
        <div className="h5-greeting" data-testid="h5-greeting">
          你好，{user?.realname || user?.username}
        </div>
        <div className="h5-muted">{String(user?.orgCodeTxt ?? '')}</div>
        <button
          type="button"
          className="h5-todo-summary"
          onClick={() => navigate('/h5/todo')}
          data-testid="h5-todo-summary"
        >
          <span>待办事项</span>
          <strong data-testid="h5-todo-count">{todo.isLoading ? '…' : (todo.data ?? 0)}</strong>
          <span className="h5-muted">条待处理</span>
        </button>
      </Card>
      <Card className="h5-card" title="常用功能">
        <Grid columns={4} gap={8}>
          {SHORTCUTS.map((s) => (
            <Grid.Item key={s.key}>
              <button
                type="button"
                className="h5-shortcut"
                onClick={() => go(s)}
                data-testid={`h5-shortcut-${s.key}`}
              >
                <span className={`h5-shortcut-icon h5-icon-${s.key}`} aria-hidden>
                  {s.key === 'todo' && todo.data ? (
                    <Badge content={todo.data}>{s.title.slice(-2, -1)}</Badge>
                  ) : (
                    s.title.slice(-2, -1)
                  )}
                </span>
                <span className="h5-shortcut-text">{s.title}</span>
              </button>
            </Grid.Item>
          ))}
        </Grid>
      </Card>
    </H5Page>
  );
}
