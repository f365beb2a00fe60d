import { z } from 'zod';

/** Texts of the weekly report screens and errors (docs/office.md, "Weekly reports"). */
export const WEEKLY_TEXTS = {
  notToSelf: '不能选择自己提交周报',
  recipientsRequired: '请选择接收人',
  recipientUnknown: '接收人不存在或不在本公司',
  exists: '本周周报已存在，请编辑',
  notFound: '周报不存在',
  notOwner: '只能修改自己的周报',
  submittedNoDelete: '已提交的周报不能删除',
  contentRequired: '请填写本周完成的工作',
  weekInvalid: '请选择正确的周（周一日期）',
  commentRequired: '请输入评论内容',
  saved: '保存成功',
  submitted: '提交成功',
  deleted: '删除成功!',
  reminded: '已提醒',
} as const;

export const WEEKLY_STATUS: Record<string, string> = { '0': '草稿', '1': '已提交' };
export const READ_FLAG: Record<string, string> = { '0': '未读', '1': '已读' };

const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3_600_000;

/** The GMT+8 calendar day (`yyyy-MM-dd`) of an instant. */
export function gmt8Day(ms: number = Date.now()): string {
  return new Date(ms + GMT8_MS).toISOString().slice(0, 10);
}

/** Adds days to a `yyyy-MM-dd` calendar day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week holding a calendar day. */
export function weekStartOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The Monday of the current week in GMT+8. */
export function currentWeekStart(ms: number = Date.now()): string {
  return weekStartOf(gmt8Day(ms));
}

export function isMonday(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && weekStartOf(day) === day;
}

/** ISO week number and its year, e.g. 2026-11-23 → {year: 2026, week: 48}. */
export function isoWeek(weekStart: string): { year: number; week: number } {
  const thursday = addDays(weekStart, 3);
  const year = Number(thursday.slice(0, 4));
  const jan1 = Date.UTC(year, 0, 1);
  const t = Date.parse(`${thursday}T00:00:00Z`);
  return { year, week: Math.floor((t - jan1) / DAY_MS / 7) + 1 };
}

/** `2026年第48周（11-23至11-29）` */
export function weekLabel(weekStart: string): string {
  const { year, week } = isoWeek(weekStart);
  return `${year}年第${week}周（${weekStart.slice(5)}至${addDays(weekStart, 6).slice(5)}）`;
}

const weekStartField = z
  .string()
  .trim()
  .refine(isMonday, WEEKLY_TEXTS.weekInvalid);
const rich = z.string().max(200_000).optional().nullable();
const usernames = z.array(z.string().trim().min(1).max(100)).max(50);

/** Draft or submit body of a weekly report (the form uses the same rules). */
export const weeklySaveSchema = z.object({
  id: z.string().max(32).optional(),
  weekStart: weekStartField,
  doneContent: rich,
  planContent: rich,
  problemContent: rich,
  attachments: z.string().max(4000).optional().nullable(),
  recipients: usernames.optional(),
  submit: z.boolean().optional(),
});
export type WeeklySave = z.infer<typeof weeklySaveSchema>;

export const weeklySubmitSchema = z.object({
  id: z.string().min(1).max(32),
  recipients: usernames.min(1, WEEKLY_TEXTS.recipientsRequired),
});

export const commentSchema = z.object({
  bizId: z.string().min(1).max(32),
  parentId: z.string().max(32).optional().nullable(),
  content: z.string().trim().min(1, WEEKLY_TEXTS.commentRequired).max(2000),
});

export const weeklyRemindSchema = z.object({
  weekStart: weekStartField,
  usernames: usernames.optional(),
});

/** The client-side half of the not-to-oneself rule (the server checks it again). */
export function recipientsError(recipients: string[] | undefined, self: string): string | null {
  if (!recipients || recipients.length === 0) return WEEKLY_TEXTS.recipientsRequired;
  if (recipients.includes(self)) return WEEKLY_TEXTS.notToSelf;
  return null;
}
