import {
  dashboardQuerySchema,
  dashDimissionTimeStatistics,
  dashHomeStatistics,
  dashMarriageChildStatistics,
  dashStatRow,
  envelope,
  HR_DASHBOARD_PERM,
  type StatRow,
} from '@go/contract';
import { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { DashboardService } from './dashboard.service.js';

const tags = ['人事统计'];
const query = dashboardQuerySchema;
const distribution = z.array(dashStatRow);

/** The twelve /dashboard/hoom statistics (docs/hr.md 统计口径), all behind the dashboard permission. */
export async function registerDashboardModule(api: Api): Promise<void> {
  const svc = new DashboardService(api.ctx);
  const access = perm(HR_DASHBOARD_PERM);
  const options = <R extends z.ZodType>(summary: string, result: R) => ({
    config: { access },
    schema: { tags, summary, querystring: query, response: { 200: envelope(result) } },
  });
  const H = '/dashboard/hoom';
  const dist = (name: string, summary: string, fn: (p: string | null) => Promise<StatRow[]>) =>
    api.get(`${H}/${name}`, options(summary, distribution), async (req) => ok(await fn(svc.prefix(req.user!, req.query.company))));
  api.get(`${H}/homeStatistics`, options('在职人数、本月与上月入职、离职和在招岗位数', dashHomeStatistics), async (req) =>
    ok(await svc.home(svc.prefix(req.user!, req.query.company))),
  );
  dist('homeSecurityStatistics', '在职人员社保缴纳情况', (p) => svc.group(p, 'socialSecurity'));
  dist('homeFundStatistics', '在职人员公积金缴纳情况', (p) => svc.group(p, 'housingFund'));
  dist('rankStatistics', '在职人员职级分布', (p) => svc.group(p, 'rank'));
  dist('sexStatistics', '在职人员性别分布', (p) => svc.group(p, 'sex'));
  dist('degreeStatistics', '在职人员学历分布', (p) => svc.group(p, 'degree'));
  dist('politicalStatistics', '在职人员政治面貌分布', (p) => svc.group(p, 'political'));
  dist('jobTitleStatistics', '在职人员职称分布', (p) => svc.group(p, 'jobTitle'));
  api.get(`${H}/marriageChildStatistics`, options('在职人员婚姻与子女情况', dashMarriageChildStatistics), async (req) =>
    ok(await svc.marriageChild(svc.prefix(req.user!, req.query.company))),
  );
  dist('ageStatistics', '在职人员年龄段分布', (p) => svc.age(p));
  dist('workTimeStatistics', '在职人员司龄段分布', (p) => svc.workTime(p));
  api.get(`${H}/dimissionTimeStatistics`, options('近12个月每月离职人数与离职人员司龄段', dashDimissionTimeStatistics), async (req) =>
    ok(await svc.dimissionTime(svc.prefix(req.user!, req.query.company))),
  );
}
