import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { registerFeedback } from './feedback';
import { PageLoading, RoutePage } from './layout/RoutePage';
import { RequireAuth } from './router/RequireAuth';
import { STATIC_PUBLIC_ROUTES } from './router/static-routes';
import { useSettings } from './settings/store';
import { readableShade } from './layout/contrast';
import { ShellSlotsProvider, type ShellSlots } from './layout/slots';

dayjs.locale('zh-cn');

const UserLayout = lazy(() => import('./pages/user/UserLayout'));
const Login = lazy(() => import('./pages/user/Login'));
const Register = lazy(() => import('./pages/user/Register'));
const RegisterResult = lazy(() => import('./pages/user/RegisterResult'));
const Alteration = lazy(() => import('./pages/user/Alteration'));
const Exception = lazy(() => import('./pages/Exception'));
const MainLayout = lazy(() => import('./layout/BasicLayout').then((m) => ({ default: m.BasicLayout })));
// The phone pages (antd-mobile) load only under /h5, so the desktop bundles do not grow.
const H5App = lazy(() => import('../h5/H5App'));

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

function FeedbackRegistrar() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => registerFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/user" element={<UserLayout />}>
          <Route index element={<Navigate to="/user/login" replace />} />
          <Route path="login" element={<Login />} />
          <Route path="register" element={<Register />} />
          <Route path="register-result" element={<RegisterResult />} />
          <Route path="alteration" element={<Alteration />} />
        </Route>
        {STATIC_PUBLIC_ROUTES.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={
              <RoutePage
                route={{ ...r, name: r.path, keepAlive: false, componentName: '', internalOrExternal: false, hidden: true, parents: [] }}
              />
            }
          />
        ))}
        <Route path="/h5/*" element={<H5App />} />
        <Route path="/403" element={<Exception type={403} />} />
        <Route path="/404" element={<Exception type={404} />} />
        <Route path="/500" element={<Exception type={500} />} />
        <Route path="/" element={<Navigate to="/zhome" replace />} />
        <Route
          path="*"
          element={
            <RequireAuth>
              <MainLayout />
            </RequireAuth>
          }
        />
      </Routes>
    </Suspense>
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeMotion(cb: () => void) {
  const mq = window.matchMedia(REDUCED_MOTION);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/**
 * Theme tokens that keep text at WCAG AA (4.5:1): the chosen primary colour as its nearest shade that
 * reads on the page grey (links, primary buttons, selected menu items), and secondary text darker than
 * antd's 45 % black.
 */
function readableTokens(primary: string, motion: boolean) {
  const accent = readableShade(primary, '#f0f2f5');
  return {
    colorPrimary: accent,
    colorInfo: accent,
    colorLink: accent,
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // danger buttons and error texts (#ff4d4f reads 3.3:1 on white)
    colorError: '#cf1322',
    borderRadius: 4,
    motion,
  };
}

/** The application; `slots` are the feature parts the shell shows (src/shell-slots.tsx). */
export function App({ slots }: { slots?: ShellSlots }) {
  const primary = useSettings((s) => s.primaryColor);
  // Users who ask their system for reduced motion get no antd animations.
  const reducedMotion = useSyncExternalStore(subscribeMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
  const routes = (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: readableTokens(primary, !reducedMotion), algorithm: antTheme.defaultAlgorithm }}
    >
      <AntApp>
        <FeedbackRegistrar />
        <QueryClientProvider client={queryClient}>
          {slots ? <ShellSlotsProvider value={slots}>{routes}</ShellSlotsProvider> : routes}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
