import type { Page, WfCcPage, WfCcRow, WfInstanceRow } from '@go/contract';
import { getAction, postAction } from '../../../app/http/client';

/** A carbon copy in my CC inbox (the contract's row). */
export type CcRow = WfCcRow;
/** A running or finished instance of the instance admin (the contract's row). */
export type InstanceRow = WfInstanceRow;

/** Engine calls of the CC inbox, the instance admin and the designer. */
export const engineApi = {
  ccList: (q: { title?: string; readFlag?: number; pageNo: number; pageSize: number }) => getAction<WfCcPage>('/actTask/ccList', q),
  ccRead: (body: { ids?: string[]; all?: boolean }) => postAction<{ count: number }>('/actTask/ccRead', body),
  cc: (body: { procInstId: string; userIds: string[]; comment?: string }) => postAction<{ count: number }>('/actTask/cc', body),
  /** 转办: the task goes to `userId` (username), who acts in their own name */
  transfer: (body: { id: string; userId: string; comment?: string }) => postAction<null>('/actTask/transfer', body),
  /** 加签 before / after / alongside the caller */
  addSign: (body: { id: string; userIds: string[]; position: 'before' | 'after' | 'parallel'; comment?: string }) =>
    postAction<null>('/actTask/addSign', body),
  /** 催办 by the applicant (once per 10 minutes; the server's refusal says so) */
  urge: (body: { id: string; procInstId?: string; comment?: string }) => postAction<{ users: string[] }>('/actBusiness/urge', body),
  instances: (q: { title?: string; processName?: string; applyer?: string; state?: string; pageNo: number; pageSize: number }) =>
    getAction<Page<InstanceRow>>('/activiti_process/instances', q),
  terminate: (body: { procInstId: string; reason?: string }) => postAction('/activiti_process/terminate', body),
  reassign: (body: { id: string; userIds: string[]; comment?: string }) => postAction('/activiti_process/reassign', body),
  deploy: (body: { xml: string; name?: string; businessTable?: string }) =>
    postAction<{ id: string; warnings?: string[] }>('/activiti_process/deploy', body),
  definition: (id: string) => getAction<{ id: string; xml: string; name: string; businessTable: string | null }>(`/activiti_process/queryById/${encodeURIComponent(id)}`),
  formTypes: () => getAction<{ tableName: string; label: string }[]>('/activiti_process/formTypes'),
};
