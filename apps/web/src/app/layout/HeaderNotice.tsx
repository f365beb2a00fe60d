/** Slot for the notice bell (announcements); renders nothing until that feature mounts here. */
export default function HeaderNotice() {
  return null;
}
