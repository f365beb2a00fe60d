/** The field-level audit trail (migration 2026_11_27_2200_change_log). */
export interface SysChangeLog {
  id: string;
  createTime: string;
  userId: string | null;
  userName: string | null;
  ip: string | null;
  orgCode: string | null;
  recordType: string;
  recordId: string;
  recordName: string | null;
  action: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

declare module '../db/schema.js' {
  interface DB {
    sysChangeLog: SysChangeLog;
  }
}
