/**
 * What the HR endpoints answer (docs/hr.md): the rows of the employee file lists, the change log, the
 * interview rounds and transfers, and the public registration answers. Rows are loose: dictionary texts
 * (`*_dictText`) and the other file columns pass through; the fields listed are those the clients read.
 * National ID, bank card and mobile are masked in every answer but `/manager/hyUser/sensitive` (and
 * `sensitive=1` lists), so they are plain strings here.
 */
import { z } from 'zod';

const text = z.string().nullable();

/** A row of the employee file lists (人事档案, 新员工, 员工关系) and the file detail. */
export const hyUserRow = z.looseObject({
  id: z.string(),
  userId: text.optional(),
  username: text.optional(),
  realname: z.string(),
  sex: text.optional(),
  birthday: text.optional(),
  idCard: text,
  mobile: text,
  bankCard: text.optional(),
  email: text.optional(),
  orgCode: z.string(),
  departName: text,
  post: text.optional(),
  rank: text.optional(),
  entryDate: text.optional(),
  regularDate: text.optional(),
  contractEnd: text.optional(),
  status: z.string(),
  statusDate: text.optional(),
  pendingMove: text.optional(),
  blacklistFlag: z.number().optional(),
  duplicateOf: text.optional(),
  mbtiType: text.optional(),
  /** the company (top-level org code) of the file */
  company: z.string(),
  company_dictText: z.string(),
  post_dictText: z.string(),
  status_dictText: z.string(),
  createTime: text.optional(),
});
export type HyUserRow = z.infer<typeof hyUserRow>;

/** A new hire (新员工) with the onboarding checklist. */
export const hyNewHireRow = hyUserRow.extend({
  onboarding: z.array(z.looseObject({ name: z.string(), done: z.boolean() })),
});

/** `/manager/hyUser/sensitive`: the plain values of one file. */
export const hySensitiveResult = z.object({ id: z.string(), idCard: text, bankCard: text, mobile: text });

/** `/manager/hyUser/checkDuplicate`. */
export const hyDuplicateResult = z.object({ duplicate: z.boolean(), message: z.string(), blacklisted: z.boolean() });

/** `/manager/hyUser/add`: the new file and whether the person is blacklisted. */
export const hyAddResult = z.object({ id: z.string(), blacklistFlag: z.number() });

/** A change-log row (人事变更日志): sensitive values masked, status values with their texts. */
export const hyUserLogRow = z.looseObject({
  id: z.string(),
  hyUserId: text,
  realname: text,
  orgCode: text,
  action: z.string(),
  action_dictText: z.string(),
  field: text,
  fieldLabel: text.optional(),
  /** The values in words (dictionary texts, department and position names); null reads 空. */
  oldText: text.optional(),
  newText: text.optional(),
  oldValue: text,
  newValue: text,
  reason: text,
  effectiveDate: text,
  operator: text,
  operatorName: text,
  createTime: z.string(),
});

/** An interview round of a file. */
export const hyInterviewRow = z.looseObject({
  id: z.string(),
  hyUserId: z.string(),
  round: z.number(),
  interviewDate: text,
  interviewers: text,
  score: z.number().nullable(),
  verdict: z.string(),
  verdict_dictText: z.string(),
  comment: text,
});

/** `/manager/hyInterview/add`: the round recorded. */
export const hyInterviewAddResult = z.object({ round: z.number() });

/** A transfer record (调动记录). */
export const hyTransferRow = z.looseObject({
  id: z.string(),
  hyUserId: z.string(),
  realname: text,
  fromOrgCode: z.string(),
  fromDepartName: text,
  toOrgCode: z.string(),
  toDepartName: text,
  fromPost: text,
  toPost: text,
  /** 原职务 / 新职务 by name (what the list and export show) */
  fromPost_dictText: z.string().optional(),
  toPost_dictText: z.string().optional(),
  effectiveDate: text,
  reason: text,
  operatorName: text,
  createTime: z.string(),
});

/* ---------------------------------------------------------------- public registration (在线登记) */

const option = z.object({ value: z.string(), text: z.string() });

/** `/registration/options`: the choices of the public form. */
export const registrationOptionsResult = z.object({
  captcha: z.boolean(),
  company: z.array(option),
  sex: z.array(option),
  political: z.array(option),
  marriage: z.array(option),
  degree: z.array(option),
  limits: z.object({ fileMaxBytes: z.number() }),
});

/** `/registration/submit`: the code for the summary and the test. */
export const registrationSubmitResult = z.object({ code: z.string(), expiresAt: z.number() });

const mbtiScores = z.array(
  z.object({
    key: z.string(),
    poles: z.tuple([z.string(), z.string()]).readonly(),
    names: z.tuple([z.string(), z.string()]).readonly(),
    counts: z.tuple([z.number(), z.number()]),
  }),
);

/** A personality-test result as answered by `/registration/mbti`. */
export const mbtiResultSchema = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  scores: mbtiScores,
  attached: z.boolean(),
});

/** A stored test result (summary, registrations of a file). */
export const mbtiStoredSchema = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  scores: mbtiScores,
  time: text,
});

/** `/registration/mbti/questions`: the texts only (the scoring stays on the server). */
export const mbtiQuestionsResult = z.object({
  version: z.string(),
  questions: z.array(z.object({ id: z.number(), text: z.string(), a: z.string(), b: z.string() })),
});

/** `/registration/summary`: what the holder of the code submitted (national ID and mobile masked). */
export const registrationSummaryResult = z.object({
  createTime: z.string(),
  expiresAt: z.number(),
  data: z.record(z.string(), z.unknown()),
  texts: z.record(z.string(), z.string()),
  company: z.string(),
  photoUrl: text,
  cvUrl: text,
  cvName: text,
  mbti: mbtiStoredSchema.nullable(),
});

/** `/manager/hyUser/registrations`: the online registrations of a file. */
export const hyRegistrationRow = z.object({
  id: z.string(),
  createTime: z.string(),
  outcome: z.string(),
  outcomeText: z.string(),
  applyPost: text,
  realname: z.string(),
  photoUrl: text,
  cvUrl: text,
  cvName: text,
  mbti: mbtiStoredSchema.nullable(),
});

export type RegistrationOptionsResult = z.infer<typeof registrationOptionsResult>;
export type RegistrationSummaryResult = z.infer<typeof registrationSummaryResult>;
export type MbtiQuestionsResult = z.infer<typeof mbtiQuestionsResult>;
export type MbtiStoredResult = z.infer<typeof mbtiStoredSchema>;
export type HyRegistrationRow = z.infer<typeof hyRegistrationRow>;
