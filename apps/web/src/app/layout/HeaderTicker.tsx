import { NewsTicker } from '../../features/announcement/components/NewsTicker';

/** The announcement ticker of the header. */
export default function HeaderTicker() {
  return <NewsTicker />;
}
