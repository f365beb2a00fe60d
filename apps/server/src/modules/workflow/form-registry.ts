import type { z } from 'zod';
import type { Compilable } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** The applicant as a form type sees them. */
export interface Applicant {
  username: string;
  realname: string;
  orgCode: string;
}

/** Why a process ended, as told to the form type's hooks. */
export type FinishOutcome = 'passed' | 'rejected' | 'canceled';

/**
 * A form type plugged into the engine. The engine never imports a business module: each form type
 * registers its table, validation, wire names, end-of-process label and hooks here.
 */
export interface FormType {
  /** wire `tableName` (the form type key) */
  tableName: string;
  /** front-end form component key (`routeName`) */
  routeName: string;
  /** short Chinese name, e.g. 费用 */
  label: string;
  /** the pseudo-assignee shown when the next node is the end of the process */
  endLabel: string;
  /** `jxpass` for the performance form */
  passPath: 'pass' | 'jxpass';
  /** a comment is required on every approval of this form type */
  commentRequired: boolean;
  /** the task form opens full screen (else 80 %) */
  fullScreen: boolean;
  /** validates the form body of add/edit */
  schema: z.ZodType<Record<string, unknown>>;
  /** inserts the form row; returns its id and the application title */
  create(db: Database, applicant: Applicant, data: Record<string, unknown>): Promise<{ id: string; title: string }>;
  /** updates a draft's form row; returns the new title */
  update(db: Database, id: string, data: Record<string, unknown>, by: string): Promise<{ title: string }>;
  /** the form data (the process variables gateway conditions see); undefined when missing */
  load(db: Database, id: string): Promise<Record<string, unknown> | undefined>;
  remove(db: Database, id: string): Promise<void>;
  /** writes the free-text approval status on the form row (审批中-key-name, 审批通过, 驳回 …) */
  setActStatus(db: Database, id: string, text: string): Promise<void>;
  /** the same write, not yet run (joined with the other writes of an approval step on PostgreSQL) */
  actStatusWrite?(db: Database, id: string, text: string): Compilable;
  /** called inside the approval transaction with the approval payload (e.g. the performance score) */
  onApprove?(db: Database, id: string, payload: Record<string, unknown>, approver: string): Promise<void>;
  /** called inside the transaction that ends the process */
  onFinish?(db: Database, id: string, outcome: FinishOutcome): Promise<void>;
  /**
   * The change trail of the form's rows (docs/audit.md; record type = `tableName`, record id = the row's id):
   * how screens name the type (the form's name) and its fields, and the list permissions of its readers.
   */
  changeLog?: FormChangeLog;
}

export interface FormChangeLog {
  label: string;
  fields: Record<string, string>;
  /** `list` to read at all; `all` (when the type has one) reads every row of the company, not only one's own */
  perms: { list: string; all?: string };
}

export class FormRegistry {
  private readonly types = new Map<string, FormType>();

  register(type: FormType): void {
    if (this.types.has(type.tableName)) throw new Error(`form type ${type.tableName} registered twice`);
    this.types.set(type.tableName, type);
  }

  get(tableName: string | null | undefined): FormType | undefined {
    return tableName ? this.types.get(tableName) : undefined;
  }

  list(): FormType[] {
    return [...this.types.values()];
  }
}
