import { Modal, Space, Typography } from 'antd';

/** 配置地址: the menu URL and component an administrator enters to put a generated page in the menu. */
export function showMenuAddress(url: string, component: string): void {
  Modal.info({
    title: '菜单配置地址',
    content: (
      <Space direction="vertical">
        <Typography.Text copyable>{url}</Typography.Text>
        <Typography.Text type="secondary">菜单组件填写 {component}</Typography.Text>
      </Space>
    ),
  });
}
