/**
 * Who reads the change trail (docs/audit.md) of approval forms and process variables. A form type's rows
 * (record type = its table, e.g. `fm_funds`) are read with the form's list permission: holders of its `all`
 * permission read the company's rows, everyone else their own applications and those they may see in the
 * workflow (as `/actBusiness/getForm`). Process variables (`wf_variable`, record id = the instance) are read
 * by whoever may see the instance's history.
 */
import type { CurrentUser } from '../../platform/access/access.js';
import { registerChangeTypeReader } from '../../platform/audit/change-log.service.js';
import type { Database } from '../../platform/db/database.js';
import type { FormRegistry } from './form-registry.js';
import type { WorkflowQueries } from './workflow.queries.js';
import type { ActionQueries } from './action.queries.js';

/** Record type of the process variables' trail. */
export const VARIABLE_RECORD_TYPE = 'wf_variable';

/** The permission that shows every instance (the process admin), as the history's check reads it. */
const ALL_INSTANCES = 'workflow:process:list';

interface Workflow {
  queries: Pick<WorkflowQueries, 'participates'>;
  actions: Pick<ActionQueries, 'copied'>;
  registry: FormRegistry;
}

/** Whether a user may see an instance and its history: a participant, someone copied, or the process admin. */
export async function canSeeInstance(w: Pick<Workflow, 'queries' | 'actions'>, has: (code: string) => Promise<boolean>, username: string, procInstId: string): Promise<boolean> {
  return (await w.queries.participates(procInstId, username)) || (await w.actions.copied(procInstId, username)) || (await has(ALL_INSTANCES));
}

const byDb = new WeakMap<Database, Workflow>();
/** The registry of the app registered last: the form types (the same in every app) of `matches` and `perm`. */
let latest: FormRegistry | null = null;
const trailOf = (registry: FormRegistry | null | undefined, type: string) => registry?.get(type)?.changeLog;

async function canReadForm(w: Workflow, db: Database, user: CurrentUser, type: string, id: string, has: (code: string) => Promise<boolean>): Promise<boolean> {
  const all = trailOf(w.registry, type)?.perms.all;
  if (all && (await has(all))) return true;
  const b = await db.selectFrom('wfBusiness').select(['userId', 'procInstId']).where('tableName', '=', type).where('tableId', '=', id).executeTakeFirst();
  if (!b) return false;
  return b.userId === user.username || (!!b.procInstId && (await canSeeInstance(w, has, user.username, b.procInstId)));
}

/**
 * Tells the change log's readers about the form types of the app's registry (looked up when read, so types
 * registered later by other modules count) and about process variables.
 */
export function registerWorkflowChangeReaders(db: Database, w: Workflow): void {
  byDb.set(db, w);
  latest = w.registry;
  registerChangeTypeReader('workflow-forms', {
    matches: (type) => !!trailOf(latest, type),
    perm: (type) => trailOf(latest, type)?.perms.list ?? '',
    describe: async (db, type) => {
      const c = trailOf(byDb.get(db)?.registry ?? latest, type);
      return c ? { label: c.label, fields: c.fields } : null;
    },
    canRead: async (db, user, type, id, has) => {
      const w = byDb.get(db);
      return !!w && canReadForm(w, db, user, type, id, has);
    },
  });
  registerChangeTypeReader('workflow-variables', {
    matches: (type) => type === VARIABLE_RECORD_TYPE,
    canRead: async (db, user, _type, id, has) => {
      const w = byDb.get(db);
      return !!w && canSeeInstance(w, has, user.username, id);
    },
  });
}
