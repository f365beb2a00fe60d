import { toCsv, type DashboardStatName, type DimissionTimeStatistics, type HomeStatistics, type MarriageChildStatistics, type StatRow } from '@go/contract';

/** A table of figures: the accessible fallback of a chart and the content of its download. */
export interface StatTable {
  caption: string;
  header: string[];
  rows: (string | number)[][];
}

/** What a dashboard card shows for one statistic: the ECharts option, its tables and a one-line summary. */
export interface StatView {
  option: Record<string, unknown>;
  tables: StatTable[];
  /** the figures in words, for the chart's aria-label */
  summary: string;
  /** no person counted at all */
  empty: boolean;
}

/** Dictionary text of a stored value (`dict` is the dictionary code). */
export type Translate = (dict: string, value: string) => string;

const UNFILLED = '未填写';
const PAID: Record<string, string> = { Y: '已缴纳', '1': '已缴纳', N: '未缴纳', '0': '未缴纳' };

/** The dictionary each grouped statistic's stored values belong to (docs/hr.md). */
const DICT_OF: Partial<Record<DashboardStatName, string>> = {
  rankStatistics: 'position_rank',
  sexStatistics: 'sex',
  degreeStatistics: 'hy_degree',
  politicalStatistics: 'hy_political',
};

const PIE_STATS = new Set<DashboardStatName>(['homeSecurityStatistics', 'homeFundStatistics', 'sexStatistics', 'politicalStatistics']);

const sum = (rows: StatRow[]) => rows.reduce((s, r) => s + r.count, 0);
const words = (pairs: [string, number][]) => pairs.map(([k, n]) => `${k} ${n} 人`).join('，');

function labelOf(name: DashboardStatName, key: string, t: Translate): string {
  if (key === '') return UNFILLED;
  if (name === 'homeSecurityStatistics' || name === 'homeFundStatistics') return PAID[key] ?? key;
  const dict = DICT_OF[name];
  return dict ? t(dict, key) || key : key;
}

function pieOption(seriesName: string, data: { name: string; value: number }[], center = ['50%', '45%']) {
  return {
    type: 'pie',
    name: seriesName,
    radius: ['30%', '58%'],
    center,
    avoidLabelOverlap: true,
    label: { formatter: '{b}\n{c}人' },
    data,
  };
}

function barOption(seriesName: string, categories: string[], values: number[]) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: categories.length > 5 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: seriesName, type: 'bar', data: values, barMaxWidth: 36, label: { show: true, position: 'top' } }],
  };
}

function distribution(name: DashboardStatName, title: string, rows: StatRow[], t: Translate): StatView {
  const labelled = rows.map((r) => [labelOf(name, r.key, t), r.count] as [string, number]);
  const table: StatTable = { caption: title, header: ['项目', '人数'], rows: labelled };
  const option = PIE_STATS.has(name)
    ? { animation: false, tooltip: { trigger: 'item' }, legend: { bottom: 0, type: 'scroll' }, series: [pieOption(title, labelled.map(([k, n]) => ({ name: k, value: n })))] }
    : barOption('人数', labelled.map(([k]) => k), labelled.map(([, n]) => n));
  return { option, tables: [table], summary: words(labelled), empty: sum(rows) === 0 };
}

function home(h: HomeStatistics): StatView {
  const items: [string, number, number][] = [
    ['入职人数', h.hiresThisMonth, h.hiresLastMonth],
    ['离职人数', h.leaversThisMonth, h.leaversLastMonth],
    ['在招岗位', h.openPositionsThisMonth, h.openPositionsLastMonth],
  ];
  const option = {
    animation: false,
    title: { text: `在职 ${h.headcount} 人`, left: 'center', top: 0, textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: items.map(([k]) => k) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '上月', type: 'bar', data: items.map(([, , last]) => last), barMaxWidth: 28, label: { show: true, position: 'top' }, itemStyle: { color: '#91caff' } },
      { name: '本月', type: 'bar', data: items.map(([, now]) => now), barMaxWidth: 28, label: { show: true, position: 'top' }, itemStyle: { color: '#1677ff' } },
    ],
  };
  return {
    option,
    tables: [{ caption: '人员概况', header: ['项目', '本月', '上月'], rows: [['在职人数（当前）', h.headcount, '—'], ...items] }],
    summary: `在职 ${h.headcount} 人；` + items.map(([k, now, last]) => `${k}本月 ${now}、上月 ${last}`).join('；'),
    empty: false,
  };
}

