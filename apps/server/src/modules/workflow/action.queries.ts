import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { page } from '../../platform/http/envelope.js';
import { likeContains } from '../../platform/query/like.js';
import { applyFilters, paging, runPage, type Whitelist } from '../../platform/query/query-builder.js';

/** The page of the action lists: `pageNo` from 1, `pageSize` from 1 to 200 (10 by default). */
export function actionPaging(pageNo?: number, pageSize?: number) {
  return paging({ pageNo: pageNo === undefined ? undefined : Math.max(1, pageNo), pageSize: pageSize === undefined ? undefined : Math.max(1, pageSize) }, 200);
}

/** CC inbox filters by value (the title is a contains-search). */
const CC_WHITELIST: Whitelist = { readFlag: { column: 'c.readFlag', type: 'number', sortable: false } };
/** Running-instance filters by value (title, process name and applicant are contains-searches). */
const INSTANCE_WHITELIST: Whitelist = { state: { column: 'i.state', sortable: false } };

const STATE_TEXT: Record<string, string> = { running: '审批中', passed: '已通过', rejected: '已驳回', canceled: '已取消' };

type CcRow = {
  id: string;
  procInstId: string;
  fromUsername: string | null;
  fromRealname: string | null;
  comment: string | null;
  readFlag: number;
  createTime: string;
  readTime: string | null;
  title: string | null;
  applyer: string | null;
  state: string;
  processName: string;
  businessId: string | null;
  tableName: string | null;
  tableId: string | null;
  status: number | null;
  result: number | null;
};

export interface ChooseMarkInput {
  chooseMarkName?: string;
  formDataJson?: string | Record<string, unknown> | null;
  processName?: string;
  applyer?: string;
  procInstId?: string;
  currTaskName?: string;
  priority?: number;
  status?: string | number | null;
  tableId?: string;
  routeName?: string;
}

/** The CC inbox, the running-instance list and the lookups of the action endpoints. */
export class ActionQueries {
  constructor(private readonly db: Database) {}

  async ccList(username: string, input: { title?: string; readFlag?: number; pageNo?: number; pageSize?: number }) {
    const p = actionPaging(input.pageNo, input.pageSize);
    let q = this.db
      .selectFrom('wfCc as c')
      .innerJoin('wfInstance as i', 'i.id', 'c.instId')
      .innerJoin('wfDefinition as d', 'd.id', 'i.procDefId')
      .leftJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .where('c.username', '=', username);
    q = applyFilters(q, { readFlag: input.readFlag }, CC_WHITELIST);
    if (input.title?.trim()) q = q.where(likeContains('i.title', input.title.trim()));
    const [result, unread] = await Promise.all([
      runPage<typeof q, CcRow>(
        q,
        (b) =>
          b
            .select([
              'c.id',
              'c.instId as procInstId',
              'c.fromUsername',
              'c.fromRealname',
              'c.comment',
              'c.readFlag',
              'c.createTime',
              'c.readTime',
              'i.title',
              'i.starterName as applyer',
              'i.state',
              'd.name as processName',
              'b.id as businessId',
              'b.tableName',
              'b.tableId',
              'b.status',
              'b.result',
            ])
            .orderBy('c.createTime', 'desc')
            .orderBy('c.id', 'desc'),
        p,
      ),
      this.db.selectFrom('wfCc').select((eb) => eb.fn.countAll<number>().as('n')).where('username', '=', username).where('readFlag', '=', 0).executeTakeFirst(),
    ]);
    return { ...result, unread: Number(unread?.n ?? 0) };
  }

