import { declarationsIn } from '@go/contract/forms/index';
import { declaredWebFormType, type DeclaredWebFormType } from './declared/declaredFormType';

/**
 * Every declaration of `packages/contract/src/forms/*.form.ts`, found when the web is built (nothing lists
 * them). A type whose generic editor does not fit has `editors/<RouteName>.tsx` (expense, performance).
 */
const declarations = declarationsIn(import.meta.glob('../../../../../packages/contract/src/forms/*.form.ts', { eager: true }));

/** The form types of the 流程 menu on the web (matched by the wire tableName). */
export const formTypes: DeclaredWebFormType[] = declarations.map((d) => declaredWebFormType(d));
