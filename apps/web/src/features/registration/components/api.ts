import type { MbtiResult } from '@go/contract';
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

export interface Option {
  value: string;
  text: string;
}
export interface RegistrationOptions {
  captcha: boolean;
  company: Option[];
  sex: Option[];
  political: Option[];
  marriage: Option[];
  degree: Option[];
  limits: { fileMaxBytes: number };
}

export interface MbtiStored extends Omit<MbtiResult, 'attached'> {
  time?: string | null;
}

export interface Summary {
  createTime: string;
  expiresAt: number;
  data: Record<string, unknown> & {
    educations: Record<string, string>[];
    workHistory: Record<string, string>[];
  };
  texts: Record<string, string>;
  company: string;
  photoUrl: string | null;
  cvUrl: string | null;
  cvName: string | null;
  mbti: MbtiStored | null;
}

export interface Questions {
  version: string;
  questions: { id: number; text: string; a: string; b: string }[];
}

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
