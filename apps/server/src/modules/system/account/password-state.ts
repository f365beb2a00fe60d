import type { Database } from '../../../platform/db/database.js';
import { now } from '../../../platform/db/time.js';

export interface SysUserPasswordState {
  userId: string;
  mustChange: number;
  setBy: string | null;
  updateTime: string | null;
}

declare module '../../../platform/db/schema.js' {
  interface DB {
    sysUserPasswordState: SysUserPasswordState;
  }
}

/** Text of the first sign-in prompt. */
export const PASSWORD_CHANGE_TEXT = '您的密码为初始密码或已被管理员重置，请先修改密码';

/** The password was set by someone else (account created, reset or imported): ask for a new one. */
export async function requirePasswordChange(db: Database, userIds: string[], by: string): Promise<void> {
  const t = now();
  for (const userId of [...new Set(userIds)]) {
    await db
      .insertInto('sysUserPasswordState')
      .values({ userId, mustChange: 1, setBy: by, updateTime: t })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ mustChange: 1, setBy: by, updateTime: t }))
      .execute();
  }
}

/** The user chose their own password. */
export async function passwordChanged(db: Database, userId: string): Promise<void> {
  await db.updateTable('sysUserPasswordState').set({ mustChange: 0, updateTime: now() }).where('userId', '=', userId).execute();
}

export async function mustChangePassword(db: Database, userId: string): Promise<boolean> {
  const r = await db.selectFrom('sysUserPasswordState').select('mustChange').where('userId', '=', userId).executeTakeFirst();
  return r?.mustChange === 1;
}
