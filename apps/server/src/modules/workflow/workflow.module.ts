import type { FastifyInstance } from 'fastify';
import { FormRegistry } from './form-registry.js';
import { buildWorkflow } from './index.js';
import { workflowRoutes, type WorkflowServices } from './workflow.routes.js';

/** Builds the engine and its services over the app database and registers the workflow endpoints. */
export async function registerWorkflowModule(api: FastifyInstance): Promise<WorkflowServices & { registry: FormRegistry }> {
  const registry = new FormRegistry();
  const services = buildWorkflow(api.ctx.db, registry);
  await workflowRoutes(api, services);
  return { ...services, registry };
}
