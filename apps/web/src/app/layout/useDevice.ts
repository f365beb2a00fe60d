import { MOBILE_MAX_WIDTH } from '@go/contract';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(cb: () => void) {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/** Phones and tablets (≤ 1087.99 px) count as mobile: drawer menu, single-page mode. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
