import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type Preloadable<P extends object = object> = ComponentType<P> & { preload(): Promise<ComponentType<P>> };

/**
 * Like React.lazy, but a component whose code has already arrived (fetched ahead with `preload`)
 * renders at once instead of suspending: no fallback flashes and React's fallback throttling does not
 * hold the page back. An instance keeps the way it first rendered, so it never remounts.
 */
export function preloadable<P extends object = object>(loader: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= loader().then(
      (m) => (loaded = m.default),
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  function Preloaded(props: P) {
    const [Ready] = useState(() => loaded);
    const C = (Ready ?? Lazy) as ComponentType<P>;
    return <C {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}

/** Starts fetching every preloadable component among `components` (others are left alone). */
export function preloadComponents(components: Record<string, unknown>): void {
  for (const c of Object.values(components)) {
    const p = (c as Partial<Preloadable>)?.preload;
    if (typeof p === 'function') void p().catch(() => undefined);
  }
}
