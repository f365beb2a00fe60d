/**
 * 待离职: a dimission approved with a future 离职日期 waits for that date. The file keeps its in-service
 * state with this marker in `pendingMove` and the dimission fields filled; on the date the scheduled job
 * (`hr.job.DimissionJob`) sets the file to 离职 and freezes the account.
 */
export const HY_LEAVE_PENDING = 'leave';
export const HY_LEAVE_PENDING_TEXT = '待离职';

/** The answer of a move on a file waiting for its dimission date. */
export const hyLeavePendingMessage = (date: string | null | undefined) => `该员工已办理离职，将于${date ?? ''}生效`;

/** The answer of a dimission (or its approval) whose date is still ahead. */
export const hyLeaveScheduledMessage = (date: string) => `离职已登记，将于${date}生效`;
