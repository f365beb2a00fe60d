import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

export interface IndicatorChartProps {
  name: string;
  unit: string | null;
  months: { month: number; target: number | null; actual: number | null }[];
}

// ECharts is a large library: it loads in its own chunk when a chart first shows.
const Impl = lazy(() => import('./IndicatorChartImpl'));

/** Monthly target vs actual (bars) with the cumulative lines. */
export function IndicatorChart(props: IndicatorChartProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Impl {...props} />
    </Suspense>
  );
}
