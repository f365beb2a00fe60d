import { PAGE_SIZE_DEFAULT } from '@go/contract';
import { useSearchParams } from 'react-router';

/** List state in the URL (page, size and named filters), parsed leniently. */
export function useUrlList<K extends string>(filterKeys: readonly K[], defaultPageSize = PAGE_SIZE_DEFAULT) {
  const [sp, setSp] = useSearchParams();
  const pageNo = Math.max(1, Number(sp.get('pageNo')) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(sp.get('pageSize')) || defaultPageSize));
  const filters = Object.fromEntries(filterKeys.map((k) => [k, sp.get(k) ?? ''])) as Record<K, string>;
  const set = (next: { pageNo?: number; pageSize?: number; filters?: Partial<Record<K, string>> }) => {
    const p = new URLSearchParams();
    const f = { ...filters, ...(next.filters ?? {}) };
    for (const k of filterKeys) if (f[k]) p.set(k, f[k]);
    p.set('pageNo', String(next.pageNo ?? pageNo));
    p.set('pageSize', String(next.pageSize ?? pageSize));
    setSp(p);
  };
  const reset = () => setSp(new URLSearchParams());
  return { pageNo, pageSize, filters, set, reset };
}
