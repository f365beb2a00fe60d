import { useMemo } from 'react';
import { Navigate, useRoutes, type Location, type RouteObject } from 'react-router';
import type { PageRoute } from '../router/menu-routes';
import { resolveTabId, useTabs } from '../tabs/store';
import { RoutePage } from './RoutePage';

function PageHost({ routes, location }: { routes: RouteObject[]; location: Location }) {
  return useRoutes(routes, location);
}

/**
 * The content area. Kept-alive pages (meta keepAlive + componentName) stay mounted while their tab is
 * open and are only hidden when another tab is active, so their state survives tab switches; each sees
 * its own last location. Other pages mount only while active. 刷新 remounts through the key.
 */
export function ContentHost({
  pageRoutes,
  location,
  currentKeepAlive,
  savedLocations,
}: {
  pageRoutes: PageRoute[];
  location: Location;
  currentKeepAlive: boolean;
  savedLocations: Map<string, Location>;
}) {
  const tabs = useTabs((s) => s.tabs);
  const activeId = useTabs((s) => s.activeId);
  const refreshKeys = useTabs((s) => s.refreshKeys);
  const routes = useMemo<RouteObject[]>(
    () => [
      ...pageRoutes.map((r) => ({ path: r.path, element: <RoutePage route={r} /> })),
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
    [pageRoutes],
  );
  const currentId = resolveTabId(tabs, activeId, location.pathname, location.pathname + location.search);
  const hosts: { id: string; loc: Location }[] = [];
  for (const t of tabs) {
    if (t.id === currentId) continue;
    const saved = savedLocations.get(t.id);
    if (t.keepAlive && saved) hosts.push({ id: t.id, loc: saved });
  }
  hosts.push({ id: currentId, loc: location });
  return (
    <>
      {hosts.map(({ id, loc }) => {
        const isCurrent = id === currentId;
        if (isCurrent && !currentKeepAlive) {
          return (
            <div key={`live:${id}:${refreshKeys[id] ?? 0}`} className="page-live">
              <PageHost routes={routes} location={loc} />
            </div>
          );
        }
        return (
          <div key={`keep:${id}:${refreshKeys[id] ?? 0}`} className="page-keep" style={isCurrent ? undefined : { display: 'none' }}>
            <PageHost routes={routes} location={loc} />
          </div>
        );
      })}
    </>
  );
}
