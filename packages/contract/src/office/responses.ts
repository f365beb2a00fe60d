import { z } from 'zod';
import type { Light } from './indicator.js';
import { boardColumnSchema } from './mission.js';

/**
 * Response rows of the office screens (weekly reports, missions, kanban, indicators, proposals): the
 * fields the clients read; loose, so extra columns pass through.
 */

const str = z.string();
const opt = z.string().nullable();

/** A comment or reply on a weekly report or a mission. */
export const oaCommentRow = z.looseObject({
  id: str,
  bizType: str,
  bizId: str,
  parentId: opt,
  username: str,
  realname: opt,
  content: str,
  createTime: opt,
});
export type OaCommentRow = z.infer<typeof oaCommentRow>;

// ------------------------------------------------------------------ weekly reports

export const oaWeeklyRecipientRow = z.looseObject({
  username: str,
  realname: opt,
  readFlag: str,
  readFlag_dictText: z.string().optional(),
  readTime: opt,
});
export type OaWeeklyRecipientRow = z.infer<typeof oaWeeklyRecipientRow>;

/** A weekly report with its recipients (my reports, search, detail). */
export const oaWeeklyRow = z.looseObject({
  id: str,
  username: str,
  realname: opt,
  sysOrgCode: opt,
  weekStart: str,
  weekLabel: str,
  doneContent: opt,
  planContent: opt,
  problemContent: opt,
  attachments: opt,
  status: str,
  status_dictText: str,
  submitTime: opt,
  departName: str,
  recipients: z.array(oaWeeklyRecipientRow),
  readCount: z.number(),
});
export type OaWeeklyRow = z.infer<typeof oaWeeklyRow>;

/** A report received by the caller (no full text, a summary). */
export const oaWeeklyReceivedRow = z.looseObject({
  id: str,
  username: str,
  realname: opt,
  weekStart: str,
  weekLabel: str,
  status: str,
  submitTime: opt,
  summary: str,
  readFlag: str,
  readFlag_dictText: z.string().optional(),
  readTime: opt,
});

/** This week's report, or last week's plan as this week's done. */
export const oaWeeklyPrefill = z.looseObject({
  weekStart: str,
  existing: oaWeeklyRow.nullable(),
  doneContent: str,
  lastWeekStart: opt.optional(),
});

export const oaWeeklySaved = z.looseObject({ id: str, status: str });

export const oaWeeklyUnsubmitted = z.looseObject({
  weekStart: str,
  weekLabel: str,
  teamSize: z.number(),
  records: z.array(z.looseObject({ username: str, realname: opt, orgCode: opt, departName: str, draft: z.boolean() })),
});

// ------------------------------------------------------------------ missions and kanban

export const oaMissionItemRow = z.looseObject({
  id: str,
  missionId: str,
  kind: str,
  title: str,
  done: z.number(),
  sortNo: z.number(),
});

/** A mission as listed and shown on a card (computed status, texts, names, item counts). */
export const oaMissionRow = z.looseObject({
  id: str,
  title: str,
  description: opt,
  owner: str,
  ownerName: opt,
  participants: z.array(str),
  participantNames: z.array(str),
  priority: str,
  priority_dictText: str,
  startDate: opt,
  dueDate: opt,
  status: str,
  storedStatus: str,
  status_dictText: z.string().optional(),
  overdue: z.boolean(),
  progress: z.number(),
  boardId: opt,
  columnKey: opt,
  version: z.number(),
  itemsTotal: z.number(),
  itemsDone: z.number(),
  attachments: opt,
  createBy: opt,
  createTime: opt,
});
export type OaMissionRow = z.infer<typeof oaMissionRow>;

export const oaMissionDetail = oaMissionRow.extend({ items: z.array(oaMissionItemRow) });

export const oaBoardRow = z.looseObject({
  id: str,
  name: str,
  description: opt,
  columns: z.array(boardColumnSchema),
});

export const oaBoardView = z.looseObject({
  id: str,
  name: str,
  description: opt,
  socketKey: str,
  columns: z.array(boardColumnSchema.extend({ cards: z.array(oaMissionRow) })),
});
export type OaBoardView = z.infer<typeof oaBoardView>;

export const oaKanbanMoved = z.looseObject({ card: oaMissionRow, column: str });

// ------------------------------------------------------------------ strategic indicators

const figure = z.number().nullable();
const light = z.enum(['green', 'yellow', 'red', 'grey']);
export const oaIndicatorRow = z.looseObject({
  id: str,
  year: z.number(),
  name: str,
  unit: opt,
  target: z.number(),
  weight: z.number(),
  owner: str,
  ownerName: opt,
  sysOrgCode: str,
  departName: str,
  months: z.array(z.looseObject({ month: z.number(), target: figure, actual: figure })),
  actualTotal: z.number(),
  completionRate: z.number(),
  lastMonth: z.number(),
  targetToDate: z.number(),
  progressRate: z.number(),
  light,
  light_dictText: str,
  quarters: z.array(z.looseObject({ quarter: z.number(), target: z.number(), actual: figure })),
});
export type OaIndicatorRow = z.infer<typeof oaIndicatorRow>;

export interface OaIndicatorNode {
  orgCode: string;
  departName: string;
  own: number;
  count: number;
  weightTotal: number;
  completionRate: number;
  progressRate: number;
  light: Light;
  children: OaIndicatorNode[];
}

/** A node of the organisation tree with the weighted roll-up of its subtree. */
export const oaIndicatorNode: z.ZodType<OaIndicatorNode, OaIndicatorNode> = z.lazy(() =>
  z.object({
    orgCode: str,
    departName: str,
    own: z.number(),
    count: z.number(),
    weightTotal: z.number(),
    completionRate: z.number(),
    progressRate: z.number(),
    light,
    children: z.array(oaIndicatorNode),
  }),
);

// ------------------------------------------------------------------ proposals

export const oaProposalAdoptedRow = z.looseObject({
  id: str,
  subject: opt,
  category: opt,
  category_dictText: opt,
  description: opt,
  benefit: opt,
  proposer: str,
  anonymous: z.boolean(),
  adoptTime: opt,
  owner: opt,
  ownerName: opt,
  missionId: opt,
  likeCount: z.number(),
  liked: z.boolean(),
});
export type OaProposalAdoptedRow = z.infer<typeof oaProposalAdoptedRow>;

export const oaProposalLiked = z.looseObject({ liked: z.boolean(), likeCount: z.number() });
