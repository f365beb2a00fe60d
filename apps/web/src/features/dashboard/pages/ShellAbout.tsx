import { Card, Input, Typography } from 'antd';

/** 示例说明: a page without keep-alive (its input is cleared when you come back). */
export default function ShellAbout() {
  return (
    <Card title="示例说明" data-testid="shell-about">
      <Input placeholder="未开启缓存的输入框" style={{ maxWidth: 320 }} data-testid="about-input" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        本页未开启页面缓存，离开后再次进入会重新加载。
      </Typography.Paragraph>
    </Card>
  );
}
