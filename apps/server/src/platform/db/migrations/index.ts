import type { Migration } from 'kysely';
import * as platform from './2026_11_21_0100_platform.js';
import * as system from './2026_11_21_0200_system.js';
import * as workflow from './2026_11_21_0300_workflow.js';
import * as announcement from './2026_11_21_0400_announcement.js';
import * as office from './2026_11_24_0900_office.js';
import * as officeIndicators from './2026_11_24_0901_office_indicators.js';
import * as officeProposals from './2026_11_24_0902_office_proposals.js';
import * as workflowEngine from './2026_11_24_0310_workflow_engine.js';
import * as workflowCc from './2026_11_24_0311_workflow_cc.js';
import * as workflowJobs from './2026_11_24_0312_workflow_jobs.js';
import * as passwordState from './2026_11_24_0700_password_state.js';
import * as hr from './2026_11_24_0800_hr.js';
import * as security from './2026_11_24_1000_security.js';
import * as usernameCi from './2026_11_24_1001_username_ci.js';
import * as onlineReport from './2026_11_24_1100_online_report.js';
import * as onlineForm from './2026_11_24_1101_online_form.js';
import * as onlineSessions from './2026_11_24_1200_online_sessions.js';
import * as ledger from './2026_11_24_1300_ledger.js';
import * as performance from './2026_11_24_1400_performance.js';
import * as listSearch from './2026_11_24_1900_list_search.js';
import * as listIndex from './2026_11_26_2100_list_index.js';
import * as performanceRanking from './2026_11_24_1401_performance_ranking.js';
import * as registration from './2026_11_24_1600_registration.js';
import * as userAgent from './2026_11_24_1700_user_agent.js';
import * as sso from './2026_11_24_1250_sso.js';
import * as dashboard from './2026_11_24_1500_dashboard.js';
import * as workflowTodo from './2026_11_26_2000_workflow_todo.js';
import * as workflowInitiator from './2026_11_27_1400_workflow_initiator.js';
import * as userPinyin from './2026_11_27_1900_user_pinyin.js';
import * as sharedSecrets from './2026_11_27_0150_shared_secrets.js';
import * as hrCompany from './2026_11_27_1800_hr_company.js';
import * as hrStatVersion from './2026_11_27_1810_hr_stat_version.js';
import * as performanceRankingOrder from './2026_11_27_1830_performance_ranking_order.js';
import * as performanceKpiRound from './2026_11_27_2000_performance_kpi_round.js';
import * as changeLog from './2026_11_27_2200_change_log.js';
import * as performanceRankingVersion from './2026_11_28_0210_performance_ranking_version.js';
import * as hrStatMarks from './2026_11_28_0220_hr_stat_marks.js';
import * as changeLogFieldIndex from './2026_11_28_0230_change_log_field_index.js';

/**
 * Every migration, by name (names sort in the order they run). Add a new file and list it here;
 * each domain takes its own hundred block (0100 platform, 0200 system admin, 0300 workflow,
 * 0400 announcements/jobs, 0500 widgets/files).
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0100_platform': platform,
  '2026_11_21_0200_system': system,
  '2026_11_21_0300_workflow': workflow,
  '2026_11_21_0400_announcement': announcement,
  '2026_11_24_0900_office': office,
  '2026_11_24_0901_office_indicators': officeIndicators,
  '2026_11_24_0902_office_proposals': officeProposals,
  '2026_11_24_0310_workflow_engine': workflowEngine,
  '2026_11_24_0311_workflow_cc': workflowCc,
  '2026_11_24_0312_workflow_jobs': workflowJobs,
  '2026_11_24_0700_password_state': passwordState,
  '2026_11_24_0800_hr': hr,
  '2026_11_24_1000_security': security,
  '2026_11_24_1001_username_ci': usernameCi,
  '2026_11_24_1100_online_report': onlineReport,
  '2026_11_24_1101_online_form': onlineForm,
  '2026_11_24_1200_online_sessions': onlineSessions,
  '2026_11_24_1300_ledger': ledger,
  '2026_11_24_1400_performance': performance,
  '2026_11_24_1401_performance_ranking': performanceRanking,
  '2026_11_24_1500_dashboard': dashboard,
  '2026_11_24_1600_registration': registration,
  '2026_11_24_1700_user_agent': userAgent,
  '2026_11_24_1900_list_search': listSearch,
  '2026_11_26_2100_list_index': listIndex,
  '2026_11_27_0150_shared_secrets': sharedSecrets,
  '2026_11_24_1250_sso': sso,
  '2026_11_26_2000_workflow_todo': workflowTodo,
  '2026_11_27_1400_workflow_initiator': workflowInitiator,
  '2026_11_27_1800_hr_company': hrCompany,
  '2026_11_27_1810_hr_stat_version': hrStatVersion,
  '2026_11_27_1830_performance_ranking_order': performanceRankingOrder,
  '2026_11_27_1900_user_pinyin': userPinyin,
  '2026_11_27_2000_performance_kpi_round': performanceKpiRound,
  '2026_11_27_2200_change_log': changeLog,
  '2026_11_28_0210_performance_ranking_version': performanceRankingVersion,
  '2026_11_28_0220_hr_stat_marks': hrStatMarks,
  '2026_11_28_0230_change_log_field_index': changeLogFieldIndex,
};
