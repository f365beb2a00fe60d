import { ConfigProvider, DotLoading, unstableSetRender } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { lazy, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from '../app/session/store';
import './h5.css';

const H5Login = lazy(() => import('./pages/H5Login'));
const H5Home = lazy(() => import('./pages/H5Home'));
const H5Todo = lazy(() => import('./pages/H5Todo'));
const H5Task = lazy(() => import('./pages/H5Task'));
const H5Apply = lazy(() => import('./pages/H5Apply'));
const H5MyApps = lazy(() => import('./pages/H5MyApps'));
const H5Notices = lazy(() => import('./pages/H5Notices'));
const H5NoticeDetail = lazy(() => import('./pages/H5NoticeDetail'));
const H5Weekly = lazy(() => import('./pages/H5Weekly'));
const H5HrFile = lazy(() => import('./pages/H5HrFile'));

export const H5_LOGIN = '/h5/login';

// antd-mobile's imperative Toast / Dialog render through ReactDOM.render, which React 19 no longer has:
// give them React 19 roots (the documented antd-mobile switch).
unstableSetRender((node, container) => {
  const el = container as (Element | DocumentFragment) & { _h5Root?: Root };
  el._h5Root ??= createRoot(el);
  const root = el._h5Root;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete el._h5Root;
  };
});

function Loading() {
  return (
    <div className="h5-loading" data-testid="h5-loading">
      <DotLoading color="primary" />
    </div>
  );
}

/** The h5 route guard: the shell's session token, else the h5 login with the requested path. */
function RequireToken({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${H5_LOGIN}?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

const guarded = (node: ReactNode) => <RequireToken>{node}</RequireToken>;

/** The phone-first app under /h5/* (antd-mobile), sharing the shell's session, HTTP client and contract. */
export default function H5App() {
  return (
    <ConfigProvider locale={zhCN}>
      <div className="h5-root">
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="login" element={<H5Login />} />
            <Route index element={guarded(<H5Home />)} />
            <Route path="todo" element={guarded(<H5Todo />)} />
            <Route path="todo/:taskId" element={guarded(<H5Task />)} />
            <Route path="apply" element={guarded(<H5Apply />)} />
            <Route path="apps" element={guarded(<H5MyApps />)} />
            <Route path="notices" element={guarded(<H5Notices />)} />
            <Route path="notices/:id" element={guarded(<H5NoticeDetail />)} />
            <Route path="weekly" element={guarded(<H5Weekly />)} />
            <Route path="me" element={guarded(<H5HrFile />)} />
            <Route path="*" element={<Navigate to="/h5" replace />} />
          </Routes>
        </Suspense>
      </div>
    </ConfigProvider>
  );
}
