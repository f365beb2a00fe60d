import type { FastifyInstance } from 'fastify';
import type { FormRegistry } from '../workflow/form-registry.js';
import { FormListService, formsRoutes } from './forms.routes.js';
import { registerFormTypes } from './index.js';

/** Plugs the expense and performance form types into the engine and registers their list endpoints. */
export async function registerFormsModule(api: FastifyInstance, registry: FormRegistry): Promise<void> {
  registerFormTypes(registry);
  await formsRoutes(api, new FormListService(api.ctx.db));
}
