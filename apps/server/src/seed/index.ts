import type { Database } from '../platform/db/database.js';
import { now } from '../platform/db/time.js';
import { seedDicts } from './dicts.seed.js';
import { seedPerformanceDemo, seedPerformanceKpi, seedPerformanceMenus, seedPerformanceQuestionnaire } from './performance.seed.js';
import { seedHomeMenu } from './menus.seed.js';
import { seedOrg } from './org.seed.js';
import { seedAnnouncementDemo, seedAnnouncementDicts, seedAnnouncementMenus } from './announcement.seed.js';
import { seedShellDemo } from './shell.seed.js';
import { seedSystemData, seedSystemMenus } from './system.seed.js';
import { seedExamplesMenu } from './examples.seed.js';
import { seedIndicators, seedOfficeDemo, seedOfficeMenus, seedProposals } from './office.seed.js';
import { seedWorkflowDefinitions, seedWorkflowDemo, seedWorkflowMenus } from './workflow.seed.js';
import { seedWorkflowEngineMenus } from './workflow-engine.seed.js';
import { seedHrApprovals, seedHrDemo, seedHrDicts, seedHrMenus, seedHrRolesAndUsers } from './hr.seed.js';
import { formSeedParts } from './forms.seed.js';
import { seedOnlineMenu } from './online.seed.js';
import { seedOnlineReports } from './online-report.seed.js';
import { seedOnlineForms } from './online-form.seed.js';
import { seedLedgerData, seedLedgerDefinitions, seedLedgerDemo, seedLedgerMenus } from './ledger.seed.js';
import { seedDashboardPermission } from './dashboard.seed.js';
import { seedStockClientButtons } from './stock-client.seed.js';
import { seedExamplesAdminOnly } from './examples-admin.seed.js';

export interface SeedPart {
  /** Unique and sortable; a part runs once per database (recorded in sys_seed_log). */
  name: string;
  run(db: Database): Promise<void>;
}

/**
 * The demo seed, in order. Each module appends its parts (menus, dictionaries, demo records) here,
 * in its own hundred block like the migrations.
 */
export const seedParts: SeedPart[] = [
  { name: '0100_org', run: seedOrg },
  { name: '0101_dicts', run: seedDicts },
  { name: '0102_home_menu', run: seedHomeMenu },
  { name: '0150_shell_demo', run: seedShellDemo },
  { name: '0200_system_menus', run: seedSystemMenus },
  { name: '0201_system_data', run: seedSystemData },
  { name: '0300_workflow_menus', run: seedWorkflowMenus },
  { name: '0301_workflow_definitions', run: seedWorkflowDefinitions },
  { name: '0302_workflow_demo', run: seedWorkflowDemo },
  { name: '0310_workflow_engine_menus', run: seedWorkflowEngineMenus },
  { name: '0400_announcement_dicts', run: seedAnnouncementDicts },
  { name: '0401_announcement_menus', run: seedAnnouncementMenus },
  { name: '0402_announcement_demo', run: seedAnnouncementDemo },
  { name: '0500_examples_menu', run: seedExamplesMenu },
  { name: '0900_office_menus', run: seedOfficeMenus },
  { name: '0901_office_demo', run: seedOfficeDemo },
  { name: '0902_office_indicators', run: seedIndicators },
  { name: '0903_office_proposals', run: seedProposals },
  { name: '0800_hr_dicts', run: seedHrDicts },
  { name: '0801_hr_roles_users', run: seedHrRolesAndUsers },
  { name: '0802_hr_menus', run: seedHrMenus },
  { name: '0803_hr_demo', run: seedHrDemo },
  { name: '0804_hr_approvals', run: seedHrApprovals },
  // one part per form type, `0610_forms_<slug>`, from the files of seed/forms/ (docs/forms.md)
  ...formSeedParts,
  { name: '1100_online_reports', run: seedOnlineReports },
  { name: '1101_online_forms', run: seedOnlineForms },
  { name: '1200_online_menu', run: seedOnlineMenu },
  { name: '1300_ledger_menus', run: seedLedgerMenus },
  { name: '1301_ledger_definitions', run: seedLedgerDefinitions },
  { name: '1302_ledger_data', run: seedLedgerData },
  { name: '1303_ledger_demo', run: seedLedgerDemo },
  { name: '1400_performance_menus', run: seedPerformanceMenus },
  { name: '1401_performance_demo', run: seedPerformanceDemo },
  { name: '1402_performance_questionnaire', run: seedPerformanceQuestionnaire },
  { name: '1403_performance_kpi', run: seedPerformanceKpi },
  { name: '1500_dashboard_permission', run: seedDashboardPermission },
  { name: '1700_stock_client_buttons', run: seedStockClientButtons },
  { name: '2200_examples_admin_only', run: seedExamplesAdminOnly },
];

/** Applies the seed parts not yet applied, each in its own transaction. */
export async function seedDemo(db: Database): Promise<void> {
  const done = new Set((await db.selectFrom('sysSeedLog').select('name').execute()).map((r) => r.name));
  for (const part of [...seedParts].sort((a, b) => a.name.localeCompare(b.name))) {
    if (done.has(part.name)) continue;
    await db.transaction().execute(async (trx) => {
      await part.run(trx);
      await trx.insertInto('sysSeedLog').values({ name: part.name, appliedAt: now() }).execute();
    });
  }
}
