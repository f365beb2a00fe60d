/**
 * Public applicant registration (/registration) and the personality test (/mbtiTest): the form schema
 * shared by the page and the server, the limits, and the answer schema of the test (docs/hr.md
 * "在线登记"). The field rules are the employee file's (`hyUserFields`, docs/contract.md, "Validation texts").
 */
import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { NATIONAL_ID_MESSAGES, nationalIdConsistency, nationalIdError } from './national-id.js';
import { hyUserFields } from './schemas.js';

export const REGISTRATION_TEXTS = {
  sex: '请选择性别',
  idCard: '请输入身份证号码',
  degree: '请选择最高学历',
  orgCode: '请选择应聘公司',
  applyPost: '请输入应聘岗位',
  school: '请输入学校名称',
  company: '请输入工作单位',
  dateOrder: '结束日期不能早于开始日期',
  photo: '请上传照片',
  photoType: '照片只能是 JPG、PNG、GIF 或 WEBP 图片',
  photoSize: '照片大小必须小于10MB!',
  cvType: '简历只能是 PDF、Word 文档或图片',
  cvSize: '简历大小必须小于10MB!',
  captcha: '请输入验证码',
  tooMany: '提交过于频繁，请稍后再试',
  busy: '提交人数较多，请稍后再试',
  submitted: '提交成功',
  codeInvalid: '查询码无效或已过期',
  answers: '请回答全部题目',
} as const;

/** Limits of the public endpoints (docs/security.md "Public registration"). */
export const REGISTRATION_LIMITS = {
  /** submissions one IP may make per hour (each attempt counts, valid or not) */
  submitsPerIpHour: 20,
  /** summary, file and test calls one IP may make per 10 minutes */
  lookupsPerIp10Min: 60,
  /** personality tests one IP may submit per hour */
  testsPerIpHour: 30,
  /** the code given at submission is valid this long */
  codeTtlMs: 24 * 3600 * 1000,
  /** photo and CV: each under this size */
  fileMaxBytes: 10 * 1024 * 1024,
  /** public submissions streaming at once (whole server) */
  concurrentSubmits: 8,
  /** rows of education and of work history */
  maxRows: 10,
} as const;

const dateOrder = (v: { start?: string | null; end?: string | null }, ctx: z.RefinementCtx) => {
  if (v.start && v.end && v.end < v.start)
    ctx.addIssue({ code: 'custom', message: REGISTRATION_TEXTS.dateOrder, path: ['end'] });
};
const date = () => hyUserFields.graduationDate;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: MESSAGES.maxLength(max) })
    .optional()
    .nullable();
const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message })
    .max(max, { message: MESSAGES.maxLength(max) });

export const registrationEducation = z
  .object({
    school: required(REGISTRATION_TEXTS.school, 100),
    major: text(100),
    degree: text(10),
    start: date(),
    end: date(),
  })
  .superRefine(dateOrder);
export const registrationWork = z
  .object({
    company: required(REGISTRATION_TEXTS.company, 100),
    position: text(100),
    start: date(),
    end: date(),
    leaveReason: text(255),
  })
  .superRefine(dateOrder);

/** Rows of a list field, stored on the file as JSON text like the HR form does. */
const rows = <T extends z.ZodType>(row: T) =>
  z
    .array(row)
    .max(REGISTRATION_LIMITS.maxRows, { message: `最多填写${REGISTRATION_LIMITS.maxRows}条` })
    .optional()
    .nullable()
    .transform((v) => (v && v.length ? JSON.stringify(v) : null));

/** What an applicant fills in (the photo and the CV travel as files beside it). */
export const registrationSchema = z
  .object({
    realname: hyUserFields.realname,
    sex: z.enum(['1', '2'], { error: REGISTRATION_TEXTS.sex }),
    birthday: hyUserFields.birthday,
    idCard: z
      .string({ error: REGISTRATION_TEXTS.idCard })
      .trim()
      .min(1, { message: REGISTRATION_TEXTS.idCard })
      .transform((v) => v.toUpperCase())
      .superRefine((v, ctx) => {
        const err = nationalIdError(v);
        if (err) ctx.addIssue({ code: 'custom', message: err });
      }),
    nation: hyUserFields.nation,
    nativePlace: hyUserFields.nativePlace,
    political: hyUserFields.political,
    marriage: hyUserFields.marriage,
    mobile: hyUserFields.mobile,
    email: hyUserFields.email,
    qq: hyUserFields.qq,
    telephone: hyUserFields.telephone,
    address: hyUserFields.address,
    emergencyContact: hyUserFields.emergencyContact,
    emergencyPhone: hyUserFields.emergencyPhone,
    degree: required(REGISTRATION_TEXTS.degree, 10),
    school: hyUserFields.school,
    major: hyUserFields.major,
    graduationDate: hyUserFields.graduationDate,
    educations: rows(registrationEducation),
    workHistory: rows(registrationWork),
    orgCode: z
      .string({ error: REGISTRATION_TEXTS.orgCode })
      .trim()
      .regex(/^A0[1-9]$/, { message: REGISTRATION_TEXTS.orgCode }),
    applyPost: required(REGISTRATION_TEXTS.applyPost, 100),
  })
  .superRefine((v, ctx) => {
    const err = nationalIdConsistency(v.idCard, v.birthday, v.sex);
    if (err)
      ctx.addIssue({
        code: 'custom',
        message: err,
        path: [err === NATIONAL_ID_MESSAGES.sexMismatch ? 'sex' : 'birthday'],
      });
  });
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The fields of the form, in order (the summary lists them the same way). */
export const REGISTRATION_FIELDS = Object.keys(registrationSchema.shape) as (keyof Registration)[];

/** The code the applicant was given at submission (summary, test, files). */
export const registrationCodeSchema = z.object({
  code: z.string().trim().min(16, { message: REGISTRATION_TEXTS.codeInvalid }).max(64),
});

/** A personality-test answer sheet: one 'A' or 'B' per question, in the order the questions were given. */
export const mbtiAnswerSchema = z.object({
  version: z.string().max(16),
  answers: z
    .array(z.enum(['A', 'B'], { error: REGISTRATION_TEXTS.answers }), { error: REGISTRATION_TEXTS.answers })
    .min(1)
    .max(100),
  code: z.string().trim().max(64).optional().nullable(),
});
export type MbtiAnswer = z.infer<typeof mbtiAnswerSchema>;

/** Dimensions of the test and the letter of each pole. */
export const MBTI_DIMENSIONS = [
  { key: 'EI', poles: ['E', 'I'], names: ['外向', '内向'] },
  { key: 'SN', poles: ['S', 'N'], names: ['实感', '直觉'] },
  { key: 'TF', poles: ['T', 'F'], names: ['思考', '情感'] },
  { key: 'JP', poles: ['J', 'P'], names: ['判断', '感知'] },
] as const;

export interface MbtiResult {
  type: string;
  name: string;
  description: string;
  /** per dimension: how many answers went to each pole */
  scores: {
    key: string;
    poles: readonly [string, string];
    names: readonly [string, string];
    counts: [number, number];
  }[];
  /** true when the result was attached to a registration */
  attached: boolean;
}
