/** Public registrations (docs/hr.md "在线登记"). */
export interface HyRegistration {
  id: string;
  /** sha256 (hex) of the code given to the applicant; the code itself is never stored */
  codeHash: string;
  /** ms since the epoch */
  expiresAt: number;
  /** the file created or updated */
  hyUserId: string | null;
  /** held submissions: the existing file the person matched (left unchanged) */
  matchedId: string | null;
  /** created | updated | flagged | held */
  outcome: string;
  realname: string;
  orgCode: string;
  applyPost: string | null;
  /** JSON of the validated form */
  data: string;
  /** stored name under the private registration folder, e.g. `photo.jpg` */
  photo: string | null;
  cv: string | null;
  cvName: string | null;
  ip: string | null;
  mbtiType: string | null;
  /** JSON counts per dimension */
  mbtiScores: string | null;
  mbtiTime: string | null;
  createTime: string;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    hyRegistration: HyRegistration;
  }
}

declare module './hr.tables.js' {
  interface HyUser {
    /** the latest personality-test type taken through registration */
    mbtiType: string | null;
  }
}
