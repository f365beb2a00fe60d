import { z } from 'zod';

/** The request schemas of the workflow routes (docs/workflow.md); the endpoint declarations and the routes share them. */

const id = z.string().trim().min(1, '缺少id').max(100);
const optStr = (max = 2000) => z.string().max(max).optional().nullable().transform((v) => v ?? undefined);
const intish = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^-?\d+$/)])
    .transform((v) => Number(v))
    .pipe(z.number().int().min(min).max(max));
const optInt = (min: number, max: number) =>
  z
    .union([intish(min, max), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v));

const varName = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, '变量名只能包含字母、数字和下划线，且不能以数字开头');

/**
 * A decision field of a node (e.g. 同意/不同意 radio): its value becomes the variable `name` (or `variable`).
 * Fields read from a BPMN formProperty also carry its Activiti attributes, kept when the node is saved again.
 */
export const decisionField = z.object({
  name: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1, '请输入决策字段的名称').max(200),
  type: z.enum(['radio', 'text', 'number', 'date']),
  options: z.array(z.object({ value: z.string().max(100), label: z.string().max(200) })).max(50).default([]),
  required: z.boolean().default(true),
  formType: z.enum(['string', 'long', 'double', 'boolean', 'enum', 'date']).optional(),
  variable: varName.nullable().optional(),
  expression: z.string().max(500).nullable().optional(),
  readable: z.boolean().optional(),
  writable: z.boolean().optional(),
  default: z.string().max(500).nullable().optional(),
  datePattern: z.string().max(50).nullable().optional(),
}).refine((f) => !/\p{Cc}/u.test(f.name), { message: '字段标识不能包含控制字符', path: ['name'] });

/**
 * Process variables given on apply/pass: scalar values or lists of names (countersign collections). The
 * engine keeps only the node's declared outputs (decision fields / formProperty ids) and refuses form fields.
 */
/**
 * A key of `variables`: a variable name, or the id of a declared form property that is no identifier
 * (`Do you agree?`, as Activiti takes it); the engine keeps only declared names and refuses reserved ones.
 */
const variableKey = z.string().trim().min(1).max(100).regex(/^\P{Cc}+$/u, '变量名不能包含控制字符');

export const variablesField = z
  .record(variableKey, z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(200), z.number()])).max(200)]))
  .refine((v) => Object.keys(v).length <= 50, '变量最多50个')
  .optional();

/**
 * A form submission (`formProperties`): the values of the node's form keyed by formProperty id, as Activiti's
 * FormService takes them (text; numbers and booleans are read as their text). Required, writable and default
 * rules apply; `variables` instead completes without the form (see docs/workflow.md "Decision fields").
 */
export const formPropertiesField = z
  .record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 50, '表单属性最多50个')
  .optional();

export const todoListQuery = z.looseObject({
  name: optStr(100),
  pageIndex: optInt(0, 100000),
  pageSize: optInt(1, 500),
});

export const doneListQuery = z.looseObject({
  name: optStr(100),
  pageNo: optInt(1, 100000),
  pageIndex: optInt(0, 100000),
  pageSize: optInt(1, 500),
});

/** The approval payload (docs/workflow.md, `POST /actTask/pass`); fields the server does not need are accepted and ignored. */
export const approvalPayload = z.looseObject({
  id,
  /** decision variables merged into the instance before the next gateway */
  variables: variablesField,
  /** the approval dialog's form submission: the task's form property values by id */
  formProperties: formPropertiesField,
  type: optInt(0, 2),
  comment: optStr(2000),
  assignees: z
    .union([z.string().max(4000), z.array(z.string().max(100)).max(200)])
    .optional()
    .nullable()
    .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? undefined))),
  backTaskKey: optStr(100),
  userId: optStr(100),
  procInstId: optStr(100),
  procDefId: optStr(100),
  currActId: optStr(100),
  priority: optInt(0, 2),
  score: z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)))
    .pipe(z.number().min(0).max(100).optional()),
});

export const backPayload = z.looseObject({ id, comment: optStr(2000), procInstId: optStr(100) });
export const backToTaskPayload = z.looseObject({
  id,
  backTaskKey: z.string().trim().min(1, '请选择退回节点').max(100),
  assignees: approvalPayload.shape.assignees,
  priority: optInt(0, 2),
  comment: optStr(2000),
  procInstId: optStr(100),
  procDefId: optStr(100),
});
export const delegatePayload = z.looseObject({ id, userId: z.string().trim().max(100).optional().default(''), comment: optStr(2000), procInstId: optStr(100) });

