import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jeecgPasswordHash, verifyJeecgPassword } from '../../src/platform/auth/legacy-password.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe('[MIGRATION] JeecgBoot password hashes (PBEWithMD5AndDES)', () => {
  it("reproduces the hashes of JeecgBoot's own seed users for 123456", () => {
    expect(jeecgPasswordHash('admin', '123456', 'RCGTeGiH')).toBe('cb362cfeefbf3d8d');
    expect(jeecgPasswordHash('jeecg', '123456', 'mIgiYJow')).toBe('eee378a1258530cb');
  });

  it('accepts only the right password, username and salt, and only a jeecg$ hash', () => {
    expect(verifyJeecgPassword('admin', '123456', 'RCGTeGiH', 'jeecg$cb362cfeefbf3d8d')).toBe(true);
    expect(verifyJeecgPassword('admin', '123456', 'RCGTeGiH', 'jeecg$CB362CFEEFBF3D8D')).toBe(true);
    expect(verifyJeecgPassword('admin', '1234567', 'RCGTeGiH', 'jeecg$cb362cfeefbf3d8d')).toBe(false);
    expect(verifyJeecgPassword('jeecg', '123456', 'RCGTeGiH', 'jeecg$cb362cfeefbf3d8d')).toBe(false);
    expect(verifyJeecgPassword('admin', '123456', 'mIgiYJow', 'jeecg$cb362cfeefbf3d8d')).toBe(false);
    expect(verifyJeecgPassword('admin', '123456', 'RCGTeGiH', 'cb362cfeefbf3d8d')).toBe(false);
    expect(verifyJeecgPassword('admin', '123456', 'RCGTeGiH', 'jeecg$')).toBe(false);
    // Java's PBE keys are printable ASCII: any other password never matched a JeecgBoot hash
    expect(jeecgPasswordHash('admin', '密码123456', 'RCGTeGiH')).toBeNull();
  });
});

describe.each(dbKinds)('[MIGRATION] sign-in with a password imported from JeecgBoot, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (username: string, password: string) => t.call(null, 'POST', '/sys/login', { username, password });

  it('a jeecg$ hash opens with its password once, and is replaced by this product’s scrypt hash at that sign-in', async () => {
    const { db } = t.app.ctx;
    const user = await db.selectFrom('sysUser').select(['id', 'username']).where('delFlag', '=', 0).where('status', '=', 1).where('username', '<>', 'admin').executeTakeFirstOrThrow();
    const salt = 'RCGTeGiH';
    const legacy = `jeecg$${jeecgPasswordHash(user.username, '123456', salt)}`;
    await db.updateTable('sysUser').set({ password: legacy, salt }).where('id', '=', user.id).execute();

    const wrong = await signIn(user.username, '654321');
    expect(wrong.body.success).toBe(false);
    expect((await db.selectFrom('sysUser').select('password').where('id', '=', user.id).executeTakeFirstOrThrow()).password).toBe(legacy);

    const first = await signIn(user.username, '123456');
    expect(first.body.success, first.body.message).toBe(true);
    const after = await db.selectFrom('sysUser').select(['password', 'salt']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.password).toMatch(/^scrypt\$[0-9a-f]{64}$/);
    expect(after.salt).not.toBe(salt);

    // from now on the product's own hash answers
    expect((await signIn(user.username, '123456')).body.success).toBe(true);
    expect((await signIn(user.username, '654321')).body.success).toBe(false);
  });
});
