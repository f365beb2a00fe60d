import { Suspense } from 'react';
import { useUserSocket } from '../realtime';
import { useShellSlots } from './slots';

/**
 * The notice bell of the header, and the owner of the user's socket while the layout is shown: pushes
 * reload the notices and refresh the to-do badge; the socket closes with the session.
 */
export default function HeaderNotice() {
  useUserSocket();
  const { NoticeBell } = useShellSlots();
  return (
    <Suspense fallback={null}>
      <NoticeBell />
    </Suspense>
  );
}
