import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import type { ShellSlots } from './layout/slots';
import UserLayout from './pages/user/UserLayout';
import { ShellChunk } from './router/shell-chunk';

/*
 * The entry holds only the router and the sign-in page's frame. The sign-in page is built from light
 * components of its own; everything on the design system (antd), the page map and the main layout load
 * lazily in ./Shell, which the sign-in page prefetches while the user types.
 */
const Login = lazy(() => import('./pages/user/Login'));
const AntdRoot = lazy(() => import('./AntdRoot'));
const Register = lazy(() => import('./pages/user/Register'));
const RegisterResult = lazy(() => import('./pages/user/RegisterResult'));
const Alteration = lazy(() => import('./pages/user/Alteration'));
// The phone pages (antd-mobile) load only under /h5, so the desktop bundles do not grow.
const H5App = lazy(() => import('./H5Root'));

/** A sign-in side page on the design system (register, its result, password recovery). */
function WithAntd({ children }: { children: ReactNode }) {
  return <AntdRoot>{children}</AntdRoot>;
}

export function AppRoutes({ slots }: { slots?: ShellSlots }) {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/user" element={<UserLayout />}>
          <Route index element={<Navigate to="/user/login" replace />} />
          <Route path="login" element={<Login />} />
          <Route path="register" element={<WithAntd><Register /></WithAntd>} />
          <Route path="register-result" element={<WithAntd><RegisterResult /></WithAntd>} />
          <Route path="alteration" element={<WithAntd><Alteration /></WithAntd>} />
        </Route>
        <Route path="/h5/*" element={<H5App />} />
        <Route path="/" element={<Navigate to="/zhome" replace />} />
        <Route path="*" element={<ShellChunk slots={slots} />} />
      </Routes>
    </Suspense>
  );
}

/** The application; `slots` are the feature parts the shell shows (src/shell-slots.tsx). */
export function App({ slots }: { slots?: ShellSlots }) {
  return (
    <BrowserRouter>
      <AppRoutes slots={slots} />
    </BrowserRouter>
  );
}
