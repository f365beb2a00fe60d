import type { Audit } from '../../platform/db/schema.js';

export interface FmExpense extends Audit {
  id: string;
  title: string;
  applicant: string;
  applicantName: string | null;
  sysOrgCode: string | null;
  expenseType: string | null;
  amount: number;
  reason: string | null;
  /** JSON array of {name, amount, remark} */
  items: string | null;
  /** comma-separated stored paths */
  attachments: string | null;
  actStatus: string | null;
  delFlag: number;
}

export interface FmPerformance extends Audit {
  id: string;
  title: string;
  applicant: string;
  applicantName: string | null;
  sysOrgCode: string | null;
  yearPart: string;
  quarter: number;
  selfScore: number | null;
  summary: string | null;
  /** the latest approver's score */
  score: number | null;
  /** written when the evaluation passes */
  finalScore: number | null;
  evalTime: string | null;
  actStatus: string | null;
  delFlag: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    fmExpense: FmExpense;
    fmPerformance: FmPerformance;
  }
}
