import { HOME_PATH, PLATFORM_NAME } from '@go/contract';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

const TEXT = {
  403: '抱歉，你无权访问该页面',
  404: '抱歉，你访问的页面不存在或仍在开发中',
  500: '抱歉，服务器出错了',
} as const;

/** 403 / 404 / 500 exception pages. */
export default function Exception({ type }: { type: 403 | 404 | 500 }) {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${PLATFORM_NAME} · ${type}`;
  }, [type]);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }} data-testid={`exception-${type}`}>
      <Result
        status={String(type) as '403' | '404' | '500'}
        title={type}
        subTitle={TEXT[type]}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