export const idsParam = z.object({ ids: z.string().min(1).max(20000) });
export const passAllBody = z.looseObject({ ids: z.string().min(1).max(20000), variables: variablesField });
export const procInstIdsParam = z.object({ procInstIds: z.string().min(1).max(20000) });
/** the reason of a batch rejection (query of the path form, or the body) */
export const reasonQuery = z.looseObject({ comment: optStr(2000) });
export const backAllBody = z.looseObject({ procInstIds: z.string().min(1).max(20000), comment: optStr(2000) });
export const procInstIdParam = z.object({ procInstId: id });
export const nodeIdParam = z.object({ nodeId: id });

export const nextNodeQuery = z.looseObject({
  procDefId: optStr(100),
  currActId: optStr(100),
  procInstId: optStr(100),
  claimOrgCodeValue: optStr(64),
  tableId: optStr(100),
});

export const nodeQuery = z.looseObject({ procDefId: optStr(100), procInstId: optStr(100), claimOrgCodeValue: optStr(64) });
export const backNodeUserQuery = z.looseObject({ nodeId: id, procInstId: id, processName: optStr(200) });

export const chooseMarkBody = z.looseObject({
  chooseMarkName: optStr(200),
  formDataJson: z.union([z.string().max(100000), z.record(z.string(), z.unknown())]).optional().nullable(),
  processName: optStr(200),
  applyer: optStr(100),
  procInstId: optStr(100),
  currTaskName: optStr(200),
  priority: optInt(0, 2),
  status: z.union([z.string().max(32), z.number()]).optional().nullable(),
  tableId: optStr(100),
  routeName: optStr(200),
});

export const businessAddBody = z.looseObject({
  tableName: z.string().trim().min(1, '缺少表单类型').max(100),
  procDefId: optStr(100),
});
export const businessEditBody = z.looseObject({ id });
export const businessGetQuery = z.looseObject({ id: optStr(100), tableId: optStr(100), tableName: optStr(100) });
export const businessIdsQuery = z.looseObject({ ids: z.string().min(1).max(20000) });
export const applyBody = z.looseObject({
  id,
  procDefId: optStr(100),
  assignees: approvalPayload.shape.assignees,
  priority: optInt(0, 2),
  variables: variablesField,
  formProperties: formPropertiesField,
});
export const cancelBody = z.looseObject({ id: z.string().max(100).optional().default(''), procInstId: optStr(100), reason: optStr(500) });
export const myApplicationsQuery = z.looseObject({
  title: optStr(200),
  status: optInt(0, 3),
  result: optInt(0, 5),
  tableName: optStr(100),
  pageNo: optInt(1, 100000),
  pageSize: optInt(1, 500),
});

export const definitionListQuery = z.looseObject({
  lcmc: optStr(200),
  lckey: optStr(100),
  zx: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
  status: optInt(0, 1),
  pageNo: optInt(1, 100000),
  pageSize: optInt(1, 500),
});
export const deployBody = z.object({
  xml: z.string().min(1, '流程定义XML不能为空').max(1_000_000),
  name: optStr(200),
  description: optStr(500),
  categoryId: optStr(100),
  businessTable: optStr(100),
  routeName: optStr(200),
  roles: optStr(1000),
});
export const updateInfoBody = z.object({
  id,
  name: optStr(200),
  description: optStr(500),
  categoryId: optStr(100),
  businessTable: optStr(100),
  routeName: optStr(200),
  roles: optStr(1000),
});
export const updateStatusBody = z.object({ id, status: intish(0, 1) });
export const editNodeBody = z.object({
  procDefId: id,
  nodeId: id,
  rules: z
    .array(z.object({ type: intish(0, 6), relateId: z.string().max(255).optional().nullable() }))
    .max(50),
  emptyPolicy: z.enum(['admin', 'skip', 'cancel', 'error']).optional(),
  repeatPolicy: z.enum(['again', 'auto']).optional(),
  chooseMark: optInt(0, 1),
  commentRequired: optInt(0, 1),
  /** countersign 会签: '' none, parallel, sequential */
  multiMode: z.enum(['', 'parallel', 'sequential']).optional(),
  /** countersign pass ratio in percent */
  passRatio: optInt(1, 100),
  decisionFields: z.array(decisionField).max(10).optional(),
  /** 1: the applicant may be among this node's people (重新提交 and the like); default 0 */
  allowInitiator: optInt(0, 1),
});
export const keyParam = z.object({ key: id });
export const idParam = z.object({ id });
export const startableQuery = z.looseObject({ tableName: optStr(100) });
