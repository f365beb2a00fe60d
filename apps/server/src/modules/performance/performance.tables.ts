import type { Audit } from '../../platform/db/schema.js';

type Score = number | null;

/** Yearly sheet: one row per person and year; May is `marBranch` as on the wire. */
export interface UserYearPerf extends Audit {
  id: string;
  userId: string;
  userName: string | null;
  orgName: string | null;
  yearPart: string;
  /** the person's department org code (company scope, department filter) */
  sysOrgCode: string | null;
  departName: string | null;
  janBranch: Score;
  februaryBranch: Score;
  marchBranch: Score;
  aprilBranch: Score;
  marBranch: Score;
  juneBranch: Score;
  julyBranch: Score;
  augustBranch: Score;
  septemBranch: Score;
  octoberBranch: Score;
  novemberBranch: Score;
  decemBranch: Score;
  avgCount: Score;
}

/** Quarterly sheet: four quarter scores, each linked to the evaluation that produced it. */
export interface UserYearPart extends Audit {
  id: string;
  userId: string;
  userName: string | null;
  orgName: string | null;
  yearPart: string;
  sysOrgCode: string | null;
  departName: string | null;
  postName: string | null;
  firstQuarter: Score;
  firstQuarterId: string | null;
  secondQuarter: Score;
  secondQuarterId: string | null;
  thirdQuarter: Score;
  thirdQuarterId: string | null;
  fourthQuarter: Score;
  fourthQuarterId: string | null;
}

export interface PfScoreEntry {
  id: string;
  evaluationId: string;
  userId: string;
  yearPart: string;
  month: number | null;
  quarter: number | null;
  score: number;
  createTime: string | null;
}

export interface PfQuestionnaire extends Audit {
  id: string;
  title: string;
  description: string | null;
  sysOrgCode: string | null;
  delFlag: number;
}

export interface PfQuestion {
  id: string;
  questionnaireId: string;
  sortNo: number;
  type: string;
  title: string;
  weight: number;
  required: number;
  /** JSON array of {label, score} */
  options: string | null;
}

export interface PfSurvey extends Audit {
  id: string;
  questionnaireId: string;
  title: string;
  yearPart: string | null;
  targetUserId: string;
  targetUsername: string;
  targetRealname: string | null;
  sysOrgCode: string | null;
  departName: string | null;
}

export interface PfSurveyRater {
  id: string;
  surveyId: string;
  username: string;
  relation: string;
  /** 0 waiting, 1 answered */
  status: number;
  answerTime: string | null;
  createTime: string | null;
}

/** One answer of one anonymous answer sheet (`sheetNo`), never linked to the rater. */
export interface PfSurveyAnswer {
  id: string;
  surveyId: string;
  sheetNo: string;
  questionId: string;
  /** JSON of the value */
  value: string | null;
}

/** The columns of the 季度KPI考评 form table (`fm_kpi_part`, created from its declaration) the hooks use. */
export interface FmKpiPart {
  id: string;
  applicant: string;
  yearPart: number | string | null;
  quarter: string | null;
  selfScore: number | null;
  score: number | null;
  finalScore: number | null;
  evalTime: string | null;
  /** who started the KPI round that filed this form (null when the person filed it) */
  startedBy: string | null;
  delFlag: number;
  updateBy: string | null;
  updateTime: string | null;
}

/** A KPI round: the 季度KPI考评 of a department or company for one period, started by HR or a manager. */
export interface PfKpiRound {
  id: string;
  yearPart: number;
  quarter: number;
  orgCode: string;
  departName: string | null;
  kpiGoal: string | null;
  createdCount: number;
  skippedCount: number;
  failedCount: number;
  createBy: string | null;
  createByName: string | null;
  createTime: string | null;
}

/** One member's outcome in a round: `created` (with the application), `skipped` or `failed` with the reason. */
export interface PfKpiRoundItem {
  id: string;
  roundId: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  outcome: 'created' | 'skipped' | 'failed';
  reason: string | null;
  applicationId: string | null;
  formId: string | null;
  periodKey: string | null;
  createTime: string | null;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    fmKpiPart: FmKpiPart;
    pfKpiRound: PfKpiRound;
    pfKpiRoundItem: PfKpiRoundItem;
    userYearPerf: UserYearPerf;
    userYearPart: UserYearPart;
    pfScoreEntry: PfScoreEntry;
    pfQuestionnaire: PfQuestionnaire;
    pfQuestion: PfQuestion;
    pfSurvey: PfSurvey;
    pfSurveyRater: PfSurveyRater;
    pfSurveyAnswer: PfSurveyAnswer;
  }
}
