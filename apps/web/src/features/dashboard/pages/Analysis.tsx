import { UserOutlined } from '@ant-design/icons';
import { PLATFORM_NAME } from '@go/contract';
import { Avatar, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { staticUrl } from '../../../app/config';
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
