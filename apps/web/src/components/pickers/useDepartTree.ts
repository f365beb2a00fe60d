import { useQuery } from '@tanstack/react-query';
import { getAction } from '../list/http';

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
      return res.success ? normalise(res.result) : [];
    },
  });
  return { nodes: q.data ?? [], loading: q.isLoading };
}
