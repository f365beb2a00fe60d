import type { MenuNode } from '@go/contract';
import { Badge, type MenuProps } from 'antd';
import { menuIcon } from './icons';

export const TODO_PATH = '/activiti/todoManage';

type Item = Required<MenuProps>['items'][number];

/** Antd menu items from the server menu: hidden entries skipped, `alwaysShow` drawn as one leaf. */
export function toMenuItems(nodes: MenuNode[], todoCount: number, depth = 0): Item[] {
  const out: Item[] = [];
  for (const n of nodes ?? []) {
    if (!n || n.hidden || n.meta?.hideMenu) continue;
    const title = n.meta?.title ?? n.name;
    const kids = (n.children ?? []).filter((c) => c && !c.hidden && !c.meta?.hideMenu);
    const icon = depth === 0 || n.meta?.icon ? menuIcon(n.meta?.icon) : undefined;
    if (kids.length && !n.alwaysShow) {
      out.push({ key: n.path, icon, label: title, children: toMenuItems(kids, todoCount, depth + 1) });
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
