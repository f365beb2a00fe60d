import { kpiForm } from '@go/contract/performance/index';
import { declaredWebFormType, type DeclaredWebFormType } from '../forms/declared/declaredFormType';

/** 季度KPI考评: the generic declared editor and view, with the score input on approval (jxpass). */
export const formTypes: DeclaredWebFormType[] = [declaredWebFormType(kpiForm, { approvalScore: true })];
