import { formPerms, type FormValues } from '@go/contract/forms/index';
import type { CurrentUser } from '../platform/access/access.js';
import { companyOf } from '../platform/access/access.js';
import type { Database } from '../platform/db/database.js';
import { declaredFormType, registerFormTypes } from '../modules/forms/index.js';
import { discoverModules } from '../modules/forms/discovery.js';
import { ensureFormTable } from '../modules/forms/form-table.js';
import { buildWorkflow } from '../modules/workflow/index.js';
import { FormRegistry } from '../modules/workflow/form-registry.js';
import type { FormDemo, FormSeed } from './forms/form-seed.js';
import { addDict, addMenus, menuIdByUrl, productRules } from './helpers.js';

export { bpmn, type FormSeed, type FormDemo, type NodeSeed } from './forms/form-seed.js';

const ALL = ['admin', 'hr', 'dept_leader', 'staff'];
const APPROVERS = ['admin', 'hr', 'dept_leader'];

const seedModules = await discoverModules(
  () => import.meta.glob<Record<string, unknown>>('./forms/*.seed.ts', { eager: true }),
  new URL('./forms/', import.meta.url),
  '.seed.ts',
);

/** Every `seed/forms/*.seed.ts` file's `formSeed`, by menu order (found, not listed). */
export const FORM_SEEDS: FormSeed[] = Object.values(seedModules)
  .map((m) => m.formSeed as FormSeed | undefined)
  .filter((s): s is FormSeed => !!s && !!s.form)
  .sort((a, b) => a.menu.sortNo - b.menu.sortNo || a.form.slug.localeCompare(b.form.slug));

/** The engine with the built-in form types (and the seeded one, should it live outside the forms folder). */
function services(db: Database, seed: FormSeed) {
  const registry = new FormRegistry();
  registerFormTypes(registry);
  if (!registry.get(seed.form.key)) registry.register(declaredFormType(seed.form));
  return buildWorkflow(db, registry);
}

async function userOf(db: Database, username: string): Promise<CurrentUser> {
  const u = await db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', username).executeTakeFirstOrThrow();
  return { id: u.id, username: u.username, realname: u.realname ?? u.username, orgCode: u.orgCode ?? '', company: companyOf(u.orgCode), tenantId: 0, sessionId: '' };
}

/** Filing and acting on demo applications of one form type through the engine (as in the screens). */
function demoOf(db: Database, s: ReturnType<typeof services>, seed: FormSeed): FormDemo {
  /** The open task of an instance and the approver who acts on it (the given one, else its first candidate). */
  const openTask = async (instId: string, who?: string) => {
    const id = (await db.selectFrom('wfTask').select('id').where('instId', '=', instId).where('status', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    if (who) return { id, cu: await userOf(db, who) };
    const c = await db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', id).where('open', '=', 1).orderBy('username').executeTakeFirstOrThrow();
    return { id, cu: await userOf(db, c.username) };
  };
  return {
    async file(who: string, data: FormValues, submit = true) {
      const cu = await userOf(db, who);
      const app = await s.applications.add(cu, { tableName: seed.form.key, data }, db);
      if (!submit) return { id: app.id, inst: '' };
      const { procInstId } = await s.engine.apply({ username: cu.username, realname: cu.realname }, { id: app.id });
      return { id: app.id, inst: procInstId };
    },
    async pass(who, inst, comment = '同意', payload = {}) {
      const { id, cu } = await openTask(inst, who);
      await s.engine.pass({ username: cu.username, realname: cu.realname }, { id, comment, payload });
    },
    async back(inst, comment) {
      const { id, cu } = await openTask(inst);
      await s.engine.back({ username: cu.username, realname: cu.realname }, { id, comment });
    },
    async cancel(who, id, reason) {
      const cu = await userOf(db, who);
      await s.engine.cancel({ username: cu.username, realname: cu.realname }, { id, reason });
    },
  };
}

/**
 * One form type's seed: its dictionaries, table, list under 流程 (`/activiti/forms/<slug>`, page
 * `forms/DeclaredFormList`, permissions `forms:<slug>:list` for everyone and `forms:<slug>:all` for
 * approvers), its process with the approvers of each node, and its demo applications. A type whose list is
 * already there (seeded before) is left alone.
 */
export async function seedFormType(db: Database, seed: FormSeed, opts: { demo?: boolean } = {}): Promise<void> {
  const d = seed.form;
  const url = `/activiti/forms/${d.slug}`;
  if (await menuIdByUrl(db, url)) return;
  for (const dict of seed.dicts ?? []) {
    const has = await db.selectFrom('sysDict').select('id').where('dictCode', '=', dict.code).executeTakeFirst();
    if (!has) await addDict(db, dict.code, dict.name, dict.items);
  }
  await ensureFormTable(db, d);
  const p = formPerms(d);
  await addMenus(
    db,
    [
      {
        name: d.name,
        url,
        component: 'forms/DeclaredFormList',
        componentName: `${d.slug}List`,
        icon: seed.menu.icon ?? 'form',
        perms: p.list,
        sortNo: seed.menu.sortNo,
        roles: ALL,
        children: [{ name: '查看全公司', menuType: 2, perms: p.all, permsType: '1', roles: APPROVERS }],
      },
    ],
    await menuIdByUrl(db, '/activiti'),
  );
  const s = services(db, seed);
  const def = await s.definitions.deploy(
    { username: 'admin' },
    { xml: seed.process.xml, businessTable: d.key, categoryId: seed.process.category, description: seed.process.description },
    db,
  );
  for (const [nodeId, n] of Object.entries(seed.process.nodes)) {
    const settings = n.rules ? { ...n, rules: productRules(n.rules, { demo: opts.demo !== false }) } : n;
    await s.definitions.editNode({ procDefId: def.id, nodeId, emptyPolicy: 'admin', ...settings }, db);
  }
  if (opts.demo !== false && seed.demo) await seed.demo(demoOf(db, s, seed));
}

/**
 * The seed parts of the form types, one per `seed/forms/*.seed.ts` file: `0610_forms_<slug>` (block 0600).
 * `seed/index.ts` spreads them, so a new form type's seed file is picked up without another edit.
 */
export const formSeedParts: { name: string; run(db: Database): Promise<void>; product(db: Database): Promise<void> }[] = FORM_SEEDS.map((seed) => ({
  name: `0610_forms_${seed.form.slug}`,
  run: (db: Database) => seedFormType(db, seed),
  product: (db: Database) => seedFormType(db, seed, { demo: false }),
}));
