import { dashboardQuerySchema, HR_DASHBOARD_PERM, type DashboardQuery } from '@go/contract';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../platform/access/access.js';
import { ok } from '../../platform/http/envelope.js';
import { DashboardService } from './dashboard.service.js';

const tags = ['人事统计'];
const query = dashboardQuerySchema;

/** The twelve /dashboard/hoom statistics (docs/hr.md 统计口径), all behind the dashboard permission. */
export async function registerDashboardModule(api: FastifyInstance): Promise<void> {
  const svc = new DashboardService(api.ctx);
  const access = perm(HR_DASHBOARD_PERM);
  const stat = (name: string, summary: string, fn: (p: string | null) => Promise<unknown>) =>
    api.get(`/dashboard/hoom/${name}`, { config: { access }, schema: { tags, summary, querystring: query } }, async (req) =>
      ok(await fn(svc.prefix(req.user!, (req.query as DashboardQuery).company))),
    );
  stat('homeStatistics', '在职人数、本月与上月入职、离职和在招岗位数', (p) => svc.home(p));
  stat('homeSecurityStatistics', '在职人员社保缴纳情况', (p) => svc.group(p, 'socialSecurity'));
  stat('homeFundStatistics', '在职人员公积金缴纳情况', (p) => svc.group(p, 'housingFund'));
  stat('rankStatistics', '在职人员职级分布', (p) => svc.group(p, 'rank'));
  stat('sexStatistics', '在职人员性别分布', (p) => svc.group(p, 'sex'));
  stat('degreeStatistics', '在职人员学历分布', (p) => svc.group(p, 'degree'));
  stat('politicalStatistics', '在职人员政治面貌分布', (p) => svc.group(p, 'political'));
  stat('jobTitleStatistics', '在职人员职称分布', (p) => svc.group(p, 'jobTitle'));
  stat('marriageChildStatistics', '在职人员婚姻与子女情况', (p) => svc.marriageChild(p));
  stat('ageStatistics', '在职人员年龄段分布', (p) => svc.age(p));
  stat('workTimeStatistics', '在职人员司龄段分布', (p) => svc.workTime(p));
  stat('dimissionTimeStatistics', '近12个月每月离职人数与离职人员司龄段', (p) => svc.dimissionTime(p));
}
