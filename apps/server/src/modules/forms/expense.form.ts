import { z } from 'zod';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { FormType } from '../workflow/form-registry.js';

export const EXPENSE_TABLE = 'fm_expense';

const money = z
  .union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/, '金额最多两位小数')])
  .transform((v) => Number(v))
  .pipe(z.number().positive('金额必须大于0').max(100_000_000, '金额过大'));

export const expenseSchema = z.object({
  title: z.string().trim().max(200).optional(),
  expenseType: z.string().trim().max(32).optional().nullable(),
  reason: z.string({ error: '请输入报销事由' }).trim().min(1, '请输入报销事由').max(2000),
  items: z
    .array(
      z.object({
        name: z.string({ error: '请输入费用项目' }).trim().min(1, '请输入费用项目').max(100),
        amount: money,
        remark: z.string().trim().max(500).optional().nullable(),
      }),
      { error: '请至少填写一条费用明细' },
    )
    .min(1, '请至少填写一条费用明细')
    .max(100),
  attachments: z
    .union([z.string().max(4000), z.array(z.string().max(500)).max(20)])
    .optional()
    .nullable()
    .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? ''))),
});

type ExpenseInput = z.infer<typeof expenseSchema>;

const total = (items: ExpenseInput['items']) => Math.round(items.reduce((s, i) => s + i.amount, 0) * 100) / 100;

/** 费用 (expense reimbursement): items, amounts and attachments; the amount drives the gateway. */
export const expenseForm: FormType = {
  tableName: EXPENSE_TABLE,
  routeName: 'forms/ExpenseForm',
  label: '费用',
  endLabel: '完成费用报销',
  passPath: 'pass',
  commentRequired: false,
  fullScreen: false,
  schema: expenseSchema as unknown as z.ZodType<Record<string, unknown>>,
  async create(db, applicant, raw) {
    const data = raw as ExpenseInput;
    const id = newId();
    const title = data.title || `${applicant.realname}的费用报销`;
    await db
      .insertInto('fmExpense')
      .values({
        id,
        title,
        applicant: applicant.username,
        applicantName: applicant.realname,
        sysOrgCode: applicant.orgCode,
        expenseType: data.expenseType ?? null,
        amount: total(data.items),
        reason: data.reason,
        items: JSON.stringify(data.items),
        attachments: data.attachments || null,
        actStatus: null,
        delFlag: 0,
        createBy: applicant.username,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    return { id, title };
  },
  async update(db, id, raw, by) {
    const data = raw as ExpenseInput;
    const row = await db.selectFrom('fmExpense').select(['applicantName']).where('id', '=', id).executeTakeFirstOrThrow();
    const title = data.title || `${row.applicantName ?? ''}的费用报销`;
    await db
      .updateTable('fmExpense')
      .set({
        title,
        expenseType: data.expenseType ?? null,
        amount: total(data.items),
        reason: data.reason,
        items: JSON.stringify(data.items),
        attachments: data.attachments || null,
        updateBy: by,
        updateTime: now(),
      })
      .where('id', '=', id)
      .execute();
    return { title };
  },
  async load(db, id) {
    const r = await db.selectFrom('fmExpense').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!r) return undefined;
    return {
      id: r.id,
      title: r.title,
      applicant: r.applicant,
      applicantName: r.applicantName,
      sysOrgCode: r.sysOrgCode,
      expenseType: r.expenseType,
      amount: r.amount,
      reason: r.reason,
      items: r.items ? (JSON.parse(r.items) as unknown[]) : [],
      attachments: r.attachments ?? '',
      actStatus: r.actStatus,
      createTime: r.createTime,
    };
  },
  async remove(db, id) {
    await db.updateTable('fmExpense').set({ delFlag: 1 }).where('id', '=', id).execute();
  },
  async setActStatus(db: Database, id: string, text: string) {
    await db.updateTable('fmExpense').set({ actStatus: text }).where('id', '=', id).execute();
  },
};
