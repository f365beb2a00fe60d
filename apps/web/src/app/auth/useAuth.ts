import { canShow, isDisabled, noAuthColumns, type AuthItem } from '@go/contract';
import { useCallback, useMemo } from 'react';
import { useSession } from '../session/store';

/** Permission checks of the signed-in user; re-renders when the permission lists change. */
export function useAuth(nodeList?: AuthItem[]) {
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  const has = useCallback((code: string) => canShow(code, auth, allAuth, nodeList), [auth, allAuth, nodeList]);
  const disabled = useCallback((code: string) => isDisabled(code, auth, allAuth, nodeList), [auth, allAuth, nodeList]);
  const noAuthCols = useCallback((prefix: string) => noAuthColumns(prefix, auth, allAuth), [auth, allAuth]);
  return useMemo(() => ({ has, disabled, noAuthCols, auth, allAuth }), [has, disabled, noAuthCols, auth, allAuth]);
}
