import { Alert, Result, Spin } from 'antd';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useSession } from '../session/store';
import { chunkErrorCode, chunkErrorText, reloadOnceForChunkError } from '../router/chunk-errors';
import { fillIframeUrl, IFRAME_COMPONENT, type PageRoute } from '../router/menu-routes';
import { normalizeComponent, resolvePage } from '../router/pages';

export class PageErrorBoundary extends Component<{ children: ReactNode; name: string }, { error: Error | null; reloading: boolean }> {
  override state = { error: null as Error | null, reloading: false };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  // a page whose code did not arrive (script, CSS, missing module) reloads once, then shows the message
  override componentDidCatch(error: Error) {
    if (reloadOnceForChunkError(error)) this.setState({ reloading: true });
  }
  override render() {
    if (this.state.reloading) return <PageLoading />;
    if (this.state.error) {
      const code = chunkErrorCode(this.state.error);
      return (
        <Result
          status="500"
          title={code ?? '页面出错了'}
          subTitle={code ? chunkErrorText(code, this.props.name) : this.state.error.message}
        />
      );
    }
    return this.props.children;
  }
}

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** Shown when a menu's component string matches no page: a clear in-page message, never a blank screen. */
export function UnknownComponent({ component, title }: { component: string; title: string }) {
  return (
    <Result
      status="warning"
      title="页面组件不存在"
      subTitle={
        <span data-testid="unknown-component">
          菜单「{title}」配置的组件 <code>{component || '(空)'}</code> 未找到，请检查菜单管理中的组件路径。
        </span>
      }
    />
  );
}

export function IframePage({ route }: { route: PageRoute }) {
  const token = useSession((s) => s.token);
  const tenantId = useSession((s) => s.tenantId);
  if (!route.url) return <Alert type="warning" message="未配置外部链接地址" />;
  const src = fillIframeUrl(route.url, token, tenantId);
  return (
    <iframe
      title={route.title}
      src={src}
      style={{ width: '100%', height: 'calc(100vh - 160px)', border: 0, background: '#fff' }}
    />
  );
}

/** Opens an external link in a new window (internalOrExternal) and shows a note in place. */
function ExternalPage({ route }: { route: PageRoute }) {
  const token = useSession((s) => s.token);
  const tenantId = useSession((s) => s.tenantId);
  const src = route.url ? fillIframeUrl(route.url, token, tenantId) : '';
  useEffect(() => {
    if (src) window.open(src, '_blank', 'noopener');
  }, [src]);
  return <Result status="info" title={route.title} subTitle={<a href={src} target="_blank" rel="noreferrer">已在新窗口打开：{src}</a>} />;
}

/** Renders the page of one menu route: lazily loaded page, iframe, external link or the unknown message. */
export function RoutePage({ route }: { route: PageRoute }) {
  const comp = normalizeComponent(route.component);
  if (IFRAME_COMPONENT.test(comp) || (!comp && route.url)) {
    return route.internalOrExternal ? <ExternalPage route={route} /> : <IframePage route={route} />;
  }
  if (!comp) return <Result status="info" title={route.title} subTitle="请从左侧菜单选择子页面" />;
  const Page = resolvePage(comp);
  if (!Page) return <UnknownComponent component={comp} title={route.title} />;
  return (
    <PageErrorBoundary name={comp}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
