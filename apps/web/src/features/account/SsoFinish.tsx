import { SSO_TEXTS } from '@go/contract';
import { Alert, Button, Radio, Result, Space, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { acceptLogin, type SsoLoginResult } from '../../app/auth/sso';

/** The page frame of the single sign-on landing pages (callback, messenger app). */
export function SsoShell({ children }: { children: ReactNode }) {
  return (
    <main
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5', padding: 16 }}
      data-testid="sso-page"
    >
      <div style={{ background: '#fff', borderRadius: 8, padding: '32px 24px', width: '100%', maxWidth: 420, textAlign: 'center' }}>{children}</div>
    </main>
  );
}

export function SsoWorking({ text = SSO_TEXTS.signingIn }: { text?: string }) {
  return (
    <Space direction="vertical" size="large" role="status" aria-live="polite" data-testid="sso-working">
      <Spin size="large" />
      <span>{text}</span>
    </Space>
  );
}

export function SsoError({ message, title = SSO_TEXTS.failed, back = true }: { message: string; title?: string; back?: boolean }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={<span data-testid="sso-error">{message}</span>}
      extra={
        back ? (
          <Link to="/user/login" data-testid="sso-back">
            {SSO_TEXTS.backToLogin}
          </Link>
        ) : null
      }
    />
  );
}

/** With several tenants the person picks one first, as on the login page. */
export function TenantChoice({ result, onDone }: { result: SsoLoginResult; onDone: () => void }) {
  const tenants = result.tenantList ?? [];
  const [tenant, setTenant] = useState<number>(tenants[0]?.id);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', textAlign: 'left' }}>
      <Alert type="info" showIcon message="请选择登录租户" />
      <Radio.Group
        value={tenant}
        onChange={(e) => setTenant(e.target.value as number)}
        options={tenants.map((t) => ({ value: t.id, label: t.name }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        aria-label="登录租户"
      />
      <Button
        type="primary"
        block
        onClick={() => {
          acceptLogin(result, tenant);
          onDone();
        }}
        data-testid="sso-tenant-ok"
      >
        确认
      </Button>
    </Space>
  );
}
