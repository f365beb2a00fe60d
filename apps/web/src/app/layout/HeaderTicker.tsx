/** Slot for the announcement ticker in the header; renders nothing until that feature mounts here. */
export default function HeaderTicker() {
  return null;
}
