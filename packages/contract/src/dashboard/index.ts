import { z } from 'zod';

/** The permission of the HR statistics dashboard (人事统计看板): every /dashboard/hoom/* call and the home page charts. */
export const HR_DASHBOARD_PERM = 'hr:dashboard:view';

/** Query of every statistic: A01 users may narrow to one company; others always get their own company. */
export const dashboardQuerySchema = z.object({ company: z.string().regex(/^[A-Z][0-9]{2}$/, '公司编码格式不正确').optional() });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** One figure of a distribution: a stored value (or band label) and its count. */
export const dashStatRow = z.object({ key: z.string(), count: z.number() });
export type StatRow = z.infer<typeof dashStatRow>;

export const dashHomeStatistics = z.object({
  headcount: z.number(),
  hiresThisMonth: z.number(),
  hiresLastMonth: z.number(),
  leaversThisMonth: z.number(),
  leaversLastMonth: z.number(),
  openPositionsThisMonth: z.number(),
  openPositionsLastMonth: z.number(),
});
export type HomeStatistics = z.infer<typeof dashHomeStatistics>;

export const dashMarriageChildStatistics = z.object({
  marriage: z.array(dashStatRow),
  children: z.object({ withChildren: z.number(), withoutChildren: z.number() }),
});
export type MarriageChildStatistics = z.infer<typeof dashMarriageChildStatistics>;

export const dashDimissionTimeStatistics = z.object({ byMonth: z.array(dashStatRow), byTenure: z.array(dashStatRow) });
export type DimissionTimeStatistics = z.infer<typeof dashDimissionTimeStatistics>;

/** The twelve statistics, in the order the dashboard shows them, with their titles. */
export const DASHBOARD_STATS = [
  { name: 'homeStatistics', title: '人员概况（本月与上月）' },
  { name: 'homeSecurityStatistics', title: '社保缴纳情况' },
  { name: 'homeFundStatistics', title: '公积金缴纳情况' },
  { name: 'rankStatistics', title: '职级分布' },
  { name: 'ageStatistics', title: '年龄分布' },
  { name: 'sexStatistics', title: '性别分布' },
  { name: 'degreeStatistics', title: '学历分布' },
  { name: 'marriageChildStatistics', title: '婚育情况' },
  { name: 'politicalStatistics', title: '政治面貌' },
  { name: 'jobTitleStatistics', title: '职称分布' },
  { name: 'dimissionTimeStatistics', title: '离职情况（近12个月）' },
  { name: 'workTimeStatistics', title: '司龄分布' },
] as const;
export type DashboardStatName = (typeof DASHBOARD_STATS)[number]['name'];

/** The company codes an A01 user may pick in the dashboard filter (names are not shown, docs/hr.md, 统计口径). */
export const DASHBOARD_COMPANIES = ['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07', 'A08', 'A09'] as const;

/** CSV text of a table (UTF-8 with BOM so Excel shows the Chinese headers); fields quoted when needed. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  const cell = (v: string | number) => {
    const s = String(v);
    // a leading = + - @ would be read as a formula by spreadsheet programs
    const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return '\ufeff' + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
