import { ERROR_TEXTS, HOME_PATH } from '@go/contract';
import { create } from 'zustand';
import { ss, STORAGE_KEYS } from '../session/storage';

/** One open page (docs/widgets.md, "The shell": page tab): keyed by full path; `id` stays when only its search changes. */
export interface PageTab {
  id: string;
  pathname: string;
  fullPath: string;
  title: string;
  keepAlive: boolean;
}

interface TabsState {
  tabs: PageTab[];
  activeId: string;
  /** Bumped by 刷新 to remount a page. */
  refreshKeys: Record<string, number>;
  /** Route change: activate the tab of this full path, update the current tab in place when only the
   * search changed, or add a tab. With multipage off only the current page (and home) is kept. */
  visit(loc: { pathname: string; fullPath: string; title: string; keepAlive: boolean }, multipage: boolean): void;
  /** Returns a warning text when the tab cannot be closed, else the full path to show next (or null). */
  close(id: string): { warning?: string; next?: string };
  closeLeft(id: string): string | undefined;
  closeRight(id: string): string | undefined;
  closeOthers(id: string): string | undefined;
  refresh(id: string): void;
  setTitle(id: string, title: string): void;
  reset(): void;
}

/**
 * The tab a location belongs to: the tab with this full path; home for the home path; the current tab
 * when only the search changed; else a new tab whose id is the full path. Pure, so the content area can
 * key a page by the same id before the tab list is updated.
 */
export function resolveTabId(tabs: PageTab[], activeId: string, pathname: string, fullPath: string): string {
  const exact = tabs.find((t) => t.fullPath === fullPath);
  if (exact) return exact.id;
  if (pathname === HOME_PATH) return 'home';
  const cur = tabs.find((t) => t.id === activeId);
  if (cur && cur.id !== 'home' && cur.pathname === pathname) return cur.id;
  return fullPath;
}

const homeTab = (): PageTab => ({ id: 'home', pathname: HOME_PATH, fullPath: HOME_PATH, title: '首页', keepAlive: false });

function load(): PageTab[] {
  const saved = ss.get<PageTab[]>(STORAGE_KEYS.tabs, []);
  const list = Array.isArray(saved) ? saved.filter((t) => t && t.id && t.fullPath) : [];
  if (!list.some((t) => t.id === 'home')) list.unshift(homeTab());
  return list;
}

function persist(tabs: PageTab[]) {
  ss.set(STORAGE_KEYS.tabs, tabs);
}

export const useTabs = create<TabsState>((set, get) => ({
  tabs: load(),
  activeId: '',
  refreshKeys: {},

  visit(loc, multipage) {
    const { tabs, activeId } = get();
    const id = resolveTabId(tabs, activeId, loc.pathname, loc.fullPath);
    let list = [...tabs];
    const existing = list.find((t) => t.id === id);
    if (existing) {
      if (existing.fullPath !== loc.fullPath) list = list.map((t) => (t.id === id ? { ...t, fullPath: loc.fullPath } : t));
    } else {
      list.push({ id, pathname: loc.pathname, fullPath: loc.fullPath, title: loc.title, keepAlive: loc.keepAlive });
    }
    if (!multipage) list = list.filter((t) => t.id === 'home' || t.id === id);
    persist(list);
    set({ tabs: list, activeId: id });
  },

  close(id) {
    const { tabs, activeId } = get();
    if (id === 'home') return { warning: ERROR_TEXTS.homeTab };
    if (tabs.length <= 1) return { warning: ERROR_TEXTS.lastTab };
    const idx = tabs.findIndex((t) => t.id === id);
    if (idx < 0) return {};
    const list = tabs.filter((t) => t.id !== id);
    persist(list);
    set({ tabs: list });
    if (id !== activeId) return {};
    const next = list[Math.min(idx, list.length - 1)];
    return { next: next.fullPath };
  },
  closeLeft(id) {
    const { tabs, activeId } = get();
    const idx = tabs.findIndex((t) => t.id === id);
    const list = tabs.filter((t, i) => t.id === 'home' || i >= idx);
    persist(list);
    set({ tabs: list });
    return list.some((t) => t.id === activeId) ? undefined : tabs[idx].fullPath;
  },
  closeRight(id) {
    const { tabs, activeId } = get();
    const idx = tabs.findIndex((t) => t.id === id);
    const list = tabs.filter((t, i) => t.id === 'home' || i <= idx);
    persist(list);
    set({ tabs: list });
    return list.some((t) => t.id === activeId) ? undefined : tabs[idx].fullPath;
  },
  closeOthers(id) {
    const { tabs, activeId } = get();
    const list = tabs.filter((t) => t.id === 'home' || t.id === id);
    persist(list);
    set({ tabs: list });
    return activeId === id ? undefined : list.find((t) => t.id === id)?.fullPath;
  },
  refresh(id) {
    const { refreshKeys } = get();
    set({ refreshKeys: { ...refreshKeys, [id]: (refreshKeys[id] ?? 0) + 1 } });
  },
  setTitle(id, title) {
    const list = get().tabs.map((t) => (t.id === id ? { ...t, title } : t));
    persist(list);
    set({ tabs: list });
  },
  reset() {
    const list = [homeTab()];
    persist(list);
    set({ tabs: list, activeId: '', refreshKeys: {} });
  },
}));
