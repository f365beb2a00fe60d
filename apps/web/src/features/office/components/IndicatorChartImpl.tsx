import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { IndicatorChartProps } from './IndicatorChart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const round2 = (n: number) => Math.round(n * 100) / 100;

export default function IndicatorChartImpl({ name, unit, months }: IndicatorChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    chart.current = c;
    const resize = () => c.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const targets = months.map((m) => m.target ?? 0);
    const actuals = months.map((m) => m.actual);
    let ct = 0;
    let ca = 0;
    const last = months.reduce((mx, m) => (m.actual !== null ? Math.max(mx, m.month) : mx), 0);
    const cumTarget = targets.map((v) => round2((ct += v)));
    const cumActual = months.map((m) => {
      ca += m.actual ?? 0;
      return m.month <= last ? round2(ca) : null;
    });
    chart.current?.setOption(
      {
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { data: ['月度目标', '月度实际', '累计目标', '累计实际'], top: 0 },
        grid: { left: 56, right: 56, top: 56, bottom: 32 },
        xAxis: { type: 'category', data: months.map((m) => `${m.month}月`) },
        yAxis: [
          { type: 'value', name: unit ? `月度（${unit}）` : '月度' },
          { type: 'value', name: '累计', splitLine: { show: false } },
        ],
        series: [
          { name: '月度目标', type: 'bar', data: targets.map(round2), itemStyle: { color: '#bfbfbf' } },
          { name: '月度实际', type: 'bar', data: actuals, itemStyle: { color: '#1677ff' } },
          { name: '累计目标', type: 'line', yAxisIndex: 1, data: cumTarget, lineStyle: { type: 'dashed' }, itemStyle: { color: '#8c8c8c' } },
          { name: '累计实际', type: 'line', yAxisIndex: 1, data: cumActual, itemStyle: { color: '#389e0d' } },
        ],
      },
      true,
    );
  }, [months, unit]);

  return <div ref={el} role="img" aria-label={`${name} 月度目标与实际`} style={{ width: '100%', height: 340 }} />;
}
