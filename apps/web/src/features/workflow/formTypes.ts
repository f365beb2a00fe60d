import type { ComponentType } from 'react';

/** Props of a form type's read-only view inside the task form and history dialogs. */
export interface FormViewProps {
  /** the form data from `/actBusiness/getForm` */
  data: Record<string, unknown>;
}

/** Props of a form type's editor (new application, draft, resubmission). */
export interface FormEditorProps {
  open: boolean;
  /** business id of an existing application (draft, rejected or withdrawn); absent for a new one */
  businessId?: string;
  /** the process to start (new application) */
  procDefId?: string;
  onClose: (changed: boolean) => void;
}

/**
 * A form type on the web side. Features plug their form types in by exporting `formTypes` from
 * `features/<domain>/form-types.tsx`; the workflow screens find them by the wire `tableName` or the
 * `routeName` the server sends.
 */
export interface WebFormType {
  tableName: string;
  routeName: string;
  label: string;
  /** the task form opens full screen (else 80 %) */
  fullScreen: boolean;
  /** a comment is required on every approval */
  commentRequired: boolean;
  /** `/actTask/jxpass` instead of `/actTask/pass` */
  passPath: 'pass' | 'jxpass';
  View: ComponentType<FormViewProps>;
  Editor?: ComponentType<FormEditorProps>;
  /** extra approval input (e.g. the performance score) */
  approvalScore?: boolean;
}

type FormTypesModule = { formTypes: WebFormType[] };
const modules = import.meta.glob<FormTypesModule>('../*/form-types.tsx', { eager: true });

const all: WebFormType[] = Object.values(modules).flatMap((m) => m.formTypes ?? []);

export function webFormTypes(): WebFormType[] {
  return all;
}

/** The form type of a task or application: by `tableName`, else by `routeName`. */
export function findFormType(tableName?: string | null, routeName?: string | null): WebFormType | undefined {
  const norm = (s: string) => s.replace(/^\/+/, '').replace(/\.(vue|tsx)$/, '');
  return (
    all.find((f) => !!tableName && f.tableName === tableName) ??
    all.find((f) => !!routeName && norm(f.routeName) === norm(routeName))
  );
}
