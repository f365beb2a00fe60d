import type { AppContext } from '../../platform/context.js';
import type { Api } from '../../platform/http/api.js';
import { proposalForm } from '@go/contract';
import { officeServices } from '../announcement/register.js';
import { registerDeclaredForm } from '../forms/forms.module.js';
import type { FormRegistry } from '../workflow/form-registry.js';
import { proposalRoutes } from './proposal.routes.js';
import { ProposalService } from './proposal.service.js';
import { indicatorRoutes } from './indicator.routes.js';
import { IndicatorService } from './indicator.service.js';
import { onCompanyAdded } from '../system/depart/company-hooks.js';
import { ensureCompanyBoard, KanbanService } from './kanban.service.js';
import { missionRoutes } from './mission.routes.js';
import { MissionService } from './mission.service.js';
import { OfficeNotifier } from './notify.js';
import { registerOfficeChangeReader } from './office-audit.js';
import { weeklyRoutes } from './weekly.routes.js';
import { WeeklyService } from './weekly.service.js';

/** The office services of an app, for jobs and tests. */
export interface OfficeModule {
  weekly: WeeklyService;
  missions: MissionService;
  kanban: KanbanService;
  indicators: IndicatorService;
  proposals: ProposalService;
  notifier: OfficeNotifier;
}

export const MISSION_REMINDER_JOB = 'office.job.MissionReminderJob';

const byContext = new WeakMap<AppContext, OfficeModule>();

export function officeModule(ctx: AppContext): OfficeModule {
  const m = byContext.get(ctx);
  if (!m) throw new Error('office module not registered');
  return m;
}

/** Weekly reports, missions, kanban boards, strategic indicators and proposals (docs/office.md). Needs the announcement module (bell notices, jobs). */
export async function registerOfficeModule(api: Api, registry: FormRegistry): Promise<OfficeModule> {
  const ctx = api.ctx;
  const notifier = new OfficeNotifier(ctx);
  const weekly = new WeeklyService(ctx, notifier);
  const missions = new MissionService(ctx, notifier);
  const kanban = new KanbanService(ctx, missions);
  const indicators = new IndicatorService(ctx);
  const proposals = new ProposalService(ctx, missions, notifier);
  const m: OfficeModule = { weekly, missions, kanban, indicators, proposals, notifier };
  byContext.set(ctx, m);
  // who may read a weekly report's changes: as who may read the report
  registerOfficeChangeReader();
  // every new company starts with its kanban board
  onCompanyAdded('office.kanban', async (db, company, by) => {
    await ensureCompanyBoard(db, company, by);
  });
  officeServices(ctx).jobRegistry.register(
    {
      name: MISSION_REMINDER_JOB,
      description: '任务到期与逾期提醒（到期前一天、逾期后各提醒一次）',
      async run(_parameter, run) {
        const r = await missions.remind(run.fireTime);
        return `到期提醒 ${r.dueSoon} 个，逾期提醒 ${r.overdue} 个`;
      },
    },
    'MissionReminderJob',
  );
  await weeklyRoutes(api, weekly);
  await missionRoutes(api, missions, kanban);
  await indicatorRoutes(api, indicators);
  // 合理化建议 is reviewed through the workflow engine as a declared form type.
  await registerDeclaredForm(api, registry, proposalForm, proposals.hooks());
  await proposalRoutes(api, proposals);
  return m;
}
