/**
 * The HR moves that need approval (docs/hr.md) as workflow form types: 录用 (new hire), 调动 (transfer)
 * and 离职 (dimission). The HR module fills them from the move dialog and applies the move when the
 * process passes.
 */
import { defineForm, type FieldDecl } from '../forms/declaration.js';

const file: FieldDecl[] = [
  { key: 'hyUserId', label: '档案编号', type: 'text', required: true, max: 32, hidden: true },
  { key: 'realname', label: '姓名', type: 'text', required: true, max: 100, list: true, search: true, width: 100 },
];
const reason = (required: boolean): FieldDecl => ({ key: 'reason', label: '原因', type: 'textarea', required: required ? '请填写原因' : undefined, max: 500, span: 2 });

export const hyNewForm = defineForm({
  key: 'fm_hy_new',
  slug: 'hyNew',
  routeName: 'forms/HyNewForm',
  label: '录用',
  name: '录用审批',
  endLabel: '完成录用审批',
  perms: { list: 'hr:user:list', all: 'hr:user:list' },
  fields: [
    ...file,
    { key: 'orgCode', label: '录用部门编码', type: 'text', required: '请选择部门', max: 64, hidden: true },
    { key: 'departName', label: '录用部门', type: 'text', max: 100, list: true, width: 120 },
    { key: 'post', label: '职务', type: 'text', ref: 'position', required: '请选择职务', max: 100, list: true, width: 90 },
    { key: 'rank', label: '职级', type: 'select', dict: 'position_rank' },
    { key: 'entryDate', label: '预计入职日期', type: 'date', required: '请选择入职日期', list: true, width: 120 },
    { key: 'probationMonths', label: '试用期(月)', type: 'integer', min: 0, max: 12 },
    reason(false),
  ],
  summary: (v) => `${String(v.realname ?? '')} ${String(v.departName ?? '')}`,
});

export const hyTransferForm = defineForm({
  key: 'fm_hy_transfer',
  slug: 'hyTransfer',
  routeName: 'forms/HyTransferForm',
  label: '调动',
  name: '调动审批',
  endLabel: '完成调动审批',
  perms: { list: 'hr:user:list', all: 'hr:user:list' },
  fields: [
    ...file,
    { key: 'fromDepartName', label: '调出部门', type: 'text', max: 100, list: true, width: 120 },
    { key: 'orgCode', label: '调入部门编码', type: 'text', max: 64, hidden: true },
    { key: 'departName', label: '调入部门', type: 'text', max: 100, list: true, width: 120 },
    { key: 'post', label: '新职务', type: 'text', ref: 'position', max: 100 },
    { key: 'rank', label: '新职级', type: 'select', dict: 'position_rank' },
    { key: 'date', label: '生效日期', type: 'date', required: '请选择生效日期', list: true, width: 120 },
    reason(true),
  ],
  summary: (v) => `${String(v.realname ?? '')} ${String(v.fromDepartName ?? '')}→${String(v.departName ?? '')}`,
});

export const hyDimissionForm = defineForm({
  key: 'fm_hy_dimission',
  slug: 'hyDimission',
  routeName: 'forms/HyDimissionForm',
  label: '离职',
  name: '离职审批',
  endLabel: '完成离职审批',
  perms: { list: 'hr:user:list', all: 'hr:user:list' },
  fields: [
    ...file,
    { key: 'dimissionType', label: '离职类型', type: 'select', dict: 'hy_dimission_type', required: '请选择离职类型', list: true, width: 110 },
    { key: 'date', label: '离职日期', type: 'date', required: '请选择离职日期', list: true, width: 120 },
    { key: 'handover', label: '工作交接', type: 'textarea', max: 500, span: 2 },
    reason(true),
  ],
  summary: (v) => String(v.realname ?? ''),
});

/** Form type per move that needs approval. */
export const HY_APPROVAL_FORMS = { hire: hyNewForm, transfer: hyTransferForm, dimission: hyDimissionForm } as const;
