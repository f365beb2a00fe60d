import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../src/platform/crypto/sign.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { collectSecrets, foreignRows, leakedSecrets, type Secrets } from './role-matrix.probe.js';

const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
const stamp = (ms: number) => new Date(ms + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);

/** Table-dictionary codes an attacker would try in a path segment. */
const DICT_CODES = [
  'sys_user,realname,username',
  'sys_user,realname,id',
  'sys_user,phone,username',
  'sys_user,username,phone',
  'sys_user,email,username',
  'sys_user,birthday,username',
  'sys_user,realname,org_code',
  'sys_depart,depart_name,org_code',
  'sys_depart,depart_name,id',
];

/**
 * Answers that legitimately carry rows of the group company (A01) for every signed-in user, with the reason.
 * A row of any other company is still a failure there, and personal data is never allowed anywhere.
 */
const SHARED_GROUP_ROWS: Record<string, string> = {
  '/jeecg-boot/announcementNews/list': 'published news is addressed to the whole group',
  '/jeecg-boot/sys/position/list': 'positions are group-wide reference data kept by the group company',
  '/jeecg-boot/adminstration/library/supplier/list':
    "the group company's suppliers are shared with every company (sharedGroupRows)",
};

/** Who probes: staff of A02 (the reported case), a department manager of A02 and HR of A03. */
const PROBES: [username: string, company: string, role: string][] = [
  ['wuting', 'A02', 'staff'],
  ['zhoujie', 'A02', 'dept_leader'],
  ['qianhui', 'A03', 'hr'],
];

/**
 * Role matrix: every GET list and lookup endpoint is called by each probe user with the widening flags and with
 * ids, usernames and dictionary codes of other companies; no answer may carry a row whose org code is another
 * company's, nor the phone, e-mail or birthday of a user outside the caller's company.
 */
describe.each(
  dbKinds.flatMap((kind) => PROBES.map(([u, c, r]) => ({ kind, username: u, company: c, role: r }))),
)(
  '[SECURITY] role matrix: $role $username of $company sees nothing of other companies on $kind',
  ({ kind, username, company }) => {
    let t: TestApp;
    let secrets: Secrets;
    beforeAll(async () => {
      t = await createTestApp(kind);
      secrets = await collectSecrets(t, company);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('no foreign row and no foreign personal data in any GET answer', { timeout: 600_000 }, async () => {
      let token = await t.login(username);
      const findings: string[] = [];
      let calls = 0;
      let answered = 0;
      const routes = t.app.routeTable.filter(
        (r) => r.method === 'GET' && !r.url.includes('/doc') && !r.url.endsWith('/sys/logout'),
      );
      const uid = secrets.foreignUserIds.slice(0, 6);
      const did = secrets.foreignDepartIds.slice(0, 6);
      const names = secrets.foreignUsernames.slice(0, 12).join(',');
      const queries = [
        { pageSize: '500', isAll: 'true', allDepart: '1' },
        {
          pageSize: '500',
          isAll: '1',
          id: uid[0],
          ids: uid.join(','),
          userIds: uid.join(','),
          departId: did[0],
          deptId: did[0],
          depId: did[0],
          orgCode: 'A03',
          username: names,
          key: names,
          keyword: '1381',
        },
        { tableName: 'sys_user', text: 'phone', code: 'username', pidField: 'org_code', pid: 'A03' },
        {
          tableName: 'sys_user',
          text: 'realname',
          code: 'id',
          pidField: 'org_code',
          condition: '{"org_code":"A03A02"}',
        },
      ];
      for (const route of routes) {
        const params = route.url.match(/:[A-Za-z0-9_]+|\*$/g) ?? [];
        const fills =
          params.length === 0
            ? ['']
            : [...DICT_CODES, ...uid.slice(0, 2), ...did.slice(0, 2), secrets.foreignUsernames[0]];
        for (const fill of fills) {
          const p = route.url.replace(/:[A-Za-z0-9_]+|\*$/g, encodeURIComponent(fill));
          for (const q of queries) {
            const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<
              string,
              string
            >;
            const url = `${p}?${new URLSearchParams(query).toString()}`;
            const sign = computeSign({ url, method: 'GET', query, body: undefined }, SECRET);
            calls++;
            const res = await t.app.inject({
              method: 'GET',
              url,
              headers: { 'x-access-token': token, 'x-sign': sign, 'x-timestamp': stamp(Date.now()) },
            });
            if (res.statusCode === 401) token = await t.login(username);
            if (res.statusCode !== 200) continue;
            answered++;
            const raw = res.body;
            for (const s of leakedSecrets(raw, secrets))
              findings.push(`${route.url} [${fill}] ${JSON.stringify(q).slice(0, 60)}: ${s}`);
            const shared = SHARED_GROUP_ROWS[route.url] !== undefined;
            let body: unknown = null;
            try {
              body = JSON.parse(raw);
            } catch {
              continue;
            }
            for (const f of foreignRows(body, company)
              .filter((x) => !(shared && /=A01/.test(x)))
              .slice(0, 2))
              findings.push(`${route.url} [${fill}]: foreign row ${f}`);
          }
        }
      }
      expect([...new Set(findings)]).toEqual([]);
      expect(calls).toBeGreaterThan(200);
      expect(answered).toBeGreaterThan(50);
    });

    it('the probe itself detects a leak (admin of A01 sees other companies)', async () => {
      const admin = await t.login('admin');
      const res = await t.call(admin, 'GET', '/sys/user/list?pageSize=500');
      expect(foreignRows(res.body, company).length).toBeGreaterThan(0);
      expect(leakedSecrets(res.raw, secrets).length).toBeGreaterThan(0);
      // The personnel files' national IDs are among what is probed for.
      expect([...secrets.values.values()].some((w) => w.startsWith('national ID of personnel file'))).toBe(true);
    });
  },
);
