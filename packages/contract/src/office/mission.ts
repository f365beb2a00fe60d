import { z } from 'zod';
import { gmt8Day } from './weekly.js';

export const MISSION_STATUS: Record<string, string> = {
  '0': '未开始',
  '1': '进行中',
  '2': '已完成',
  '3': '已逾期',
  '4': '已取消',
};
export const MISSION_PRIORITY: Record<string, string> = { '0': '普通', '1': '重要', '2': '紧急' };
export const MISSION_TEXTS = {
  titleRequired: '请输入任务名称',
  ownerRequired: '请选择负责人',
  dueInvalid: '请选择正确的截止日期',
  notFound: '任务不存在',
  noRight: '只有负责人、参与人或创建人可以修改任务',
  overdueNeedsDate: '任务已逾期，请先延后截止日期',
  moveConflict: '该卡片已被他人移动，已刷新为最新位置',
  boardNameRequired: '请输入看板名称',
  boardNotFound: '看板不存在',
  columnUnknown: '看板列不存在',
  itemRequired: '请输入内容',
} as const;

/** Statuses a person may set; 已逾期 follows from the due date. */
export const SETTABLE_STATUS = ['0', '1', '2', '4'] as const;
const OPEN = new Set(['0', '1', '3']);

/**
 * Overdue is decided on the GMT+8 calendar: a mission due on day D is overdue from 00:00 GMT+8 of D+1.
 * Comparing `yyyy-MM-dd` strings is exact across month and year ends.
 */
export function isOverdue(dueDate: string | null | undefined, status: string, nowMs: number = Date.now()): boolean {
  if (!dueDate || !OPEN.has(status)) return false;
  return dueDate < gmt8Day(nowMs);
}

/** The status shown: stored status, or 已逾期 for an open mission past its due day. */
export function effectiveStatus(dueDate: string | null | undefined, status: string, nowMs: number = Date.now()): string {
  if (status === '3') return isOverdue(dueDate, status, nowMs) ? '3' : '1';
  return isOverdue(dueDate, status, nowMs) ? '3' : status;
}

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MISSION_TEXTS.dueInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), MISSION_TEXTS.dueInvalid);

export const missionSaveSchema = z.object({
  id: z.string().max(32).optional(),
  title: z.string().trim().min(1, MISSION_TEXTS.titleRequired).max(200),
  description: z.string().max(200_000).optional().nullable(),
  owner: z.string().trim().min(1, MISSION_TEXTS.ownerRequired).max(100),
  participants: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  priority: z.enum(['0', '1', '2']).optional(),
  startDate: day.optional().nullable().or(z.literal('')),
  dueDate: day.optional().nullable().or(z.literal('')),
  status: z.enum(SETTABLE_STATUS).optional(),
  progress: z.number().int().min(0).max(100).optional(),
  attachments: z.string().max(4000).optional().nullable(),
  boardId: z.string().max(32).optional().nullable(),
});
export type MissionSave = z.infer<typeof missionSaveSchema>;

export const missionStatusSchema = z.object({
  id: z.string().min(1).max(32),
  status: z.enum(SETTABLE_STATUS),
});

export const missionItemSchema = z.object({
  missionId: z.string().min(1).max(32),
  kind: z.enum(['task', 'check']),
  title: z.string().trim().min(1, MISSION_TEXTS.itemRequired).max(200),
});

export const boardColumnSchema = z.object({
  key: z.string().trim().min(1).max(50),
  title: z.string().trim().min(1).max(50),
  status: z.enum(SETTABLE_STATUS),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** The columns of a board without custom columns: one per settable status. */
export const STATUS_COLUMNS: BoardColumn[] = SETTABLE_STATUS.map((s) => ({ key: s, title: MISSION_STATUS[s], status: s }));

export const boardSaveSchema = z.object({
  id: z.string().max(32).optional(),
  name: z.string().trim().min(1, MISSION_TEXTS.boardNameRequired).max(100),
  description: z.string().max(500).optional().nullable(),
  columns: z.array(boardColumnSchema).min(1).max(12).optional().nullable(),
});

export const kanbanMoveSchema = z.object({
  id: z.string().min(1).max(32),
  toColumn: z.string().min(1).max(50),
  toIndex: z.number().int().min(0).max(100_000).optional(),
  version: z.number().int().min(0),
});

/** socketKey of a board's moves on the table socket */
export const kanbanSocketKey = (boardId: string) => `kanban:${boardId}`;
