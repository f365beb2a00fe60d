import { NoticeBell } from '../../features/announcement/components/NoticeBell';
import { useUserSocket } from '../realtime';

/**
 * The notice bell of the header, and the owner of the user's socket while the layout is shown: pushes
 * reload the notices and refresh the to-do badge; the socket closes with the session.
 */
export default function HeaderNotice() {
  useUserSocket();
  return <NoticeBell />;
}
