import { sql } from 'kysely';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import type { SysUser } from '../../../platform/db/schema.js';
import { hashPassword, newSalt } from '../../../platform/auth/password.js';
import { randomBytes } from 'node:crypto';

// The table's row type (and its place in the database schema) travels with the repository.
export type { SysThirdAccount } from './sso.tables.js';

/** Reads and writes of single sign-on: the third-party links and the accounts they point at. */
export class SsoRepository {
  constructor(private readonly db: Database) {}

  async linkedUser(thirdType: string, uuid: string): Promise<SysUser | undefined> {
    return this.db
      .selectFrom('sysThirdAccount as t')
      .innerJoin('sysUser as u', 'u.id', 't.sysUserId')
      .selectAll('u')
      .where('t.thirdType', '=', thirdType)
      .where('t.thirdUserUuid', '=', uuid)
      .where('t.delFlag', '=', 0)
      .executeTakeFirst();
  }

  /** Links an identity to a user; a concurrent twin of the same identity keeps the first link. */
  async link(userId: string, thirdType: string, uuid: string, realname: string | null, avatar: string | null): Promise<void> {
    await this.db
      .insertInto('sysThirdAccount')
      .values({
        id: newId(),
        sysUserId: userId,
        thirdType,
        thirdUserUuid: uuid,
        thirdUserId: uuid,
        realname,
        avatar,
        status: 1,
        delFlag: 0,
        createBy: 'sso',
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .onConflict((oc) => oc.columns(['thirdType', 'thirdUserUuid']).doNothing())
      .execute();
  }

  /** Accounts (not deleted) whose username equals `name` ignoring case. */
  usersByUsername(name: string): Promise<SysUser[]> {
    return this.db
      .selectFrom('sysUser')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', name.toLowerCase())
      .where('delFlag', '=', 0)
      .limit(2)
      .execute();
  }

  usersByEmail(email: string): Promise<SysUser[]> {
    return this.db
      .selectFrom('sysUser')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('delFlag', '=', 0)
      .limit(2)
      .execute();
  }

  usersByPhone(phone: string): Promise<SysUser[]> {
    return this.db.selectFrom('sysUser').selectAll().where('phone', '=', phone).where('delFlag', '=', 0).limit(2).execute();
  }

  userByExactUsername(name: string): Promise<SysUser | undefined> {
    return this.db.selectFrom('sysUser').selectAll().where('username', '=', name).executeTakeFirst();
  }

  userById(id: string): Promise<SysUser | undefined> {
    return this.db.selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async usernameTaken(name: string): Promise<boolean> {
    return !!(await this.db
      .selectFrom('sysUser')
      .select('id')
      .where(sql<string>`lower(username)`, '=', name.toLowerCase())
      .executeTakeFirst());
  }

  departByOrgCode(orgCode: string) {
    return this.db
      .selectFrom('sysDepart')
      .select(['id', 'orgCode'])
      .where('orgCode', '=', orgCode)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
  }

  /**
   * A new 普通员工 account in a department, with a random password nobody knows (the person signs in
   * through the provider, or sets a password through 找回密码), linked to the identity in the same transaction.
   */
  async createLinkedUser(input: {
    username: string;
    realname: string;
    email: string | null;
    phone: string | null;
    depart: { id: string; orgCode: string | null };
    thirdType: string;
    uuid: string;
  }): Promise<SysUser> {
    const salt = newSalt();
    const id = newId();
    const t = now();
    const password = await hashPassword(randomBytes(24).toString('base64url'), salt);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysUser')
        .values({
          id,
          username: input.username,
          realname: input.realname,
          password,
          salt,
          phone: input.phone,
          email: input.email,
          orgCode: input.depart.orgCode,
          departIds: input.depart.id,
          status: 1,
          delFlag: 0,
          userIdentity: 1,
          createBy: 'sso',
          createTime: t,
        })
        .execute();
      await trx.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId: input.depart.id }).execute();
      const staff = await trx.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirst();
      if (staff) await trx.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: staff.id }).execute();
      await trx
        .insertInto('sysThirdAccount')
        .values({
          id: newId(),
          sysUserId: id,
          thirdType: input.thirdType,
          thirdUserUuid: input.uuid,
          thirdUserId: input.uuid,
          realname: input.realname,
          avatar: null,
          status: 1,
          delFlag: 0,
          createBy: 'sso',
          createTime: t,
          updateBy: null,
          updateTime: null,
        })
        .execute();
    });
    return (await this.userById(id))!;
  }
}
