import { useState } from 'react';
import { feedback } from '../feedback';
import { putAction } from '../http/client';
import { useSession } from './store';

/** The fields of the signed-in user's password change (`/sys/user/updatePassword`). */
export type PasswordChange = { oldpassword?: string; password?: string; confirmpassword?: string };

/**
 * Changes the signed-in user's own password: `save` sends the checked fields with the username, calls
 * `onSaved` with the server's message on success and shows its warning otherwise; `saving` is true meanwhile.
 */
export function useUpdatePassword(onSaved: (message: string) => void) {
  const username = useSession((s) => s.userInfo?.username ?? '');
  const [saving, setSaving] = useState(false);
  const save = async (values: PasswordChange) => {
    setSaving(true);
    try {
      const res = await putAction('/sys/user/updatePassword', { username, ...values });
      if (res.success) onSaved(res.message);
      else feedback.message.warning(res.message);
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  return { username, saving, save };
}
