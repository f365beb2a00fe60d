import { NewsTicker } from '../../features/announcement/components/NewsTicker';

/** The announcement ticker of the header (compact on phones). */
export default function HeaderTicker({ compact = false }: { compact?: boolean }) {
  return <NewsTicker compact={compact} />;
}
