import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getAction } from '../../app/http/client';

/** A department tree node as the pickers use it. */
export interface DepartNode {
  key: string;
  id: string;
  title: string;
  orgCode: string;
  orgCategory?: string;
  parentId?: string;
  children?: DepartNode[];
  isLeaf?: boolean;
  /**
   * The name to show outside the tree: `公司 / 部门` when departments of several companies share the
   * name (e.g. 综合管理部), else the name itself.
   */
  label?: string;
  /** Other department fields as the server sends them (departName, mobile, address, ...). */
  [field: string]: unknown;
}

function normalise(raw: unknown): DepartNode[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((n: Record<string, unknown>) => {
    const children = normalise(n.children);
    const id = String(n.id ?? n.key ?? n.value);
    return {
      ...n,
      key: id,
      id,
      title: String(n.departName ?? n.title ?? ''),
      orgCode: String(n.orgCode ?? ''),
      orgCategory: n.orgCategory === undefined || n.orgCategory === null ? undefined : String(n.orgCategory),
      parentId: n.parentId ? String(n.parentId) : undefined,
      children: children.length ? children : undefined,
      isLeaf: children.length === 0,
    };
  });
}

/**
 * Sets `label` on every node: a department whose name is also used in another company reads
 * `公司 / 部门` (its nearest company ancestor, org category 1); other nodes keep their name.
 */
export function withCompanyLabels(nodes: DepartNode[]): DepartNode[] {
  const companyOf = new Map<DepartNode, DepartNode | null>();
  const walk = (ns: DepartNode[], company: DepartNode | null) => {
    for (const n of ns) {
      companyOf.set(n, company);
      walk(n.children ?? [], n.orgCategory === '1' ? n : company);
    }
  };
  walk(nodes, null);
  const companiesByName = new Map<string, Set<DepartNode | null>>();
  for (const [n, c] of companyOf) {
    if (n.orgCategory === '1') continue;
    const set = companiesByName.get(n.title) ?? new Set();
    set.add(c);
    companiesByName.set(n.title, set);
  }
  const label = (ns: DepartNode[]): DepartNode[] =>
    ns.map((n) => {
      const company = companyOf.get(n);
      const shared = n.orgCategory !== '1' && (companiesByName.get(n.title)?.size ?? 0) > 1;
      return {
        ...n,
        label: shared && company ? `${company.title} / ${n.title}` : n.title,
        children: n.children ? label(n.children) : undefined,
      };
    });
  return label(nodes);
}

/** Keeps the subtrees whose org code starts with `prefix` (a company code such as A03). */
export function filterTree(nodes: DepartNode[], prefix: string): DepartNode[] {
  const out: DepartNode[] = [];
  for (const n of nodes) {
    if (n.orgCode.startsWith(prefix)) out.push(n);
    else if (prefix.startsWith(n.orgCode) && n.children) out.push(...filterTree(n.children, prefix));
  }
  return out;
}

/** Flattens a tree (depth first). */
export function flatten(nodes: DepartNode[]): DepartNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** The whole department tree (`/sys/sysDepart/queryTreeList`), cached per session. */
export function useDepartTree(): { nodes: DepartNode[]; loading: boolean } {
  const q = useQuery({
    queryKey: ['departTree'],
    staleTime: 60_000,
    queryFn: async () => {
      const res = await getAction('/sys/sysDepart/queryTreeList');
      return res.success ? withCompanyLabels(normalise(res.result)) : [];
    },
  });
  return { nodes: q.data ?? [], loading: q.isLoading };
}

/**
 * The display name of a department by id or org code (`公司 / 部门` where several companies share the
 * name); `fallback` until the tree is loaded or when the department is unknown.
 */
export function useDepartLabel(): (key: string | null | undefined, fallback?: string) => string {
  const { nodes } = useDepartTree();
  const index = useMemo(() => {
    const m = new Map<string, string>();
    for (const n of flatten(nodes)) {
      m.set(n.id, n.label ?? n.title);
      if (n.orgCode) m.set(n.orgCode, n.label ?? n.title);
    }
    return m;
  }, [nodes]);
  return (key, fallback = '') =>
    key
      ? key
          .split(',')
          .filter(Boolean)
          .map((k) => index.get(k) ?? '')
          .filter(Boolean)
          .join(',') || fallback
      : fallback;
}
