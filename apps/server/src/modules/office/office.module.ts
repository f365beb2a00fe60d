import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { OfficeNotifier } from './notify.js';
import { weeklyRoutes } from './weekly.routes.js';
import { WeeklyService } from './weekly.service.js';

/** The office services of an app, for jobs and tests. */
export interface OfficeModule {
  weekly: WeeklyService;
  notifier: OfficeNotifier;
}

const byContext = new WeakMap<AppContext, OfficeModule>();

export function officeModule(ctx: AppContext): OfficeModule {
  const m = byContext.get(ctx);
  if (!m) throw new Error('office module not registered');
  return m;
}

/** Weekly reports, missions and kanban boards (docs/office.md). Needs the announcement module (bell notices, jobs). */
export async function registerOfficeModule(api: FastifyInstance): Promise<OfficeModule> {
  const ctx = api.ctx;
  const notifier = new OfficeNotifier(ctx);
  const weekly = new WeeklyService(ctx, notifier);
  const m: OfficeModule = { weekly, notifier };
  byContext.set(ctx, m);
  await weeklyRoutes(api, weekly);
  return m;
}
