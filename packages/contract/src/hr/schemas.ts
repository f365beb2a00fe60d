/**
 * The employee file (人事档案) and its moves: one zod schema per request, shared by the HR forms and the
 * server (docs/hr.md). Texts of the shared rules come from `validation.ts` (docs/contract.md, "Validation texts").
 */
import { z } from 'zod';
import { MESSAGES, PATTERNS, zx } from '../validation.js';
import { NATIONAL_ID_MESSAGES, nationalIdConsistency, nationalIdError } from './national-id.js';

export const HY_STATUSES = ['applicant', 'talent', 'interview', 'new', 'probation', 'regular', 'dimission', 'blacklist'] as const;
export type HyStatus = (typeof HY_STATUSES)[number];

export const HY_STATUS_TEXT: Record<HyStatus, string> = {
  applicant: '应聘',
  talent: '人才库',
  interview: '面试中',
  new: '待入职',
  probation: '试用期',
  regular: '正式',
  dimission: '离职',
  blacklist: '黑名单',
};

export const HY_MOVES = ['toTalent', 'toInterview', 'hire', 'entry', 'regular', 'transfer', 'dimission', 'blacklist', 'unblacklist'] as const;
export type HyMove = (typeof HY_MOVES)[number];

/** Which states each move starts from, the state it leads to (null: unchanged) and its name. */
export const HY_MOVE_RULES: Record<HyMove, { from: HyStatus[]; to: HyStatus | null; label: string; perm: string }> = {
  toTalent: { from: ['applicant', 'interview', 'dimission'], to: 'talent', label: '入人才库', perm: 'hr:move:talent' },
  toInterview: { from: ['applicant', 'talent'], to: 'interview', label: '安排面试', perm: 'hr:move:interview' },
  hire: { from: ['interview', 'talent', 'dimission'], to: 'new', label: '录用', perm: 'hr:move:hire' },
  entry: { from: ['new'], to: 'probation', label: '办理入职', perm: 'hr:move:entry' },
  regular: { from: ['probation'], to: 'regular', label: '转正', perm: 'hr:move:regular' },
  transfer: { from: ['probation', 'regular'], to: null, label: '调动', perm: 'hr:move:transfer' },
  dimission: { from: ['probation', 'regular'], to: 'dimission', label: '离职', perm: 'hr:move:dimission' },
  blacklist: { from: ['applicant', 'talent', 'interview', 'dimission'], to: 'blacklist', label: '拉黑', perm: 'hr:move:blacklist' },
  unblacklist: { from: ['blacklist'], to: 'talent', label: '移出黑名单', perm: 'hr:move:unblacklist' },
};

/** Moves that go through the workflow engine when a process definition for them is active. */
export const HY_APPROVAL_MOVES = ['hire', 'transfer', 'dimission'] as const satisfies readonly HyMove[];

export const HR_MESSAGES = {
  realname: '请输入姓名',
  orgCode: '请选择部门',
  post: '请选择职务',
  date: '日期格式应为yyyy-MM-dd',
  reason: '请填写原因',
  entryDate: '请选择入职日期',
  regularDate: '请选择转正日期',
  dimissionType: '请选择离职类型',
  dimissionDate: '请选择离职日期',
  transferTarget: '请选择调入部门或新的职务、职级',
  score: '分数应为0到100的整数',
  verdict: '请选择面试结论',
  amount: '金额最多两位小数',
} as const;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const text = (max: number) => z.string().trim().max(max, { message: MESSAGES.maxLength(max) }).optional().nullable();
const dateStr = (message: string = HR_MESSAGES.date) =>
  z
    .string()
    .optional()
    .nullable()
    .refine((v) => isEmpty(v) || /^\d{4}-\d{2}-\d{2}$/.test(v!), { message });
const requiredDate = (required: string) =>
  z.string({ error: required }).min(1, { message: required }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: HR_MESSAGES.date });
const money = z
  .union([z.number(), z.string()])
  .optional()
  .nullable()
  .refine((v) => isEmpty(v) || /^\d{1,10}(\.\d{1,2})?$/.test(String(v)), { message: HR_MESSAGES.amount })
  .transform((v) => (isEmpty(v) ? null : Number(v)));
const count = z
  .union([z.number(), z.string()])
  .optional()
  .nullable()
  .refine((v) => isEmpty(v) || PATTERNS.naturalNumber.pattern.test(String(v)), { message: MESSAGES.naturalNumber })
  .transform((v) => (isEmpty(v) ? null : Number(v)));
const nationalId = z
  .string()
  .optional()
  .nullable()
  .transform((v) => (isEmpty(v) ? v : v!.trim().toUpperCase()))
  .superRefine((v, ctx) => {
    const err = nationalIdError(v);
    if (err) ctx.addIssue({ code: 'custom', message: err });
  });
