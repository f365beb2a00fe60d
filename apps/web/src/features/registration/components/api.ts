import type { MbtiQuestionsResult, MbtiResult, MbtiStoredResult, RegistrationOptionsResult, RegistrationSummaryResult } from '@go/contract';
import { getAction, postAction } from '../../../app/http/client';

/** The public registration endpoints (docs/hr.md "在线登记"). */
export const REG_URL = {
  options: '/registration/options',
  submit: '/registration/submit',
  summary: '/registration/summary',
  questions: '/registration/mbti/questions',
  mbti: '/registration/mbti',
  ofFile: '/manager/hyUser/registrations',
};

/** The wire shapes are the contract's (`packages/contract/src/hr/responses.ts`). */
export type RegistrationOptions = RegistrationOptionsResult;
export type Option = RegistrationOptions['company'][number];

/** A stored test result, or a fresh one (which has no time). */
export type MbtiStored = Omit<MbtiStoredResult, 'time'> & { time?: string | null };

export type Summary = Omit<RegistrationSummaryResult, 'data'> & {
  data: Record<string, unknown> & {
    educations: Record<string, string>[];
    workHistory: Record<string, string>[];
  };
};

export type Questions = MbtiQuestionsResult;

/**
 * The applicant's code lives in this tab's session storage only (never in a URL): the test and the
 * summary read it from there; the end page shows it so it can be noted down.
 */
const KEY = 'registration.code';
export const regCode = {
  get: (): string | null => {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set: (code: string) => {
    try {
      sessionStorage.setItem(KEY, code);
    } catch {
      /* private mode: the end page still shows the code */
    }
  },
};

export const loadOptions = () => getAction<RegistrationOptions>(REG_URL.options, undefined, { silent: true });
export const loadQuestions = () => getAction<Questions>(REG_URL.questions, undefined, { silent: true });
export const loadSummary = (code: string) => postAction<Summary>(REG_URL.summary, { code }, { silent: true });
export const sendAnswers = (version: string, answers: ('A' | 'B')[], code: string | null) =>
  postAction<MbtiResult>(REG_URL.mbti, { version, answers, code }, { silent: true });
