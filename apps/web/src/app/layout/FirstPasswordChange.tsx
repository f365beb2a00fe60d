import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { getAction } from '../http/client';
import { useSession } from '../session/store';

export type PasswordState = { needChangePassword: boolean; message: string | null };
export const passwordStateKey = (username: string) => ['passwordState', username];

// The dialog (a form on the design system) loads only for a user who has to change the password.
const FirstPasswordDialog = lazy(() => import('./FirstPasswordDialog'));

/**
 * First sign-in with a password an administrator set (new account, reset): the user must choose a new
 * one before working. The dialog cannot be dismissed; the new password follows the shared rules.
 */
export function FirstPasswordChange() {
  const token = useSession((s) => s.token);
  const username = useSession((s) => s.userInfo?.username ?? '');
  const state = useQuery({
    queryKey: passwordStateKey(username),
    enabled: !!token && !!username,
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<PasswordState> => {
      const res = await getAction<PasswordState>('/sys/user/passwordState', undefined, { silent: true });
      return res.success ? res.result : { needChangePassword: false, message: null };
    },
  });
  // once shown, the dialog stays mounted so it closes as before when the password is changed
  const [shown, setShown] = useState(false);
  if (state.data?.needChangePassword && !shown) setShown(true);
  if (!shown || !state.data) return null;
  return (
    <Suspense fallback={null}>
      <FirstPasswordDialog state={state.data} />
    </Suspense>
  );
}
