import { useCallback, useRef, useState } from 'react';

/**
 * Rows of a paged list for pull-to-refresh and infinite scroll: `loadMore` appends the next page,
 * `refresh` starts over from page 1. The fetcher answers one page's rows and the total.
 */
export function usePagedList<T>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ rows: T[]; total: number }>,
  pageSize = 10,
) {
  const [rows, setRows] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [total, setTotal] = useState<number | null>(null);
  const page = useRef(0);
  const generation = useRef(0);

  const loadMore = useCallback(async () => {
    const gen = generation.current;
    const next = page.current + 1;
    try {
      const { rows: got, total: t } = await fetchPage(next, pageSize);
      if (gen !== generation.current) return;
      page.current = next;
      setTotal(t);
      setRows((prev) => {
        const all = next === 1 ? got : [...prev, ...got];
        setHasMore(got.length === pageSize && all.length < t);
        return all;
      });
    } catch (e) {
      setHasMore(false);
      throw e;
    }
  }, [fetchPage, pageSize]);

  const refresh = useCallback(async () => {
    generation.current += 1;
    page.current = 0;
    setHasMore(true);
    await loadMore();
  }, [loadMore]);

  return { rows, hasMore, total, loadMore, refresh };
}
