import type { Api } from '../../platform/http/api.js';
import type { FormDeclaration } from '@go/contract/forms/index';
import type { FormRegistry } from '../workflow/form-registry.js';
import { allowDuplicateCheck } from '../system/rule/duplicate.js';
import { declaredFormType, type FormHooks } from './declared-form.js';
import { FormListService } from './form-list.service.js';
import { ensureFormTable } from './form-table.js';
import { declaredFormRoutes } from './forms.routes.js';
import { builtInFormTypes } from './index.js';
import { snake } from '@go/contract/forms/index';

async function plug(api: Api, lists: FormListService, d: FormDeclaration): Promise<void> {
  await ensureFormTable(api.ctx.db, d);
  const unique = d.fields.filter((f) => f.unique).map((f) => snake(f.key));
  if (unique.length) allowDuplicateCheck(d.key, unique);
  await declaredFormRoutes(api, lists, d);
}

/**
 * Registers one declared form type from any module: the engine learns it, its table is created or
 * completed, its unique fields join `/sys/duplicate/check`, and its list/detail/export endpoints exist.
 */
export async function registerDeclaredForm(api: Api, registry: FormRegistry, d: FormDeclaration, hooks?: FormHooks): Promise<void> {
  registry.register(declaredFormType(d, hooks));
  await plug(api, new FormListService(api.ctx.db, hooks?.applicantPrivacy), d);
}

/** Plugs the built-in form types (费用, 绩效, 资金, 出差, 合同, 非常规) into the engine with their endpoints. */
export async function registerFormsModule(api: Api, registry: FormRegistry): Promise<void> {
  const lists = new FormListService(api.ctx.db);
  for (const t of builtInFormTypes()) {
    registry.register(t);
    await plug(api, lists, t.declaration);
  }
}
