import type { Database } from '../platform/db/database.js';
import { now } from '../platform/db/time.js';
import { seedDicts } from './dicts.seed.js';
import { seedPerformanceDemo, seedPerformanceKpi, seedPerformanceMenus, seedPerformanceQuestionnaire, seedPerformanceKpiRound } from './performance.seed.js';
import { seedHomeMenu } from './menus.seed.js';
import { seedOrg, seedOrgProduct } from './org.seed.js';
import { seedAnnouncementDemo, seedAnnouncementDicts, seedAnnouncementMenus, seedAnnouncementProduct } from './announcement.seed.js';
import { seedShellDemo } from './shell.seed.js';
import { seedSystemData, seedSystemMenus } from './system.seed.js';
import { seedExamplesMenu } from './examples.seed.js';
import { seedHrDimissionJob } from './hr-jobs.seed.js';
import { seedIndicators, seedOfficeDemo, seedOfficeMenus, seedProposals, seedCompanyBoards } from './office.seed.js';
import { seedWorkflowDefinitions, seedWorkflowDemo, seedWorkflowMenus } from './workflow.seed.js';
import { seedWorkflowEngineMenus, seedWorkflowMigrateButton } from './workflow-engine.seed.js';
import { seedHrApprovals, seedHrDemo, seedHrDicts, seedHrMenus, seedHrRolesAndUsers } from './hr.seed.js';
import { formSeedParts } from './forms.seed.js';
import { seedOnlineMenu } from './online.seed.js';
import { seedChangeLogMenu } from './change-log.seed.js';
import { seedOnlineReports } from './online-report.seed.js';
import { seedOnlineForms } from './online-form.seed.js';
import { seedLedgerData, seedLedgerDefinitions, seedLedgerDemo, seedLedgerMenus, seedLedgerSupplierAdminOnly } from './ledger.seed.js';
import { seedDashboardPermission } from './dashboard.seed.js';
import { seedStockClientButtons } from './stock-client.seed.js';
import { seedExamplesAdminOnly } from './examples-admin.seed.js';
import { seedImportButtons } from './import-buttons.seed.js';

export interface SeedPart {
  /** Unique and sortable; a part runs once per database (recorded in sys_seed_log). */
  name: string;
  /** The whole part: the product's rows and, where it has them, the demo organisation's. */
  run(db: Database): Promise<void>;
  /**
   * What a clean install (SEED_DEMO=off) takes of this part: `'all'` when the part holds no demo rows,
   * `'none'` for demo-only parts, or a function writing the product rows alone.
   */
  product: 'all' | 'none' | ((db: Database) => Promise<void>);
}

/**
 * The demo seed, in order. Each module appends its parts (menus, dictionaries, demo records) here,
 * in its own hundred block like the migrations.
 */