function marriageChild(m: MarriageChildStatistics, t: Translate): StatView {
  const marriage = m.marriage.map((r) => [r.key === '' ? UNFILLED : t('hy_marriage', r.key) || r.key, r.count] as [string, number]);
  const children: [string, number][] = [
    ['有子女', m.children.withChildren],
    ['无子女', m.children.withoutChildren],
  ];
  return {
    option: {
      animation: false,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, type: 'scroll' },
      title: [
        { text: '婚姻状况', left: '25%', top: 0, textAlign: 'center', textStyle: { fontSize: 12, fontWeight: 'normal' } },
        { text: '子女情况', left: '75%', top: 0, textAlign: 'center', textStyle: { fontSize: 12, fontWeight: 'normal' } },
      ],
      series: [
        { ...pieOption('婚姻状况', marriage.map(([k, n]) => ({ name: k, value: n })), ['25%', '48%']), radius: ['25%', '55%'], label: { position: 'inside', formatter: '{c}' } },
        { ...pieOption('子女情况', children.map(([k, n]) => ({ name: k, value: n })), ['75%', '48%']), radius: ['25%', '55%'], label: { position: 'inside', formatter: '{c}' } },
      ],
    },
    tables: [
      { caption: '婚姻状况', header: ['项目', '人数'], rows: marriage },
      { caption: '子女情况', header: ['项目', '人数'], rows: children },
    ],
    summary: `婚姻状况：${words(marriage)}；子女情况：${words(children)}`,
    empty: sum(m.marriage) === 0,
  };
}

function dimission(d: DimissionTimeStatistics): StatView {
  const months = d.byMonth.map((r) => [r.key, r.count] as [string, number]);
  const tenure = d.byTenure.map((r) => [r.key, r.count] as [string, number]);
  return {
    option: {
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: [
        { left: 8, right: 16, top: 28, height: '34%', containLabel: true },
        { left: 8, right: 16, top: '60%', bottom: 8, containLabel: true },
      ],
      title: [
        { text: '每月离职人数', left: 0, top: 0, textStyle: { fontSize: 12, fontWeight: 'normal' } },
        { text: '离职人员司龄', left: 0, top: '52%', textStyle: { fontSize: 12, fontWeight: 'normal' } },
      ],
      xAxis: [
        { type: 'category', gridIndex: 0, data: months.map(([k]) => k.slice(2)), axisLabel: { interval: 0, rotate: 45, fontSize: 10 } },
        { type: 'category', gridIndex: 1, data: tenure.map(([k]) => k), axisLabel: { interval: 0 } },
      ],
      yAxis: [
        { type: 'value', gridIndex: 0, minInterval: 1 },
        { type: 'value', gridIndex: 1, minInterval: 1 },
      ],
      series: [
        { name: '离职人数', type: 'line', xAxisIndex: 0, yAxisIndex: 0, data: months.map(([, n]) => n), label: { show: true } },
        { name: '人数', type: 'bar', xAxisIndex: 1, yAxisIndex: 1, data: tenure.map(([, n]) => n), barMaxWidth: 32, label: { show: true, position: 'top' } },
      ],
    },
    tables: [
      { caption: '每月离职人数（近12个月）', header: ['月份', '人数'], rows: months },
      { caption: '离职人员司龄', header: ['司龄', '人数'], rows: tenure },
    ],
    summary: `近12个月离职：${words(months)}；离职人员司龄：${words(tenure)}`,
    empty: sum(d.byMonth) + sum(d.byTenure) === 0,
  };
}

/** The chart and tables of one statistic's result. */
export function statView(name: DashboardStatName, title: string, data: unknown, t: Translate): StatView {
  switch (name) {
    case 'homeStatistics':
      return home(data as HomeStatistics);
    case 'marriageChildStatistics':
      return marriageChild(data as MarriageChildStatistics, t);
    case 'dimissionTimeStatistics':
      return dimission(data as DimissionTimeStatistics);
    default:
      return distribution(name, title, data as StatRow[], t);
  }
}

/** The CSV download of a card: one table as is; several with a first column naming their table. */
export function statCsv(view: StatView): string {
  if (view.tables.length === 1) return toCsv(view.tables[0]!.header, view.tables[0]!.rows);
  const header = ['类别', ...view.tables[0]!.header.map((_, i) => (i === 0 ? '项目' : view.tables[0]!.header[i]!))];
  return toCsv(header, view.tables.flatMap((tb) => tb.rows.map((r) => [tb.caption, ...r])));
}
