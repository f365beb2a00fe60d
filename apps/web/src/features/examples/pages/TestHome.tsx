import { HOME_PATH, PLATFORM_NAME } from '@go/contract';
import { Card, Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../app/session/store';

/** /test/home (docs/widgets.md, "The shell": static routes): a test page inside the main layout for a signed-in user. */
export default function TestHome() {
  const userInfo = useSession((s) => s.userInfo);
  return (
    <Card title="测试页" data-testid="test-home">
      <Typography.Paragraph>{PLATFORM_NAME}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'user', label: '当前用户', children: userInfo ? `${userInfo.realname || userInfo.username}（${userInfo.username}）` : '' },
          { key: 'org', label: '机构编码', children: userInfo?.orgCode ?? '' },
          { key: 'mode', label: '运行模式', children: import.meta.env.MODE },
        ]}
      />
      <Link to={HOME_PATH}>返回首页</Link>
    </Card>
  );
}
