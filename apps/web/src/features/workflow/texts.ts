/** Texts of the workflow screens (docs/workflow.md; stock to-do screen wording). */
export const WF_TEXTS = {
  commentRequired: '请输入审批意见',
  rejectReasonRequired: '请填写驳回理由',
  needApprover: '请至少选择一个审批人',
  needDelegate: '请选择一委托人',
  needBackNode: '请选择驳回节点',
  noForm: '该流程信息未配置表单，请联系开发人员！',
  noProcInstId: '流程实例ID不存在',
  suspended: '流程已被挂起，无法操作！',
  batchPassNone: '您还未选择要通过的数据',
  batchBackNone: '您还未选择要驳回的数据',
  batchPassTitle: '确认通过',
  batchBackTitle: '确认驳回',
  batchPassContent: (n: number) =>
    `您确认要通过所选的 ${n} 条数据? 注意：将默认分配给节点设定的所有可审批用户`,
  batchBackContent: (n: number) => `您确认要驳回所选的 ${n} 条数据? 注意：所有流程将驳回至发起人`,
  success: '操作成功',
  passTitle: '审批通过',
  backTitle: '审批驳回',
  delegateTitle: '委托他人代办',
  transferTitle: '转办',
  addSignTitle: '加签',
  ccTitle: '抄送',
  needTransferUser: '请选择转办人',
  needSignUsers: '请选择加签人',
  needSignPosition: '请选择加签方式',
  needCcUsers: '请选择抄送人',
  gatewayHint: '分支网关处无需选择下一审批人，将发送给下一节点所有人',
  initiator: '发起人',
  formTitle: (processName: string) => `查看流程业务信息：${processName}`,
  historyTitle: '审批历史',
} as const;

/** Priority display (docs/workflow.md): 0 normal green, 1 important orange, 2 urgent red, else none. */
export const PRIORITY_VIEW: Record<number, { text: string; color: string }> = {
  0: { text: '普通', color: 'green' },
  1: { text: '重要', color: 'orange' },
  2: { text: '紧急', color: 'red' },
};

/** Status and outcome texts are the contract's (the server's lists and exports use the same). */
export { WF_STATUS_TEXT as STATUS_TEXT, WF_RESULT_TEXT as RESULT_TEXT } from '@go/contract';
export const RESULT_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'default',
};
