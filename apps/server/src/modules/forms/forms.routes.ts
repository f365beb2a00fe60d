import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm, type CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { ok, page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { RESULT_TEXT, STATUS_TEXT } from '../workflow/workflow.queries.js';
import { EXPENSE_TABLE } from './expense.form.js';
import { PERFORMANCE_TABLE } from './performance.form.js';

export const FORM_PERMS = {
  expense: 'forms:expense:list',
  /** see the whole company's expense forms (else only one's own) */
  expenseAll: 'forms:expense:all',
  performance: 'forms:performance:list',
  performanceAll: 'forms:performance:all',
} as const;

const optInt = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d*$/)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(min).max(max).optional());

const listQuery = z.looseObject({
  title: z.string().max(200).optional(),
  applicantName: z.string().max(100).optional(),
  status: optInt(0, 3),
  result: optInt(0, 5),
  yearPart: z.string().max(4).optional(),
  pageNo: optInt(1, 100000),
  pageSize: optInt(1, 500),
});
const byId = z.object({ id: z.string().min(1).max(100) });

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Company-scoped lists of the expense and performance forms with their approval status. */
export class FormListService {
  constructor(private readonly db: Database) {}

  async expenses(user: CurrentUser, q: z.infer<typeof listQuery>, all: boolean) {
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 10;
    let base = this.db
      .selectFrom('fmExpense as f')
      .leftJoin('wfBusiness as b', (j) => j.onRef('b.tableId', '=', 'f.id').on('b.tableName', '=', EXPENSE_TABLE))
      .where('f.delFlag', '=', 0);
    base = scopeToCompany(base, user, 'f.sysOrgCode');
    if (!all) base = base.where('f.applicant', '=', user.username);
    if (q.title?.trim()) base = base.where('f.title', 'like', like(q.title.trim()));
    if (q.applicantName?.trim()) base = base.where('f.applicantName', 'like', like(q.applicantName.trim()));
    if (q.status !== undefined) base = base.where('b.status', '=', q.status);
    if (q.result !== undefined) base = base.where('b.result', '=', q.result);
    const [rows, count] = await Promise.all([
      base
        .select([
          'f.id',
          'f.title',
          'f.applicant',
          'f.applicantName',
          'f.sysOrgCode',
          'f.expenseType',
          'f.amount',
          'f.reason',
          'f.items',
          'f.attachments',
          'f.actStatus',
          'f.createTime',
          'b.id as businessId',
          'b.procInstId',
          'b.status',
          'b.result',
          'b.applyTime',
        ])
        .orderBy('f.createTime', 'desc')
        .orderBy('f.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    const records = rows.map((r) => ({
      ...r,
      items: r.items ? (JSON.parse(r.items) as unknown[]) : [],
      status_dictText: r.status === null ? '' : STATUS_TEXT[r.status],
      result_dictText: r.result === null ? '' : RESULT_TEXT[r.result],
    }));
    return page(records, Number(count?.n ?? 0), pageNo, pageSize);
  }

  async performances(user: CurrentUser, q: z.infer<typeof listQuery>, all: boolean) {
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 10;
    let base = this.db
      .selectFrom('fmPerformance as f')
      .leftJoin('wfBusiness as b', (j) => j.onRef('b.tableId', '=', 'f.id').on('b.tableName', '=', PERFORMANCE_TABLE))
      .where('f.delFlag', '=', 0);
    base = scopeToCompany(base, user, 'f.sysOrgCode');
    if (!all) base = base.where('f.applicant', '=', user.username);
    if (q.title?.trim()) base = base.where('f.title', 'like', like(q.title.trim()));
    if (q.applicantName?.trim()) base = base.where('f.applicantName', 'like', like(q.applicantName.trim()));
    if (q.yearPart?.trim()) base = base.where('f.yearPart', '=', q.yearPart.trim());
    if (q.status !== undefined) base = base.where('b.status', '=', q.status);
    if (q.result !== undefined) base = base.where('b.result', '=', q.result);
    const [rows, count] = await Promise.all([
      base
        .select([
          'f.id',
          'f.title',
          'f.applicant',
          'f.applicantName',
          'f.sysOrgCode',
          'f.yearPart',
          'f.quarter',
          'f.selfScore',
          'f.summary',
          'f.score',
          'f.finalScore',
          'f.evalTime',
          'f.actStatus',
          'f.createTime',
          'b.id as businessId',
          'b.procInstId',
          'b.status',
          'b.result',
          'b.applyTime',
        ])
        .orderBy('f.createTime', 'desc')
        .orderBy('f.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    const records = rows.map((r) => ({
      ...r,
      status_dictText: r.status === null ? '' : STATUS_TEXT[r.status],
      result_dictText: r.result === null ? '' : RESULT_TEXT[r.result],
    }));
    return page(records, Number(count?.n ?? 0), pageNo, pageSize);
  }

  async one(user: CurrentUser, kind: 'expense' | 'performance', id: string, all: boolean) {
    const res = kind === 'expense' ? await this.expensesById(user, id) : await this.performancesById(user, id);
    if (!res || (!all && res.applicant !== user.username)) throw businessError('未找到对应数据');
    return res;
  }

  private async expensesById(user: CurrentUser, id: string) {
    let q = this.db.selectFrom('fmExpense as f').selectAll('f').where('f.id', '=', id).where('f.delFlag', '=', 0);
    q = scopeToCompany(q, user, 'f.sysOrgCode');
    const r = await q.executeTakeFirst();
    return r ? { ...r, items: r.items ? (JSON.parse(r.items) as unknown[]) : [] } : undefined;
  }

  private async performancesById(user: CurrentUser, id: string) {
    let q = this.db.selectFrom('fmPerformance as f').selectAll('f').where('f.id', '=', id).where('f.delFlag', '=', 0);
    q = scopeToCompany(q, user, 'f.sysOrgCode');
    return q.executeTakeFirst();
  }
}

export async function formsRoutes(app: FastifyInstance, lists: FormListService): Promise<void> {
  const tags = ['表单'];
  const all = (user: CurrentUser, code: string) => app.ctx.permissions.has(user, code);
  app.get(
    '/forms/expense/list',
    { config: { access: perm(FORM_PERMS.expense) }, schema: { tags, summary: '费用报销单列表', querystring: listQuery } },
    async (req) => ok(await lists.expenses(req.user!, req.query as z.infer<typeof listQuery>, await all(req.user!, FORM_PERMS.expenseAll))),
  );
  app.get(
    '/forms/expense/queryById',
    { config: { access: perm(FORM_PERMS.expense) }, schema: { tags, summary: '费用报销单详情', querystring: byId } },
    async (req) => ok(await lists.one(req.user!, 'expense', (req.query as { id: string }).id, await all(req.user!, FORM_PERMS.expenseAll))),
  );
  app.get(
    '/forms/performance/list',
    { config: { access: perm(FORM_PERMS.performance) }, schema: { tags, summary: '绩效考评表列表', querystring: listQuery } },
    async (req) => ok(await lists.performances(req.user!, req.query as z.infer<typeof listQuery>, await all(req.user!, FORM_PERMS.performanceAll))),
  );
  app.get(
    '/forms/performance/queryById',
    { config: { access: perm(FORM_PERMS.performance) }, schema: { tags, summary: '绩效考评表详情', querystring: byId } },
    async (req) => ok(await lists.one(req.user!, 'performance', (req.query as { id: string }).id, await all(req.user!, FORM_PERMS.performanceAll))),
  );
}
