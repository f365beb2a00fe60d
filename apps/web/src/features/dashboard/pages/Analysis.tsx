import { UserOutlined } from '@ant-design/icons';
import { PLATFORM_NAME } from '@go/contract';
import { Avatar, Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { staticUrl } from '../../../app/config';
import { menuHasPath, TODO_PATH } from '../../../app/layout/menu-items';
import { useTodoCount } from '../../../app/layout/useTodoCount';
import { useSession } from '../../../app/session/store';
import { greetingText } from '../greeting';

/** Home (/zhome): the greeting by hour with the user's real name, and shortcuts to the user's menus. */
export default function Analysis() {
  const userInfo = useSession((s) => s.userInfo);
  const menu = useSession((s) => s.menu);
  const shortcuts = menu
    .flatMap((m) => (m.children?.length ? m.children : [m]))
    .filter((m) => !m.hidden && m.path !== '/zhome' && m.route !== '0')
    .slice(0, 8);
  const hasTodo = menuHasPath(menu, TODO_PATH);
  const todoCount = useTodoCount(hasTodo, 'home');
  return (
    <div data-testid="home-page">
      <div className="home-greeting">
        <Avatar size={56} src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined} icon={<UserOutlined />} />
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
      {hasTodo && (
        <Card size="small" style={{ marginTop: 16 }} data-testid="home-todo">
          <Link to={TODO_PATH} aria-label={`我的待办 ${todoCount} 项`}>
            <Statistic title="我的待办" value={todoCount} suffix="项" valueStyle={{ color: todoCount > 0 ? '#cf1322' : undefined }} />
          </Link>
        </Card>
      )}
      <Card title="快捷入口" style={{ marginTop: 16 }} size="small">
        <Row gutter={[12, 12]}>
          {shortcuts.map((m) => (
            <Col key={m.path} xs={12} sm={8} md={6}>
              <Link to={m.path}>{m.meta?.title ?? m.name}</Link>
            </Col>
          ))}
          {shortcuts.length === 0 && <Col span={24}>暂无可用菜单</Col>}
        </Row>
      </Card>
    </div>
  );
}
