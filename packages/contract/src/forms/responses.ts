/**
 * What the declared form types' endpoints answer (`/forms/<slug>/list`, `/forms/<slug>/queryById`): the
 * form row with its declared fields (loose: every field, `<key>_dictText` texts and the business link pass
 * through); the fields listed are those every form type has.
 */
import { z } from 'zod';

const text = z.string().nullable();

/** A row of a declared form type's list. */
export const formListRow = z.looseObject({
  id: z.string(),
  title: text,
  applicant: text,
  applicantName: text,
  sysOrgCode: text,
  actStatus: text.optional(),
  createTime: text,
  businessId: text,
  procInstId: text,
  status: z.number().nullable(),
  result: z.number().nullable(),
  applyTime: text,
  status_dictText: z.string(),
  result_dictText: z.string(),
});
export type FormListRow = z.infer<typeof formListRow>;

/** One form row (`/forms/<slug>/queryById`). */
export const formDetail = z.looseObject({
  id: z.string(),
  title: text,
  applicant: text,
  applicantName: text,
});
export type FormDetail = z.infer<typeof formDetail>;