const yn = z.enum(['Y', 'N']).optional().nullable();
const list = <T extends z.ZodRawShape>(shape: T) =>
  z
    .union([z.array(z.object(shape)).max(30), z.string().max(20000)])
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (isEmpty(v)) return null;
      if (typeof v !== 'string') return JSON.stringify(v);
      try {
        const parsed: unknown = JSON.parse(v);
        if (!Array.isArray(parsed)) throw new Error('not a list');
        return JSON.stringify(z.array(z.object(shape)).max(30).parse(parsed));
      } catch {
        ctx.addIssue({ code: 'custom', message: '列表格式不正确' });
        return z.NEVER;
      }
    });

export const educationEntry = {
  school: z.string().trim().max(100),
  major: text(100),
  degree: text(10),
  start: dateStr(),
  end: dateStr(),
};
export const workEntry = {
  company: z.string().trim().max(100),
  position: text(100),
  start: dateStr(),
  end: dateStr(),
  leaveReason: text(255),
};

/** Every editable field of the file (not the state: states change through moves only). */
export const hyUserFields = {
  realname: z.string({ error: HR_MESSAGES.realname }).trim().min(1, { message: HR_MESSAGES.realname }).max(100, { message: MESSAGES.maxLength(100) }),
  sex: z.enum(['1', '2'], { error: '请选择性别' }).optional().nullable(),
  birthday: dateStr(),
  idCard: nationalId,
  nativePlace: text(100),
  nation: text(50),
  political: text(10),
  marriage: text(10),
  children: count,
  mobile: zx.mobile(),
  telephone: zx.landline(),
  email: zx.email(),
  qq: zx.qq(),
  address: text(255),
  emergencyContact: text(100),
  emergencyPhone: zx.mobileOptional(),
  degree: text(10),
  school: text(100),
  major: text(100),
  graduationDate: dateStr(),
  educations: list(educationEntry),
  workHistory: list(workEntry),
  orgCode: z.string({ error: HR_MESSAGES.orgCode }).trim().min(1, { message: HR_MESSAGES.orgCode }).max(64),
  post: text(100),
  rank: text(10),
  jobTitle: text(100),
  entryDate: dateStr(),
  regularDate: dateStr(),
  employType: text(10),
  probationMonths: count,
  bankName: text(100),
  bankCard: zx.bankCard(),
  socialSecurity: yn,
  socialSecurityBase: money,
  housingFund: yn,
  housingFundBase: money,
  contractNo: text(64),
  contractType: text(10),
  contractStart: dateStr(),
  contractEnd: dateStr(),
  contractRenewals: count,
  photo: text(500),
  attachments: text(4000),
  applyPost: text(100),
  source: text(50),
};

function consistent<T extends { idCard?: string | null; birthday?: string | null; sex?: string | null; contractStart?: string | null; contractEnd?: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  const err = nationalIdConsistency(v.idCard, v.birthday, v.sex);
  if (err) ctx.addIssue({ code: 'custom', message: err, path: [err === NATIONAL_ID_MESSAGES.sexMismatch ? 'sex' : 'birthday'] });
  if (v.contractStart && v.contractEnd && v.contractEnd < v.contractStart) {
    ctx.addIssue({ code: 'custom', message: '合同结束日期不能早于开始日期', path: ['contractEnd'] });
  }
}

/** A new file (an applicant, or an employee entered directly by import with a state). */
export const hyUserAddSchema = z.object(hyUserFields).superRefine(consistent);
export type HyUserAdd = z.infer<typeof hyUserAddSchema>;

/** An edit: every field optional except the id; identity checks run on the merged row on the server. */
export const hyUserEditSchema = z
  .object({ id: z.string().min(1).max(64), ...hyUserFields })
  .partial()
  .required({ id: true })
  .superRefine(consistent);
export type HyUserEdit = z.infer<typeof hyUserEditSchema>;

const base = {
  id: z.string({ error: '请选择档案' }).min(1, { message: '请选择档案' }).max(64),
  reason: z.string().trim().max(500, { message: MESSAGES.maxLength(500) }).optional().nullable(),
  date: dateStr(),
};
const reasonRequired = z.string({ error: HR_MESSAGES.reason }).trim().min(1, { message: HR_MESSAGES.reason }).max(500, { message: MESSAGES.maxLength(500) });

