import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import type { WfJob, WfToken } from './workflow.tables.js';

/** A running instance with its application, as the migration reads it. */
export interface RunningInstance {
  id: string;
  procDefId: string;
  businessId: string;
  title: string | null;
  starter: string;
  starterName: string | null;
  startTime: string | null;
  parentId: string | null;
  tableName: string;
  tableId: string;
}

/** An open task with its open candidates. */
export interface OpenTask {
  id: string;
  tokenId: string | null;
  nodeId: string;
  name: string | null;
  assignee: string | null;
  candidates: string[];
}

/** What a plan reads of an instance: waiting positions, open tasks, variables (form, vars, countersign states) and jobs. */
export interface InstanceState {
  tokens: WfToken[];
  tasks: OpenTask[];
  variables: { form: Record<string, unknown>; vars: Record<string, unknown>; mi: Set<string> };
  jobs: Pick<WfJob, 'id' | 'type' | 'nodeId' | 'elementId' | 'taskId'>[];
}

const INSTANCE_COLUMNS = [
  'i.id',
  'i.procDefId',
  'i.businessId',
  'i.title',
  'i.starter',
  'i.starterName',
  'i.startTime',
  'i.parentId',
  'b.tableName',
  'b.tableId',
] as const;

/** The reads of the migration (every value bound; instances limited to the caller's company). */
export class MigrationQueries {
  constructor(private readonly db: Database) {}

  /** Running instances of a version, the chosen ones or all (oldest first), of the caller's company (A01: all). */
  async running(
    user: CurrentUser,
    procDefId: string,
    ids: string[] | undefined,
    limit: number,
  ): Promise<RunningInstance[]> {
    if (ids && !ids.length) return [];
    let q = this.db
      .selectFrom('wfInstance as i')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .select(INSTANCE_COLUMNS)
      .where('i.procDefId', '=', procDefId)
      .where('i.state', '=', 'running');
    q = scopeToCompany(q, user, 'b.sysOrgCode');
    if (ids) q = q.where('i.id', 'in', ids);
    const rows = await q.orderBy('i.startTime').orderBy('i.id').limit(limit).execute();
    return rows.map((r) => ({ ...r, parentId: r.parentId ?? null }));
  }

  /** One instance as it is inside the migration's transaction. */
  async runningById(db: Database, id: string): Promise<RunningInstance | undefined> {
    const r = await db
      .selectFrom('wfInstance as i')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .select(INSTANCE_COLUMNS)
      .where('i.id', '=', id)
      .executeTakeFirst();
    return r ? { ...r, parentId: r.parentId ?? null } : undefined;
  }

  async state(db: Database, instId: string): Promise<InstanceState> {
    const tokens = await db
      .selectFrom('wfToken')
      .selectAll()
      .where('instId', '=', instId)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
    const taskRows = await db
      .selectFrom('wfTask as t')
      .leftJoin('wfTaskCandidate as c', (j) => j.onRef('c.taskId', '=', 't.id').on('c.open', '=', 1))
      .select(['t.id', 't.tokenId', 't.nodeId', 't.name', 't.assignee', 'c.username'])
      .where('t.instId', '=', instId)
      .where('t.status', '=', 0)
      .orderBy('t.createTime')
      .orderBy('t.id')
      .execute();
    const tasks = new Map<string, OpenTask>();
    for (const r of taskRows) {
      const t = tasks.get(r.id) ?? {
        id: r.id,
        tokenId: r.tokenId,
        nodeId: r.nodeId,
        name: r.name,
        assignee: r.assignee,
        candidates: [],
      };
      if (r.username && !t.candidates.includes(r.username)) t.candidates.push(r.username);
      tasks.set(r.id, t);
    }
    const vars = await db
      .selectFrom('wfVariable')
      .select(['name', 'value'])
      .where('instId', '=', instId)
      .execute();
    const json = (name: string) => {
      const v = vars.find((x) => x.name === name)?.value;
      return v ? (JSON.parse(v) as Record<string, unknown>) : {};
    };
    const mi = new Set(vars.filter((x) => x.name.startsWith('mi:') && x.value).map((x) => x.name.slice(3)));
    const jobs = await db
      .selectFrom('wfJob')
      .select(['id', 'type', 'nodeId', 'elementId', 'taskId'])
      .where('instId', '=', instId)
      .execute();
    return {
      tokens,
      tasks: [...tasks.values()],
      variables: { form: json('form'), vars: json('vars'), mi },
      jobs,
    };
  }

  /** A node's people rules, read fresh (the engine's copy may be a few seconds old). */
  async rules(
    db: Database,
    procDefId: string,
    nodeId: string,
  ): Promise<{ type: number; relateId: string | null }[]> {
    return db
      .selectFrom('wfNodeRule')
      .select(['type', 'relateId'])
      .where('procDefId', '=', procDefId)
      .where('nodeId', '=', nodeId)
      .execute();
  }
}
