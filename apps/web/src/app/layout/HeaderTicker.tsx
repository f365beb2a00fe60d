import { Suspense } from 'react';
import { useShellSlots } from './slots';

/** The announcement ticker of the header (compact on phones). */
export default function HeaderTicker({ compact = false }: { compact?: boolean }) {
  const { Ticker } = useShellSlots();
  return (
    <Suspense fallback={null}>
      <Ticker compact={compact} />
    </Suspense>
  );
}
