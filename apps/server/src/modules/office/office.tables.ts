import type { Audit } from '../../platform/db/schema.js';

export interface OaWeekly extends Audit {
  id: string;
  username: string;
  realname: string | null;
  sysOrgCode: string | null;
  /** Monday of the week (GMT+8), yyyy-MM-dd */
  weekStart: string;
  doneContent: string | null;
  planContent: string | null;
  problemContent: string | null;
  attachments: string | null;
  /** '0' draft, '1' submitted */
  status: string;
  submitTime: string | null;
}

export interface OaWeeklyRecipient {
  id: string;
  weeklyId: string;
  username: string;
  realname: string | null;
  readFlag: string;
  readTime: string | null;
  createTime: string | null;
}

/** A type alias (not an interface) so rows satisfy the loose response schemas' index signature. */
export type OaComment = {
  id: string;
  bizType: string;
  bizId: string;
  parentId: string | null;
  username: string;
  realname: string | null;
  content: string;
  createTime: string | null;
};

export interface OaBoard extends Audit {
  id: string;
  name: string;
  description: string | null;
  sysOrgCode: string | null;
  columns: string | null;
  delFlag: number;
}

export interface OaMission extends Audit {
  id: string;
  title: string;
  description: string | null;
  owner: string;
  ownerName: string | null;
  participants: string | null;
  priority: string;
  startDate: string | null;
  dueDate: string | null;
  status: string;
  progress: number;
  attachments: string | null;
  boardId: string | null;
  columnKey: string | null;
  sortNo: number;
  version: number;
  finishTime: string | null;
  dueReminded: number;
  overdueReminded: number;
  sysOrgCode: string | null;
  delFlag: number;
}

export type OaMissionItem = {
  id: string;
  missionId: string;
  kind: string;
  title: string;
  done: number;
  sortNo: number;
  createTime: string | null;
};

export interface OaIndicator extends Audit {
  id: string;
  year: number;
  name: string;
  unit: string | null;
  target: number;
  weight: number;
  owner: string;
  ownerName: string | null;
  sysOrgCode: string;
  sortNo: number;
  delFlag: number;
}

export interface OaIndicatorMonth {
  id: string;
  indicatorId: string;
  month: number;
  target: number | null;
  actual: number | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** The proposal form's table (created from its declaration). */
export interface OaProposal extends Audit {
  id: string;
  title: string;
  applicant: string;
  applicantName: string | null;
  sysOrgCode: string | null;
  actStatus: string | null;
  delFlag: number;
  category: string | null;
  anonymous: string | null;
  subject: string | null;
  description: string | null;
  benefit: string | null;
}

export interface OaProposalAdoption {
  proposalId: string;
  adoptTime: string | null;
  owner: string | null;
  ownerName: string | null;
  missionId: string | null;
  assignBy: string | null;
  assignTime: string | null;
}

export interface OaProposalLike {
  id: string;
  proposalId: string;
  username: string;
  createTime: string | null;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    oaWeekly: OaWeekly;
    oaWeeklyRecipient: OaWeeklyRecipient;
    oaComment: OaComment;
    oaBoard: OaBoard;
    oaMission: OaMission;
    oaMissionItem: OaMissionItem;
    oaIndicator: OaIndicator;
    oaIndicatorMonth: OaIndicatorMonth;
    oaProposal: OaProposal;
    oaProposalAdoption: OaProposalAdoption;
    oaProposalLike: OaProposalLike;
  }
}
