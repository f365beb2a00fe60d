import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import AntdRoot from './AntdRoot';
import { PageLoading, RoutePage } from './layout/RoutePage';
import { ShellSlotsProvider, type ShellSlots } from './layout/slots';
import { RequireAuth } from './router/RequireAuth';
import { MainLayout } from './router/signed-in';
import { STATIC_PUBLIC_ROUTES } from './router/static-routes';

const Exception = lazy(() => import('./pages/Exception'));

/** The pages built on the design system: public pages, exceptions and, behind the route guard, the main layout. */
export default function Shell({ slots }: { slots?: ShellSlots }) {
  const routes = (
    <Suspense fallback={<PageLoading />}>
      <Routes>
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
        <Route path="/403" element={<Exception type={403} />} />
        <Route path="/404" element={<Exception type={404} />} />
        <Route path="/500" element={<Exception type={500} />} />
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
  return <AntdRoot>{slots ? <ShellSlotsProvider value={slots}>{routes}</ShellSlotsProvider> : routes}</AntdRoot>;
}
