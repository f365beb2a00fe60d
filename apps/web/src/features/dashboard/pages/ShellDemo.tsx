import { Auth } from '../../../app/auth';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';

/**
 * 示例列表: a kept-alive page with a search box and permission-guarded buttons (demo menu of the seed),
 * used to show keep-alive and button permissions at work.
 */
export default function ShellDemo() {
  const [text, setText] = useState('');
  return (
    <Card title="示例列表" data-testid="shell-demo">
      <Space wrap>
        <Input.Search
          placeholder="请输入名称查询"
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ width: 240 }}
          data-testid="demo-search"
        />
        <Auth code="demo:add">
          <Button type="primary" data-testid="demo-add">
            新增
          </Button>
        </Auth>
        <Auth code="demo:export">
          <Button data-testid="demo-export">导出</Button>
        </Auth>
        <Auth code="demo:salary" mode="disable">
          <Button data-testid="demo-salary">查看薪资</Button>
        </Auth>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        本页开启了页面缓存：切换到其他页签再回来，输入的查询内容仍然保留。
      </Typography.Paragraph>
    </Card>
  );
}
