import { ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { HR_DASHBOARD_PERM, PLATFORM_NAME } from '@go/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Col, Empty, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth';
import { staticUrl } from '../../../app/config';
import { TODO_PATH } from '../../../app/layout/menu-items';
import { useSession } from '../../../app/session/store';
import { EmptyOrganisationNotice } from '../components/EmptyOrganisationNotice';
import { HomeStartCard } from '../components/HomeStartCard';
import { greetingText } from '../greeting';
import { HOME_QUERIES, refetchOnMount, signInDataShown } from '../home-data';
import '../dashboard.css';

// ECharts and the twelve statistics load in their own chunk, only for holders of the dashboard permission.
const HrDashboard = lazy(() => import('../components/HrDashboard'));

const MY_APPLICATIONS_PATH = '/activiti/myApplications';
const NOTICE_PATH = '/notice';

/** A home card with its own loading and error state; `children` renders the loaded data. */
function HomeCard<T>({ title, testId, query, extra, children }: { title: string; testId: string; query: UseQueryResult<T>; extra?: ReactNode; children: (data: T) => ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId} className="home-card">
      {query.isPending ? (
        <div aria-busy="true" data-testid={`${testId}-loading`}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      ) : query.isError ? (
        <div data-testid={`${testId}-error`}>
          <Alert
            type="error"
            showIcon
            message={`${title}加载失败`}
            description={query.error instanceof Error ? query.error.message : undefined}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
                重试
              </Button>
            }
          />
        </div>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

const Count = ({ n, label, testId }: { n: number; label: string; testId: string }) => (
  <Statistic value={n} suffix={label} valueStyle={{ color: n > 0 ? '#cf1322' : undefined }} data-testid={testId} />
);

/** Home (/zhome): greeting by hour, 发起申请 (the processes the user may start), my to-dos, my applications in progress, newest notices and, for HR, the statistics. */
export default function Analysis() {
  const userInfo = useSession((s) => s.userInfo);
  const { has } = useAuth();
  const showDashboard = has(HR_DASHBOARD_PERM);
  // The three cards load in parallel; the socket refreshes the to-do card with the header badge.
  const todo = useQuery({ ...HOME_QUERIES.todo, retry: false, staleTime: 0, refetchOnMount });
  const apps = useQuery({ ...HOME_QUERIES.applications, retry: false, staleTime: 0, refetchOnMount });
  const notices = useQuery({ ...HOME_QUERIES.notices, retry: false, staleTime: 0, refetchOnMount });
  // after the queries subscribed: answers fetched at sign-in count for this first visit only
  useEffect(signInDataShown, []);

  return (
    <div data-testid="home-page" className="home-page">
      <div className="home-greeting">
        <Avatar size={56} src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined} icon={<UserOutlined />} alt="" />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-greeting">
            {greetingText(userInfo?.realname)}
          </Typography.Title>
          <Typography.Text type="secondary">
            {userInfo?.orgCodeTxt ? `${userInfo.orgCodeTxt} · ` : ''}
            {PLATFORM_NAME}
          </Typography.Text>
        </div>
      </div>
      <EmptyOrganisationNotice />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24}>
          <HomeStartCard />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <HomeCard title="我的待办" testId="home-todo" query={todo} extra={<Link to={TODO_PATH}>全部待办</Link>}>
            {(d) => (
              <>
                <Link to={TODO_PATH} aria-label={`我的待办 ${d.total} 项`}>
                  <Count n={d.total} label="项待办" testId="home-todo-count" />
                </Link>
                <List
                  size="small"
                  dataSource={d.rows}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" /> }}
                  renderItem={(task) => (
                    <List.Item data-testid="home-todo-item">
                      <List.Item.Meta
                        title={<Link to={TODO_PATH}>{task.title || task.processName}</Link>}
                        description={`${task.name} · ${task.applyer ?? ''} · ${task.createTime ?? ''}`}
                      />
                    </List.Item>
                  )}
                />
              </>
            )}
          </HomeCard>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <HomeCard title="我的申请（审批中）" testId="home-applications" query={apps} extra={<Link to={MY_APPLICATIONS_PATH}>全部申请</Link>}>
            {(d) => (
              <>
                <Count n={d.total} label="项审批中" testId="home-applications-count" />
                <List
                  size="small"
                  dataSource={d.rows}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审批中的申请" /> }}
                  renderItem={(a) => (
                    <List.Item data-testid="home-application-item">
                      <List.Item.Meta
                        title={<Link to={MY_APPLICATIONS_PATH}>{a.title || a.processName}</Link>}
                        description={`${a.statusText ?? (a.currTaskName ? `审批中：${a.currTaskName}` : '审批中')} · ${a.applyTime ?? a.createTime}`}
                      />
                    </List.Item>
                  )}
                />
              </>
            )}
          </HomeCard>
        </Col>
        <Col xs={24} md={24} xl={8}>
          <HomeCard title="最新通知" testId="home-notices" query={notices} extra={<Link to={NOTICE_PATH}>更多</Link>}>
            {(d) => (
              <List
                size="small"
                dataSource={d.records}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" /> }}
                renderItem={(n) => (
                  <List.Item data-testid="home-notice-item">
                    <List.Item.Meta
                      title={<Link to={NOTICE_PATH}>{n.noticeTitle}</Link>}
                      description={`${n.noticeType_dictText ?? ''}${n.noticeType_dictText ? ' · ' : ''}${n.createTime ?? ''}`}
                    />
                  </List.Item>
                )}
              />
            )}
          </HomeCard>
        </Col>
      </Row>
      {showDashboard && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} style={{ marginTop: 16 }} />}>
          <HrDashboard />
        </Suspense>
      )}
    </div>
  );
}
