import type { Database } from '../../../platform/db/database.js';

/** A company (top-level department) just added, as the hooks see it. */
export interface AddedCompany {
  id: string;
  orgCode: string;
  departName: string;
}

/** What another module does when a company is added; runs in the transaction that inserts the company. */
export type CompanyAddedHook = (db: Database, company: AddedCompany, by: string) => Promise<void>;

const hooks = new Map<string, CompanyAddedHook>();

/** Registers (or replaces, by name) a hook run for every company added from now on. */
export function onCompanyAdded(name: string, hook: CompanyAddedHook): void {
  hooks.set(name, hook);
}

/** Runs every registered hook for a company added inside `db` (a transaction). */
export async function companyAdded(db: Database, company: AddedCompany, by: string): Promise<void> {
  for (const hook of hooks.values()) await hook(db, company, by);
}
