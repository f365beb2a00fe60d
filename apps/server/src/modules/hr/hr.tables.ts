import type { Audit } from '../../platform/db/schema.js';

/** 人事档案: one row per person (docs/hr.md). */
export interface HyUser extends Audit {
  id: string;
  userId: string | null;
  username: string | null;
  realname: string;
  sex: string | null;
  birthday: string | null;
  idCard: string | null;
  nativePlace: string | null;
  nation: string | null;
  political: string | null;
  marriage: string | null;
  children: number | null;
  mobile: string | null;
  telephone: string | null;
  email: string | null;
  qq: string | null;
  address: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
  degree: string | null;
  school: string | null;
  major: string | null;
  graduationDate: string | null;
  /** JSON list */
  educations: string | null;
  /** JSON list */
  workHistory: string | null;
  orgCode: string;
  departName: string | null;
  post: string | null;
  rank: string | null;
  jobTitle: string | null;
  entryDate: string | null;
  regularDate: string | null;
  employType: string | null;
  probationMonths: number | null;
  bankName: string | null;
  bankCard: string | null;
  socialSecurity: string | null;
  socialSecurityBase: number | string | null;
  housingFund: string | null;
  housingFundBase: number | string | null;
  contractNo: string | null;
  contractType: string | null;
  contractStart: string | null;
  contractEnd: string | null;
  contractRenewals: number;
  photo: string | null;
  attachments: string | null;
  applyPost: string | null;
  source: string | null;
  offerDate: string | null;
  /** JSON list of onboarding checklist items */
  onboarding: string | null;
  status: string;
  statusDate: string | null;
  pendingMove: string | null;
  dimissionType: string | null;
  dimissionDate: string | null;
  dimissionReason: string | null;
  handover: string | null;
  blacklistReason: string | null;
  blacklistFlag: number;
  duplicateOf: string | null;
  delFlag: number;
}

/** The change log and timeline. */
export interface HyUserLog {
  id: string;
  hyUserId: string | null;
  realname: string | null;
  orgCode: string | null;
  action: string;
  field: string | null;
  fieldLabel: string | null;
  oldValue: string | null;
  newValue: string | null;
  reason: string | null;
  effectiveDate: string | null;
  operator: string | null;
  operatorName: string | null;
  createTime: string;
}

export interface HyInterview extends Audit {
  id: string;
  hyUserId: string;
  orgCode: string;
  round: number;
  interviewDate: string | null;
  interviewers: string | null;
  score: number | null;
  verdict: string;
  comment: string | null;
}

export interface HyMoveRow extends Audit {
  id: string;
  hyUserId: string;
  orgCode: string;
  action: string;
  title: string | null;
  payload: string;
  reason: string | null;
  effectiveDate: string | null;
  status: string;
  operator: string | null;
  operatorName: string | null;
  actStatus: string | null;
  delFlag: number;
}

export interface HyTransfer {
  id: string;
  hyUserId: string;
  realname: string | null;
  fromOrgCode: string;
  fromDepartName: string | null;
  toOrgCode: string;
  toDepartName: string | null;
  fromPost: string | null;
  toPost: string | null;
  fromRank: string | null;
  toRank: string | null;
  effectiveDate: string | null;
  reason: string | null;
  operator: string | null;
  operatorName: string | null;
  createTime: string;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    hyUser: HyUser;
    hyUserLog: HyUserLog;
    hyInterview: HyInterview;
    hyMove: HyMoveRow;
    hyTransfer: HyTransfer;
  }
}
