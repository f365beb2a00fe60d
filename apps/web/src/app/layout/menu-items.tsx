import type { MenuNode } from '@go/contract';
import { Badge, type MenuProps } from 'antd';
import { menuIcon } from './icons';

export const TODO_PATH = '/activiti/todoManage';

type Item = Required<MenuProps>['items'][number];

/** How the to-do count is drawn: on the to-do item, and on its group while the group is closed. */
export interface MenuBadgeState {
  todoCount: number;
  /** submenus currently open (inline menu) */
  openKeys?: string[];
  /** the side menu shows icons only */
  collapsed?: boolean;
}

function hasTodo(n: MenuNode): boolean {
  return n.path === TODO_PATH || (n.children ?? []).some((c) => c && hasTodo(c));
}

/** Antd menu items from the server menu: hidden entries skipped, `alwaysShow` drawn as one leaf. */
export function toMenuItems(nodes: MenuNode[], badge: number | MenuBadgeState, depth = 0): Item[] {
  const state: MenuBadgeState = typeof badge === 'number' ? { todoCount: badge } : badge;
  const { todoCount } = state;
  const out: Item[] = [];
  for (const n of nodes ?? []) {
    if (!n || n.hidden || n.meta?.hideMenu) continue;
    const title = n.meta?.title ?? n.name;
    const kids = (n.children ?? []).filter((c) => c && !c.hidden && !c.meta?.hideMenu);
    let icon = depth === 0 || n.meta?.icon ? menuIcon(n.meta?.icon) : undefined;
    if (kids.length && !n.alwaysShow) {
      // A closed group (or the icon-only menu) still tells that tasks are waiting inside it.
      const closed = state.collapsed || !(state.openKeys ?? []).includes(n.path);
      const showGroupBadge = todoCount > 0 && closed && hasTodo(n);
      if (showGroupBadge && state.collapsed && icon) {
        icon = (
          <Badge count={todoCount} size="small" overflowCount={199} offset={[4, -2]} data-testid="todo-group-badge">
            {icon}
          </Badge>
        );
      }
      const label =
        showGroupBadge && !state.collapsed ? (
          <span>
            {title}{' '}
            <Badge count={todoCount} size="small" overflowCount={199} data-testid="todo-group-badge" style={{ marginLeft: 4 }} />
          </span>
        ) : (
          title
        );
      out.push({ key: n.path, icon, label, children: toMenuItems(kids, state, depth + 1) });
    } else {
      const label =
        n.path === TODO_PATH && todoCount > 0 ? (
          <span>
            {title}{' '}
            <Badge count={todoCount} size="small" overflowCount={199} data-testid="todo-badge" style={{ marginLeft: 4 }} />
          </span>
        ) : (
          title
        );
      out.push({ key: n.path, icon, label });
    }
  }
  return out;
}

/** Keys of the submenus leading to a path (to open them). */
export function openKeysFor(nodes: MenuNode[], path: string): string[] {
  const walk = (list: MenuNode[], trail: string[]): string[] | null => {
    for (const n of list ?? []) {
      if (n.path === path) return trail;
      if (n.children?.length) {
        const r = walk(n.children, [...trail, n.path]);
        if (r) return r;
      }
    }
    return null;
  };
  return walk(nodes, []) ?? [];
}

export function menuHasPath(nodes: MenuNode[], path: string): boolean {
  return nodes.some((n) => n.path === path || (n.children ? menuHasPath(n.children, path) : false));
}
