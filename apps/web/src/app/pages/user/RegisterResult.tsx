import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';

export default function RegisterResult() {
  const state = useLocation().state as { username?: string } | null;
  return (
    <div className="login-box" style={{ width: 'min(560px, 100%)' }} data-testid="register-result-page">
      <Result
        status="success"
        title={`你的账户：${state?.username ?? ''} 注册成功`}
        subTitle="请使用新账户登录系统。"
        extra={
          <Link to="/user/login">
            <Button type="primary">使用新账户登录</Button>
          </Link>
        }
      />
    </div>
  );
}
