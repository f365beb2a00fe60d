import { Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { takePermissionLoad } from '../auth/prefetch';
import { loadPermissions, logout } from '../session/actions';
import { getSession, useSession } from '../session/store';

export const LOGIN_PATH = '/user/login';

export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * The route guard (docs/widgets.md, "The shell"): no token → login with a redirect query; a token without loaded permissions →
 * load them (routes follow from the menu), then go to the redirect query or stay on the requested path;
 * a failed load logs out and goes to login with the redirect.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const loaded = useSession((s) => s.permissionsLoaded);
  const location = useLocation();
  const navigate = useNavigate();
  const fullPath = location.pathname + location.search;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // the store, not this render's value: a load that ended between this render and its effect is not repeated
    if (!token || getSession().permissionsLoaded) return;
    let cancelled = false;
    // the sign-in page starts the load as soon as the token arrives; wait on that one if it did
    (takePermissionLoad(token) ?? loadPermissions())
      .then(() => {
        if (cancelled) return;
        const redirect = new URLSearchParams(location.search).get('redirect');
        if (redirect && redirect.startsWith('/')) navigate(redirect, { replace: true });
      })
      .catch(async () => {
        if (cancelled) return;
        await logout();
        setFailed(true);
      });
    return () => {
      cancelled = true;
    };
    // Loads once per token; the location at that moment is the requested one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, loaded]);

  if (!token || failed) return <Navigate to={loginRedirect(fullPath)} replace />;
  if (!loaded) {
    return (
      <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="permission-loading">
        <Spin size="large" />
      </div>
    );
  }
  return <>{children}</>;
}
