import type { Api } from '../../platform/http/api.js';
import { FormRegistry } from './form-registry.js';
import { registerWorkflowChangeReaders } from './change-log-readers.js';
import { buildWorkflow } from './index.js';
import { migrationRoutes } from './migration.routes.js';
import { registerWorkflowNotices } from './notices.js';
import { WorkflowTimers } from './timers.js';
import { workflowRoutes, type WorkflowServices } from './workflow.routes.js';

type Registered = WorkflowServices & { registry: FormRegistry; timers: WorkflowTimers };

const byContext = new WeakMap<object, Registered>();

/**
 * The workflow services of an app (by its `app.ctx`), e.g. to subscribe to `engine.events` from another
 * module or a test.
 */
export function workflowOf(ctx: object): Registered {
  const s = byContext.get(ctx);
  if (!s) throw new Error('workflow module not registered');
  return s;
}

/** Builds the engine and its services over the app database and registers the workflow endpoints. */
export async function registerWorkflowModule(api: Api): Promise<Registered> {
  const registry = new FormRegistry();
  const services = buildWorkflow(api.ctx.db, registry);
  const db = api.ctx.db;
  // the notices, and the to-do refresh of everyone who had or has a task in a changed instance
  registerWorkflowNotices(api, services.engine);
  services.engine.events.onListenerError = (err, event) => api.log.warn({ err, event: event.type, procInstId: event.procInstId }, 'workflow event listener failed');
  await workflowRoutes(api, services);
  // who reads the change trail of approval forms and process variables
  registerWorkflowChangeReaders(db, { ...services, registry });
  // moving running instances to another version of their process
  await migrationRoutes(api, services, registry);
  // boundary timers and due dates: every process polls, each job runs once (timers.ts)
  const timers = new WorkflowTimers(db, services.engine, api.log);
  timers.start();
  api.addHook('onClose', async () => timers.stop());
  const out = { ...services, registry, timers };
  byContext.set(api.ctx, out);
  return out;
}
