import { HY_APPROVAL_FORMS } from '@go/contract';
import { declaredWebFormType, type DeclaredWebFormType } from '../forms/declared/declaredFormType';

/** The HR approval forms (录用, 调动, 离职) in the to-do and my-applications screens. */
export const formTypes: DeclaredWebFormType[] = Object.values(HY_APPROVAL_FORMS).map((d) => declaredWebFormType(d));