export const seedParts: SeedPart[] = [
  { name: '0100_org', run: seedOrg, product: seedOrgProduct },
  { name: '0101_dicts', run: seedDicts, product: 'all' },
  { name: '0102_home_menu', run: seedHomeMenu, product: 'all' },
  { name: '0150_shell_demo', run: seedShellDemo, product: 'none' },
  { name: '0200_system_menus', run: seedSystemMenus, product: 'all' },
  { name: '0201_system_data', run: seedSystemData, product: 'all' },
  { name: '0210_change_log_menu', run: seedChangeLogMenu, product: 'all' },
  { name: '0300_workflow_menus', run: seedWorkflowMenus, product: 'all' },
  { name: '0301_workflow_definitions', run: seedWorkflowDefinitions, product: (db) => seedWorkflowDefinitions(db, { demo: false }) },
  { name: '0302_workflow_demo', run: seedWorkflowDemo, product: 'none' },
  { name: '0310_workflow_engine_menus', run: seedWorkflowEngineMenus, product: 'all' },
  { name: '0311_workflow_migrate_button', run: seedWorkflowMigrateButton, product: 'all' },
  { name: '0400_announcement_dicts', run: seedAnnouncementDicts, product: 'all' },
  { name: '0401_announcement_menus', run: seedAnnouncementMenus, product: 'all' },
  { name: '0402_announcement_demo', run: seedAnnouncementDemo, product: seedAnnouncementProduct },
  { name: '0500_examples_menu', run: seedExamplesMenu, product: 'all' },
  { name: '0900_office_menus', run: seedOfficeMenus, product: (db) => seedOfficeMenus(db, { demo: false }) },
  { name: '0901_office_demo', run: seedOfficeDemo, product: 'none' },
  { name: '0902_office_indicators', run: seedIndicators, product: (db) => seedIndicators(db, { demo: false }) },
  { name: '0903_office_proposals', run: seedProposals, product: (db) => seedProposals(db, { demo: false }) },
  { name: '0800_hr_dicts', run: seedHrDicts, product: 'all' },
  { name: '0904_office_company_boards', run: seedCompanyBoards, product: 'all' },
  { name: '0801_hr_roles_users', run: seedHrRolesAndUsers, product: (db) => seedHrRolesAndUsers(db, { demo: false }) },
  { name: '0802_hr_menus', run: seedHrMenus, product: 'all' },
  { name: '0803_hr_demo', run: seedHrDemo, product: 'none' },
  { name: '0804_hr_approvals', run: seedHrApprovals, product: 'all' },
  { name: '0805_hr_dimission_job', run: seedHrDimissionJob, product: (db) => seedHrDimissionJob(db, { demo: false }) },
  // one part per form type, `0610_forms_<slug>`, from the files of seed/forms/ (docs/forms.md)
  ...formSeedParts,
  { name: '1100_online_reports', run: seedOnlineReports, product: 'all' },
  { name: '1101_online_forms', run: seedOnlineForms, product: 'all' },
  { name: '1200_online_menu', run: seedOnlineMenu, product: 'all' },
  { name: '1300_ledger_menus', run: seedLedgerMenus, product: 'all' },
  { name: '1301_ledger_definitions', run: seedLedgerDefinitions, product: 'all' },
  { name: '1302_ledger_data', run: seedLedgerData, product: 'none' },
  { name: '1303_ledger_demo', run: seedLedgerDemo, product: 'none' },
  { name: '1304_ledger_supplier_admin_only', run: seedLedgerSupplierAdminOnly, product: 'all' },
  { name: '1400_performance_menus', run: seedPerformanceMenus, product: 'all' },
  { name: '1401_performance_demo', run: seedPerformanceDemo, product: 'none' },
  { name: '1402_performance_questionnaire', run: seedPerformanceQuestionnaire, product: 'none' },
  { name: '1403_performance_kpi', run: seedPerformanceKpi, product: 'all' },
  { name: '1404_performance_kpi_round', run: seedPerformanceKpiRound, product: 'all' },
  { name: '1500_dashboard_permission', run: seedDashboardPermission, product: 'all' },
  { name: '1700_stock_client_buttons', run: seedStockClientButtons, product: 'all' },
  { name: '2200_examples_admin_only', run: seedExamplesAdminOnly, product: 'all' },
  { name: '2300_import_buttons', run: seedImportButtons, product: 'all' },
];

/** Applies the seed parts not yet applied (product and demo rows), each in its own transaction. */
export async function seedDemo(db: Database): Promise<void> {
  await applySeed(db, true);
}

/**
 * The product without the demo organisation (SEED_DEMO=off): menus, permissions, roles, dictionaries,
 * categories, rules, form types with their processes, message templates and paused jobs. Parts already
 * applied are skipped, so an upgrade brings only what is new; a demo-only part is recorded as applied without
 * running, so demo rows never arrive later in a database that started clean.
 */
export async function seedProduct(db: Database): Promise<void> {
  await applySeed(db, false);
}

async function applySeed(db: Database, demo: boolean): Promise<void> {
  const done = new Set((await db.selectFrom('sysSeedLog').select('name').execute()).map((r) => r.name));
  for (const part of [...seedParts].sort((a, b) => a.name.localeCompare(b.name))) {
    if (done.has(part.name)) continue;
    await db.transaction().execute(async (trx) => {
      if (demo || part.product === 'all') await part.run(trx);
      else if (part.product !== 'none') await part.product(trx);
      await trx.insertInto('sysSeedLog').values({ name: part.name, appliedAt: now() }).execute();
    });
  }
}
