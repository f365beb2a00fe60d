import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { dashboardQuerySchema, dashDimissionTimeStatistics, dashHomeStatistics, dashMarriageChildStatistics, dashStatRow } from './index.js';

/** The home dashboard's statistics (`/dashboard/hoom/<name>`, `name` one of `DASHBOARD_STATS`). */
export const dashboardEndpoints = {
  stat: endpoint({
    method: 'GET',
    path: '/dashboard/hoom/:name',
    query: dashboardQuerySchema,
    result: z.union([dashHomeStatistics, dashMarriageChildStatistics, dashDimissionTimeStatistics, z.array(dashStatRow)]),
  }),
};
