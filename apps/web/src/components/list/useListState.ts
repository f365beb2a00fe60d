import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseListState, serializeListState } from './encoding';
import type { ListColumn, ListState, Row, SortOrder } from './types';

export interface ListDefaults {
  column: string;
  order: SortOrder;
  pageSize?: number;
}

/**
 * List state from the URL search params (docs/system-admin.md, "List query conventions": list state lives in the URL), or from local state
 * for lists embedded in dialogs and pickers (`syncUrl` false) so they do not fight the page's URL.
 */
export function useListState(
  columns: ListColumn<Row>[],
  defaults: ListDefaults,
  syncUrl: boolean,
): [ListState, (next: ListState) => void] {
  const [sp, setSp] = useSearchParams();
  const [local, setLocal] = useState<URLSearchParams>(() => new URLSearchParams());
  const source = syncUrl ? sp : local;
  const key = source.toString();
  const state = useMemo(
    () => parseListState(new URLSearchParams(key), columns, defaults),
    // columns and defaults are declared once per page; the serialized params decide
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const set = useCallback(
    (next: ListState) => {
      const out = serializeListState(next, defaults);
      if (syncUrl) setSp(out);
      else setLocal(out);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [syncUrl, setSp],
  );
  return [state, set];
}
