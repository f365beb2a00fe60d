import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { App } from '../../src/app.js';
import { PermissionService } from '../../src/modules/system/permission/permission.service.js';
import { responseSignature } from '../../src/platform/crypto/envelope.js';
import { createTestApp, dbKinds, type TestApp, createCluster } from '../helpers.js';

const PERM_URL = '/sys/permission/getUserPermissionByToken';

/** What a fresh service (no cache at all) resolves for a user right now. */
async function uncached(app: App, userId: string): Promise<unknown> {
  return JSON.parse(JSON.stringify(await new PermissionService(app.ctx.db).loadForUser(userId)));
}

async function idOf(app: App, username: string): Promise<string> {
  return (await app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

describe.each(dbKinds)('permission load cache (%s)', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => t.close());

  it('the cached payload equals an uncached resolution before and after grant, menu and user-role writes', async () => {
    const db = t.app.ctx.db;
    const role = await t.call(admin, 'POST', '/sys/role/add', { roleName: '缓存校验', roleCode: 'cache_check' });
    expect(role.body.success).toBe(true);
    const roleId = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'cache_check').executeTakeFirstOrThrow()).id;
    const dep = (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03A02').executeTakeFirstOrThrow()).id;
    const add = await t.call(admin, 'POST', '/sys/user/add', {
      username: 'cache_user',
      realname: '缓存用户',
      password: 'Pass1234',
      confirmpassword: 'Pass1234',
      phone: '13912345001',
      selectedroles: roleId,
      selecteddeparts: dep,
    });
    expect(add.body.success).toBe(true);
    const menu = async (url: string) => (await db.selectFrom('sysPermission').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id;
    const sysMenu = await menu('/isystem');
    const posMenu = await menu('/isystem/position');
    const userId = await idOf(t.app, 'cache_user');

    const grant = async (ids: string[], last: string[]) =>
      expect(
        (await t.call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: ids.join(','), lastpermissionIds: last.join(',') })).body
          .success,
      ).toBe(true);
    await grant([sysMenu, posMenu], []);
    const token = await t.login('cache_user', 'Pass1234');

    const same = async () => {
      const r = await t.call(token, 'GET', PERM_URL);
      expect(r.status).toBe(200);
      expect(r.body.result).toEqual(await uncached(t.app, userId));
      return r;
    };
    const first = await same();
    expect((first.body.result.menu as { path: string }[]).map((m) => m.path)).toEqual(['/zhome', '/isystem']);
    const again = await same(); // served from the cache
    expect(again.headers.etag).toBe(first.headers.etag);

    // A grant write: the next load shows it at once, and the old entity tag no longer matches.
    const addBtn = (await db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:position:add').executeTakeFirstOrThrow()).id;
    await grant([sysMenu, posMenu, addBtn], [sysMenu, posMenu]);
    const granted = await same();
    expect((granted.body.result.auth as { action: string }[]).map((a) => a.action)).toEqual(['system:position:add']);
    expect(granted.headers.etag).not.toBe(first.headers.etag);

    // A menu write (rename) reaches the cached tree.
    const edit = await t.call(admin, 'PUT', '/sys/permission/edit', {
      ...(await db.selectFrom('sysPermission').selectAll().where('id', '=', posMenu).executeTakeFirstOrThrow()),
      name: '职务（缓存）',
    });
    expect(edit.body.success).toBe(true);
    const renamed = await same();
    expect(JSON.stringify(renamed.body.result.menu)).toContain('职务（缓存）');

    // Taking the role away (user-role write) leaves only the home page, exactly as resolved without a cache.
    await grant([], [sysMenu, posMenu, addBtn]);
    const stripped = await t.call(token, 'GET', PERM_URL);
    const fresh = await new PermissionService(t.app.ctx.db).loadForUser(userId).then(
      (r) => JSON.parse(JSON.stringify(r)),
      () => null,
    );
    if (fresh) expect(stripped.body.result).toEqual(fresh);
    else expect(stripped.body.success).toBe(false);
  });

  it('answers a conditional request with 304 and keeps the response signature of the envelope', async () => {
    const r = await t.call(admin, 'GET', PERM_URL);
    expect(r.status).toBe(200);
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(r.body.result).toEqual(await uncached(t.app, await idOf(t.app, 'admin')));
    const body = r.body as unknown as { timestamp: number; result: unknown; zSignVer: string };
    expect(body.zSignVer).toBe(responseSignature(body.timestamp, body.result, t.app.ctx.config.aesKey));

    const notModified = await t.call(admin, 'GET', PERM_URL, undefined, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.raw).toBe('');
    expect((await t.call(admin, 'GET', PERM_URL, undefined, { 'if-none-match': '"other"' })).status).toBe(200);
    // A browser accepting gzip gets the same envelope compressed.
    const zipped = await t.app.inject({ method: 'GET', url: `/jeecg-boot${PERM_URL}`, headers: { 'x-access-token': admin, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(unzipped.result).toEqual(r.body.result);
    expect(unzipped.zSignVer).toBe(responseSignature(unzipped.timestamp, unzipped.result, t.app.ctx.config.aesKey));
    // Without a valid session there is no 304, whatever the tag.
    expect((await t.call('bad-token', 'GET', PERM_URL, undefined, { 'if-none-match': etag })).status).toBe(401);
  });

  it('the cached session ends at once on logout, freeze and password change', async () => {
    const probe = (token: string) => t.call(token, 'GET', PERM_URL);
    // logout
    const a = await t.login('chenjing');
    expect((await probe(a)).status).toBe(200);
    expect((await probe(a)).status).toBe(200); // now cached
    await t.call(a, 'POST', '/sys/logout');
    expect((await probe(a)).status).toBe(401);
    // freeze
    const b = await t.login('chenjing');
    expect((await probe(b)).status).toBe(200);
    const id = await idOf(t.app, 'chenjing');
    expect((await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: id, status: 2 })).body.success).toBe(true);
    expect((await probe(b)).status).not.toBe(200);
    expect((await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: id, status: 1 })).body.success).toBe(true);
    // another session of the user ends when the password changes elsewhere
    const c = await t.login('chenjing');
    const d = await t.login('chenjing');
    expect((await probe(c)).status).toBe(200);
    await t.app.ctx.sessions.revokeUser(id, undefined);
    expect((await probe(c)).status).toBe(401);
    expect((await probe(d)).status).toBe(401);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const clusterEnabled = !!inject('pgTemplate') && !!redisUrl;

/** Polls until `check` passes (cross-instance events travel through Redis pub/sub). */
async function eventually(check: () => Promise<void>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

describe.skipIf(!clusterEnabled)('[CLUSTER] permission and session caches across two instances', () => {
  const apps: App[] = [];
  let cluster: Awaited<ReturnType<typeof createCluster>> | undefined;

  const call = async (app: App, token: string | null, method: 'GET' | 'POST' | 'PUT', u: string, body?: object) => {
    const res = await app.inject({ method, url: `/jeecg-boot${u}`, headers: token ? { 'x-access-token': token } : {}, ...(body ? { payload: body } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const login = async (app: App, username: string) => (await call(app, null, 'POST', '/sys/login', { username, password: '123456' })).body.result.token as string;

  beforeAll(async () => {
    cluster = await createCluster(2, { redisUrl, listen: false });
    apps.push(...cluster.apps);
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it('a grant write on one instance reaches the cached payload of the other', async () => {
    const [a, b] = apps;
    const adminToken = await login(a, 'admin');
    const staff = await login(a, 'chenjing');
    const staffId = await idOf(a, 'chenjing');
    const before = await call(b, staff, 'GET', PERM_URL);
    expect(before.body.result).toEqual(await uncached(b, staffId));
    await call(b, staff, 'GET', PERM_URL); // cached on b

    // Grant one more button to a role chenjing holds, through instance a.
    const roleId = (
      await a.ctx.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', staffId).executeTakeFirstOrThrow()
    ).roleId;
    const held = (await call(a, adminToken, 'GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).body.result as string[];
    const extra = (
      await a.ctx.db
        .selectFrom('sysPermission')
        .select('id')
        .where('menuType', '=', 2)
        .where('perms', 'is not', null)
        .where('id', 'not in', held.length ? held : [''])
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const save = await call(a, adminToken, 'POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [...held, extra].join(','),
      lastpermissionIds: held.join(','),
    });
    expect(save.body.success).toBe(true);
    const expected = await uncached(a, staffId);
    expect(expected).not.toEqual(before.body.result);
    await eventually(async () => expect((await call(b, staff, 'GET', PERM_URL)).body.result).toEqual(expected));
  });

  it('a logout or freeze on one instance ends the cached session on the other', async () => {
    const [a, b] = apps;
    const adminToken = await login(a, 'admin');
    const t1 = await login(a, 'chenjing');
    expect((await call(b, t1, 'GET', PERM_URL)).status).toBe(200);
    expect((await call(b, t1, 'GET', PERM_URL)).status).toBe(200); // cached on b
    await call(a, t1, 'POST', '/sys/logout');
    await eventually(async () => expect((await call(b, t1, 'GET', PERM_URL)).status).toBe(401));

    const t2 = await login(a, 'chenjing');
    expect((await call(b, t2, 'GET', PERM_URL)).status).toBe(200);
    const id = await idOf(a, 'chenjing');
    expect((await call(a, adminToken, 'PUT', '/sys/user/frozenBatch', { ids: id, status: 2 })).body.success).toBe(true);
    await eventually(async () => expect((await call(b, t2, 'GET', PERM_URL)).status).not.toBe(200));
    expect((await call(a, adminToken, 'PUT', '/sys/user/frozenBatch', { ids: id, status: 1 })).body.success).toBe(true);
  });
});