  async markRead(username: string, ids: string[] | 'all'): Promise<number> {
    let q = this.db.updateTable('wfCc').set({ readFlag: 1, readTime: now() }).where('username', '=', username).where('readFlag', '=', 0);
    if (ids !== 'all') {
      if (!ids.length) return 0;
      q = q.where('id', 'in', ids);
    }
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async instances(user: CurrentUser, input: { title?: string; processName?: string; applyer?: string; state?: string; pageNo?: number; pageSize?: number }) {
    const p = actionPaging(input.pageNo, input.pageSize);
    let q = this.db
      .selectFrom('wfInstance as i')
      .innerJoin('wfDefinition as d', 'd.id', 'i.procDefId')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId');
    q = scopeToCompany(q, user, 'b.sysOrgCode');
    q = applyFilters(q, { state: input.state || undefined }, INSTANCE_WHITELIST);
    if (input.title?.trim()) q = q.where(likeContains('i.title', input.title.trim()));
    if (input.processName?.trim()) q = q.where(likeContains('d.name', input.processName.trim()));
    if (input.applyer?.trim()) {
      const a = input.applyer.trim();
      q = q.where((eb) => eb.or([eb('i.starter', '=', a), likeContains('i.starterName', a)]));
    }
    type InstanceRow = {
      procInstId: string;
      procDefId: string;
      title: string | null;
      applyerUsername: string;
      applyer: string | null;
      state: string;
      startTime: string | null;
      endTime: string | null;
      endReason: string | null;
      processName: string;
      version: number;
      businessId: string;
      tableName: string;
      sysOrgCode: string | null;
    };
    const found = await runPage<typeof q, InstanceRow>(
      q,
      (b) =>
        b
          .select([
            'i.id as procInstId',
            'i.procDefId',
            'i.title',
            'i.starter as applyerUsername',
            'i.starterName as applyer',
            'i.state',
            'i.startTime',
            'i.endTime',
            'i.endReason',
            'd.name as processName',
            'd.version',
            'b.id as businessId',
            'b.tableName',
            'b.sysOrgCode',
          ])
          .orderBy('i.startTime', 'desc')
          .orderBy('i.id', 'desc'),
      p,
    );
    const rows = found.records;
    const ids = rows.map((r) => r.procInstId);
    const open = ids.length
      ? await this.db
          .selectFrom('wfTask as t')
          .leftJoin('wfTaskCandidate as c', (j) => j.onRef('c.taskId', '=', 't.id').on('c.open', '=', 1))
          .leftJoin('sysUser as u', (j) => j.on((eb) => eb('u.username', '=', eb.fn.coalesce('t.assignee', 'c.username'))))
          .select(['t.id', 't.instId', 't.nodeId', 't.name', 't.createTime', 'u.username', 'u.realname'])
          .where('t.instId', 'in', ids)
          .where('t.status', '=', 0)
          .orderBy('t.createTime')
          .execute()
      : [];
    return page(
      rows.map((r) => {
        const tasks = new Map<string, { id: string; key: string; name: string; createTime: string | null; users: { username: string; realname: string }[] }>();
        for (const o of open.filter((x) => x.instId === r.procInstId)) {
          const t = tasks.get(o.id) ?? { id: o.id, key: o.nodeId, name: o.name ?? o.nodeId, createTime: o.createTime, users: [] };
          if (o.username) t.users.push({ username: o.username, realname: o.realname ?? o.username });
          tasks.set(o.id, t);
        }
        return { ...r, state_dictText: STATE_TEXT[r.state] ?? r.state, tasks: [...tasks.values()] };
      }),
      found.total,
      found.current,
      found.size,
    );
  }

  /** A user who was copied may read the application. */
  async copied(procInstId: string, username: string): Promise<boolean> {
    const row = await this.db.selectFrom('wfCc').select('id').where('instId', '=', procInstId).where('username', '=', username).executeTakeFirst();
    return !!row;
  }

  /** The org code of an instance's application (undefined: no such instance). */
  async instanceOrgCode(procInstId: string): Promise<{ sysOrgCode: string | null } | undefined> {
    return this.db
      .selectFrom('wfInstance as i')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .select('b.sysOrgCode')
      .where('i.id', '=', procInstId)
      .executeTakeFirst();
  }

  /** The instance of a task (open or done). */
  async taskInstance(taskId: string): Promise<string | undefined> {
    const task = await this.db.selectFrom('wfTask').select('instId').where('id', '=', taskId).executeTakeFirst();
    return task?.instId;
  }

  /** The instance of an application. */
  async businessInstance(businessId: string): Promise<string | undefined> {
    const biz = await this.db.selectFrom('wfBusiness').select('procInstId').where('id', '=', businessId).executeTakeFirst();
    return biz?.procInstId ?? undefined;
  }

  /** Saves an approval mark (`/activiti/chooseMark/add`). */
  async addChooseMark(username: string, b: ChooseMarkInput): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('wfChooseMark')
      .values({
        id,
        chooseMarkName: b.chooseMarkName ?? null,
        formDataJson: typeof b.formDataJson === 'string' ? b.formDataJson : b.formDataJson ? JSON.stringify(b.formDataJson) : null,
        processName: b.processName ?? null,
        applyer: b.applyer ?? null,
        procInstId: b.procInstId ?? null,
        currTaskName: b.currTaskName ?? null,
        priority: b.priority ?? null,
        status: b.status === undefined || b.status === null ? null : String(b.status),
        tableId: b.tableId ?? null,
        routeName: b.routeName ?? null,
        createBy: username,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    return id;
  }
}
