import type { Database } from '../../platform/db/database.js';
import { ActionQueries } from './action.queries.js';
import { ApplicationService } from './application.service.js';
import { DefinitionService } from './definition.service.js';
import { WorkflowEngine } from './engine.js';
import { FormRegistry } from './form-registry.js';
import type { WorkflowServices } from './workflow.routes.js';
import { WorkflowQueries } from './workflow.queries.js';
import './workflow.tables.js';

/** Builds the workflow services over a database (the app's, or a seed transaction). */
export function buildWorkflow(db: Database, registry: FormRegistry): WorkflowServices {
  const engine = new WorkflowEngine(db, registry);
  return {
    engine,
    queries: new WorkflowQueries(db, engine, registry),
    definitions: new DefinitionService(db, registry),
    applications: new ApplicationService(db, registry, engine),
    actions: new ActionQueries(db),
  };
}

export { FormRegistry, WorkflowEngine };