export const hyMoveSchemas = {
  toTalent: z.object(base),
  toInterview: z.object(base),
  hire: z.object({
    ...base,
    orgCode: z.string({ error: HR_MESSAGES.orgCode }).trim().min(1, { message: HR_MESSAGES.orgCode }).max(64),
    post: z.string({ error: HR_MESSAGES.post }).trim().min(1, { message: HR_MESSAGES.post }).max(100),
    rank: text(10),
    jobTitle: text(100),
    employType: text(10),
    probationMonths: count,
    entryDate: requiredDate(HR_MESSAGES.entryDate),
    onboarding: z.array(z.string().trim().min(1).max(100)).max(30).optional().nullable(),
  }),
  entry: z.object({
    ...base,
    entryDate: requiredDate(HR_MESSAGES.entryDate),
    /** creates (or links) the system account with this login name */
    username: zx.userName().optional().nullable().or(z.literal('')),
    contractNo: text(64),
    contractType: text(10),
    contractStart: dateStr(),
    contractEnd: dateStr(),
  }),
  regular: z.object({ ...base, regularDate: requiredDate(HR_MESSAGES.regularDate) }),
  transfer: z
    .object({
      ...base,
      reason: reasonRequired,
      date: requiredDate('请选择生效日期'),
      orgCode: text(64),
      post: text(100),
      rank: text(10),
      jobTitle: text(100),
    })
    .refine((v) => !isEmpty(v.orgCode) || !isEmpty(v.post) || !isEmpty(v.rank), { message: HR_MESSAGES.transferTarget, path: ['orgCode'] }),
  dimission: z.object({
    ...base,
    reason: reasonRequired,
    dimissionType: z.string({ error: HR_MESSAGES.dimissionType }).trim().min(1, { message: HR_MESSAGES.dimissionType }).max(10),
    date: requiredDate(HR_MESSAGES.dimissionDate),
    handover: text(500),
  }),
  blacklist: z.object({ ...base, reason: reasonRequired }),
  unblacklist: z.object({ ...base, reason: reasonRequired }),
} satisfies Record<HyMove, z.ZodType>;

export type HyMoveInput<M extends HyMove> = z.infer<(typeof hyMoveSchemas)[M]>;

export const hyInterviewSchema = z.object({
  hyUserId: z.string().min(1).max(64),
  interviewDate: z
    .string()
    .optional()
    .nullable()
    .refine((v) => isEmpty(v) || /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v!), { message: HR_MESSAGES.date }),
  interviewers: text(255),
  score: z
    .union([z.number(), z.string()])
    .optional()
    .nullable()
    .refine((v) => isEmpty(v) || (/^\d{1,3}$/.test(String(v)) && Number(v) <= 100), { message: HR_MESSAGES.score })
    .transform((v) => (isEmpty(v) ? null : Number(v))),
  verdict: z.enum(['pass', 'fail', 'pending'], { error: HR_MESSAGES.verdict }),
  comment: text(1000),
});

/** Field labels for the change log and the import headers. */
export const HY_FIELD_LABELS: Record<string, string> = {
  realname: '姓名',
  sex: '性别',
  birthday: '出生日期',
  idCard: '身份证号',
  nativePlace: '籍贯',
  nation: '民族',
  political: '政治面貌',
  marriage: '婚姻状况',
  children: '子女数',
  mobile: '手机号',
  telephone: '座机',
  email: '邮箱',
  qq: 'QQ',
  address: '住址',
  emergencyContact: '紧急联系人',
  emergencyPhone: '紧急联系电话',
  degree: '学历',
  school: '毕业院校',
  major: '专业',
  graduationDate: '毕业日期',
  educations: '教育经历',
  workHistory: '工作经历',
  orgCode: '部门编码',
  departName: '部门',
  post: '职务',
  rank: '职级',
  jobTitle: '职称',
  entryDate: '入职日期',
  regularDate: '转正日期',
  employType: '用工类型',
  probationMonths: '试用期(月)',
  bankName: '开户银行',
  bankCard: '银行卡号',
  socialSecurity: '社保',
  socialSecurityBase: '社保基数',
  housingFund: '公积金',
  housingFundBase: '公积金基数',
  contractNo: '合同编号',
  contractType: '合同类型',
  contractStart: '合同开始日期',
  contractEnd: '合同结束日期',
  contractRenewals: '续签次数',
  photo: '照片',
  attachments: '附件',
  applyPost: '应聘岗位',
  source: '来源',
  status: '状态',
  dimissionType: '离职类型',
  dimissionDate: '离职日期',
  dimissionReason: '离职原因',
  handover: '工作交接',
  blacklistReason: '拉黑原因',
  username: '系统账号',
};

/**
 * Labels of the change log (档案变更记录, 用户日志): every field a move or an edit records, in words.
 * The department reads as its name (the code is never shown); state fields of a move have their own.
 */
export const HY_LOG_LABELS: Record<string, string> = {
  ...HY_FIELD_LABELS,
  orgCode: '部门',
  offerDate: '录用日期',
  pendingMove: '待审批事项',
  mbtiType: '性格类型',
  jobTitle: '职称',
  onboarding: '入职事项',
};

/** Change-log fields whose values are documents or lists: the log says they changed, not what they hold. */
export const HY_LOG_OPAQUE_FIELDS: readonly string[] = ['educations', 'workHistory', 'attachments', 'photo', 'onboarding'];
