import { proposalForm } from '@go/contract';
import { declaredWebFormType, type DeclaredWebFormType } from '../forms/declared/declaredFormType';

/** 合理化建议 in the workflow screens: the generic declared editor and view. */
export const formTypes: DeclaredWebFormType[] = [declaredWebFormType(proposalForm)];
