import { randomInt } from 'node:crypto';
import { newPasswordField } from '@go/contract/auth';
import { hashPassword, newSalt } from '../platform/auth/password.js';
import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import { requirePasswordChange } from '../modules/system/account/password-state.js';
import { GROUP_COMPANY } from '../platform/access/access.js';

/** What the first start of a clean install did about its administrator. */
export type FirstAdminOutcome =
  | { created: false }
  | { created: true; username: string; generatedPassword: string | null };

/** A one-time password: 16 characters from an alphabet without look-alikes (about 90 bits). */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < 16; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/**
 * The first administrator of a clean install: created once, when no account holds the admin role. The
 * account belongs to the group level (org code A01, so it sees every company once they exist) and to no
 * department yet. With `password` empty a one-time password is generated and must be changed at the first
 * sign-in; the caller prints it once.
 */
export async function ensureFirstAdmin(db: Database, opts: { username: string; password: string }): Promise<FirstAdminOutcome> {
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirst();
  if (!role) return { created: false };
  const holder = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .select('u.id')
    .where('ur.roleId', '=', role.id)
    .where('u.delFlag', '=', 0)
    .executeTakeFirst();
  if (holder) return { created: false };

  const username = opts.username || 'admin';
  if (!/^[A-Za-z0-9_.@-]{2,64}$/.test(username)) throw new Error('ADMIN_USERNAME: 2 to 64 letters, digits or _ . @ -');
  let password = opts.password;
  if (password) {
    const checked = newPasswordField().safeParse(password);
    if (!checked.success) throw new Error(`ADMIN_PASSWORD: ${checked.error.issues[0]?.message ?? '不符合密码规则'}`);
  } else {
    password = oneTimePassword();
  }

  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst();
    if (taken) throw new Error(`ADMIN_USERNAME: an account named ${username} exists without the admin role`);
    const id = newId();
    const salt = newSalt();
    await trx
      .insertInto('sysUser')
      .values({
        id,
        username,
        realname: '管理员',
        password: await hashPassword(password, salt),
        salt,
        avatar: null,
        birthday: null,
        sex: null,
        email: null,
        phone: null,
        orgCode: GROUP_COMPANY,
        status: 1,
        delFlag: 0,
        workNo: null,
        post: null,
        telephone: null,
        userIdentity: 1,
        departIds: '',
        relTenantIds: '1',
        createBy: 'system',
        createTime: now(),
      })
      .execute();
    await trx.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: role.id }).execute();
    const generated = opts.password ? null : password;
    if (generated) await requirePasswordChange(trx, [id], 'system');
    return { created: true as const, username, generatedPassword: generated };
  });
}
