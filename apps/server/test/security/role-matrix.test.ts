import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../src/platform/crypto/sign.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import {
  addUser,
  collectSecrets,
  endpointKind,
  foreignRows,
  leakedSecrets,
  pool,
  probedRoutes,
  readWorkbook,
  report,
  routeBase,
  type EndpointKind,
  type Secrets,
} from './role-matrix.probe.js';

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
  'hy_user,id_card,id',
  'hy_user,bank_card,realname',
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
  '/jeecg-boot/adminstration/library/supplier/queryById':
    'a shared supplier of the group company opens like the list',
  '/jeecg-boot/adminstration/library/supplier/exportXls':
    'the export of the list above (its ID column names the shared rows)',
  '/jeecg-boot/announcementNews/queryById': 'published news of the group company opens like the list',
  '/jeecg-boot/sys/position/queryById': 'a group-wide position opens like the list',
  '/jeecg-boot/sys/position/exportXls': 'the export of the list above (its ID column names the shared rows)',
  '/jeecg-boot/sys/category/list':
    "the group's category tree is shared; companies add their own rows (sharedGroupRows)",
  '/jeecg-boot/sys/category/rootList': 'the roots of the shared category tree (sharedGroupRows)',
  '/jeecg-boot/sys/category/queryById': 'a node of the shared category tree opens like the list',
  '/jeecg-boot/sys/category/exportXls': 'the export of the list above',
  '/jeecg-boot/sys/checkRule/list':
    'code check rules of the group company apply in every company (sharedGroupRows)',
  '/jeecg-boot/sys/checkRule/queryById': 'a shared check rule opens like the list',
  '/jeecg-boot/sys/fillRule/list': 'fill rules of the group company apply in every company (sharedGroupRows)',
  '/jeecg-boot/sys/fillRule/queryById': 'a shared fill rule opens like the list',
  '/jeecg-boot/sys/fillRule/exportXls': 'the export of the list above (its ID column names the shared rows)',
  '/jeecg-boot/online/cgreport/head/list':
    'online report designs are group configuration that every company opens from its menu (designers only)',
};

/** Routes whose path or query names a dictionary, a tree or a table: they get the dictionary codes too. */
const DICT_LIKE = /dict|tree|load|item|duplicate|multiple|search|select|component|table|check|query(?!ById)/i;

interface Probe {
  /** null: anonymous */
  username: string | null;
  company: string;
  role: string;
  /** holds hr:sensitive:view (may see the plain national IDs of its own company) */
  sensitive?: boolean;
}

/**
 * Who probes: every role of A03 and A05 (staff, a department head, an HR assistant without the unmasking
 * permission, HR, finance and a company administrator), staff and a department head of A02, and nobody.
 * Users the seed lacks (finance of A03, HR and the administrators) are added to the test copy in setup.
 */
const PROBES: Probe[] = [
  { username: null, company: '', role: 'anonymous' },
  { username: 'zhulin', company: 'A03', role: 'staff' },
  { username: 'machao', company: 'A03', role: 'dept_leader' },
  { username: 'sunyue', company: 'A03', role: 'hr_assistant' },
  { username: 'qianhui', company: 'A03', role: 'hr', sensitive: true },
  { username: 'caiwu03', company: 'A03', role: 'finance' },
  { username: 'guanli03', company: 'A03', role: 'company_admin', sensitive: true },
  { username: 'linxiao', company: 'A05', role: 'staff' },
  { username: 'gaopeng', company: 'A05', role: 'dept_leader' },
  { username: 'renshi05', company: 'A05', role: 'hr_assistant' },
  { username: 'hr05', company: 'A05', role: 'hr', sensitive: true },
  { username: 'luogang', company: 'A05', role: 'finance' },
  { username: 'guanli05', company: 'A05', role: 'company_admin', sensitive: true },
  { username: 'wuting', company: 'A02', role: 'staff' },
  { username: 'zhoujie', company: 'A02', role: 'dept_leader' },
];

async function addProbeUsers(t: TestApp) {
  await addUser(t, 'caiwu03', '蔡武', 'A03A01', 'kj', ['staff'], '13922220001');
  await addUser(t, 'guanli03', '关力', 'A03A01', 'zjl', ['admin'], '13922220002');
  await addUser(t, 'renshi05', '任诗', 'A05A01', 'hrzy', ['hr_assistant'], '13922220003');
  await addUser(t, 'hr05', '何容', 'A05A01', 'hrzy', ['hr'], '13922220004');
  await addUser(t, 'guanli05', '管黎', 'A05A01', 'zjl', ['admin'], '13922220005');
}

interface Rec {
  id: string;
  company: string;
}

/** Records with an id and an org code of every param-less GET answer, as the group administrator sees them. */
async function collectRecords(t: TestApp): Promise<Map<string, Rec[]>> {
  const admin = await t.login('admin');
  const byBase = new Map<string, Rec[]>();
  const routes = probedRoutes(t.app.routeTable).filter(
    (r) => !/:|\*/.test(r.url) && endpointKind(r.url) !== 'export',
  );
  await pool(routes, 8, async (r) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${r.url}?pageSize=100`,
      headers: { 'x-access-token': admin },
    });
    if (res.statusCode !== 200) return;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return;
    }
    const out: Rec[] = [];
    const walk = (x: unknown) => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        const o = x as Record<string, unknown>;
        const org = [o.orgCode, o.sysOrgCode, o.org_code, o.sys_org_code].find(
          (v) => typeof v === 'string' && /^A\d{2}/.test(v),
        );
        if ((typeof o.id === 'string' || typeof o.id === 'number') && typeof org === 'string')
          out.push({ id: String(o.id), company: org.slice(0, 3) });
        Object.values(o).forEach(walk);
      }
    };
    walk(body);
    const base = routeBase(r.url);
    const list = byBase.get(base) ?? [];
    for (const rec of out) if (!list.some((x) => x.id === rec.id)) list.push(rec);
    byBase.set(base, list);
  });
  return byBase;
}

/** Two records of a base outside the company: one of another subsidiary and, if any, one of the group company. */
function foreignTargets(records: Map<string, Rec[]>, base: string, company: string): Rec[] {
  const list = (records.get(base) ?? []).filter((r) => r.company !== company);
  const other = list.find((r) => r.company !== 'A01');
  const group = list.find((r) => r.company === 'A01');
  return [other, group].filter((x): x is Rec => x !== undefined);
}

const kindCounts = (t: TestApp) => {
  const counts: Record<EndpointKind, number> = { list: 0, detail: 0, export: 0, lookup: 0 };
  for (const r of probedRoutes(t.app.routeTable)) counts[endpointKind(r.url)]++;
  return counts;
};

/**
 * Role matrix: every GET endpoint of every module (lists, details, exports and lookups, as registered) is
 * called by each probe with the widening flags, with ids, usernames and dictionary codes of other companies,
 * and — for details — with ids of other companies' records; no answer (JSON or xlsx) may carry a row whose
 * org code or company is another company's, a record of another company by id, nor the phone, e-mail,
 * birthday, national ID or bank account of a person outside the caller's scope.
 */
describe.each(dbKinds)('[SECURITY] role matrix on %s', (kind) => {
  let t: TestApp;
  let records: Map<string, Rec[]>;
  const secretsOf = new Map<string, Secrets>();
  beforeAll(async () => {
    t = await createTestApp(kind);
    await addProbeUsers(t);
    records = await collectRecords(t);
    for (const p of PROBES)
      secretsOf.set(
        p.username ?? '',
        await collectSecrets(t, p.company, { username: p.username ?? undefined, sensitive: p.sensitive }),
      );
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('enumerates every kind of endpoint and collects foreign records to aim details at', () => {
    const counts = kindCounts(t);
    report(
      `[role matrix] ${kind}: GET endpoints per kind ${JSON.stringify(counts)}; record bases ${records.size}`,
    );
    expect(counts.list).toBeGreaterThan(50);
    expect(counts.detail).toBeGreaterThan(10);
    expect(counts.export).toBeGreaterThan(5);
    expect(counts.lookup).toBeGreaterThan(50);
    expect([...records.values()].filter((l) => l.some((r) => r.company !== 'A01')).length).toBeGreaterThan(
      10,
    );
  });

  it.each(
    PROBES.map((p) => ({ ...p, who: p.username ? `${p.username} of ${p.company}` : 'without a session' })),
  )('$role $who sees nothing outside its scope', { timeout: 600_000 }, async (probe) => {
    const { username, company } = probe;
    const secrets = secretsOf.get(username ?? '')!;
    let token: string | null = username ? await t.login(username) : null;
    let relogin: Promise<string> | null = null;
    const findings: string[] = [];
    const answered: Record<EndpointKind, number> = { list: 0, detail: 0, export: 0, lookup: 0 };
    let calls = 0;
    const uid = secrets.foreignUserIds.slice(0, 6);
    const did = secrets.foreignDepartIds.slice(0, 6);
    const names = secrets.foreignUsernames.slice(0, 12).join(',');
    const queries: Record<string, string>[] = [
      { pageSize: '500', isAll: 'true', allDepart: '1', sensitive: '1' },
      {
        pageSize: '500',
        isAll: '1',
        id: uid[0],
        ids: uid.join(','),
        userIds: uid.join(','),
        departId: did[0],
        deptId: did[0],
        depId: did[0],
        orgCode: 'A01',
        company: 'A01',
        username: names,
        key: names,
        keyword: '1381',
      },
      { tableName: 'sys_user', text: 'phone', code: 'username', pidField: 'org_code', pid: 'A01' },
      {
        tableName: 'hy_user',
        text: 'id_card',
        code: 'id',
        pidField: 'org_code',
        condition: '{"org_code":"A01A02"}',
      },
    ];
    interface Job {
      route: string;
      kind: EndpointKind;
      path: string;
      query: Record<string, string>;
      label: string;
      /** ids of foreign records that must not come back */
      targets: Rec[];
    }
    const jobs: Job[] = [];
    for (const route of probedRoutes(t.app.routeTable)) {
      const kind = endpointKind(route.url);
      const targets = foreignTargets(records, routeBase(route.url), company);
      const params = route.url.match(/:[A-Za-z0-9_]+|\*$/g) ?? [];
      if (params.length === 0) {
        for (const [i, q] of queries.entries())
          if (i < 2 || DICT_LIKE.test(route.url))
            jobs.push({ route: route.url, kind, path: route.url, query: q, label: `q${i}`, targets: [] });
        for (const r of targets)
          jobs.push({
            route: route.url,
            kind,
            path: route.url,
            query: { id: r.id, ids: r.id, pageSize: '500' },
            label: `id of ${r.company}`,
            targets: [r],
          });
        continue;
      }
      const fills = [
        ...(DICT_LIKE.test(route.url) ? DICT_CODES : []),
        ...uid.slice(0, 2),
        ...did.slice(0, 2),
        secrets.foreignUsernames[0],
        ...targets.map((r) => r.id),
      ];
      for (const fill of fills) {
        const path = route.url.replace(/:[A-Za-z0-9_]+|\*$/g, encodeURIComponent(fill));
        const aimed = targets.filter((r) => r.id === fill);
        for (const [i, q] of [queries[0], queries[1]].entries())
          jobs.push({ route: route.url, kind, path, query: q, label: `${fill} q${i}`, targets: aimed });
      }
    }

    const send = (job: Job, tok: string | null) => {
      const query = Object.fromEntries(Object.entries(job.query).filter(([, v]) => v !== undefined));
      const url = `${job.path}?${new URLSearchParams(query).toString()}`;
      const sign = computeSign({ url, method: 'GET', query, body: undefined }, SECRET);
      return t.app.inject({
        method: 'GET',
        url,
        headers: {
          ...(tok ? { 'x-access-token': tok } : {}),
          'x-sign': sign,
          'x-timestamp': stamp(Date.now()),
        },
      });
    };

    await pool(jobs, 8, async (job) => {
      calls++;
      let res = await send(job, token);
      if (res.statusCode === 401 && username) {
        // An endpoint may end the session (e.g. a forced sign-out); sign in again once and retry.
        const used = token;
        relogin ??= t.login(username).finally(() => (relogin = null));
        const fresh = await relogin;
        if (token === used) token = fresh;
        res = await send(job, token);
      }
      if (res.statusCode !== 200) return;
      const shared = SHARED_GROUP_ROWS[job.route] !== undefined;
      const sharedOk = (f: string) => shared && /A01/.test(f);
      const where = `${job.route} [${job.label}]`;
      const type = String(res.headers['content-type'] ?? '');
      if (/spreadsheet|octet-stream/.test(type) && res.rawPayload.subarray(0, 2).toString() === 'PK') {
        answered[job.kind]++;
        const wb = await readWorkbook(res.rawPayload, company);
        for (const s of leakedSecrets(wb.text, secrets)) findings.push(`${where}: xlsx carries ${s}`);
        for (const f of wb.foreign.filter((x) => !sharedOk(x)).slice(0, 2))
          findings.push(`${where}: xlsx foreign row ${f}`);
        for (const r of job.targets) {
          // exports end with the ID column: a shared group row the list shows is named there too
          if (shared && r.company === 'A01') continue;
          if (wb.text.includes(r.id)) findings.push(`${where}: xlsx carries the record ${r.id} of ${r.company}`);
        }
        return;
      }
      const raw = res.body;
      for (const s of leakedSecrets(raw, secrets)) findings.push(`${where}: ${s}`);
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        return;
      }
      const env = body as { success?: boolean; result?: unknown };
      if (env && env.success !== false && env.result !== null && env.result !== undefined)
        answered[job.kind]++;
      for (const f of foreignRows(body, company)
        .filter((x) => !sharedOk(x))
        .slice(0, 2))
        findings.push(`${where}: foreign row ${f}`);
      for (const r of job.targets) {
        if (shared && r.company === 'A01') continue;
        if (raw.includes(`"id":"${r.id}"`) || raw.includes(`"id":${r.id},`))
          findings.push(`${where}: carries the record ${r.id} of ${r.company}`);
      }
    });
    report(
      `[role matrix] ${kind} ${probe.role} ${username ?? '-'}: ${calls} calls, answered ${JSON.stringify(answered)}`,
    );
    expect([...new Set(findings)]).toEqual([]);
    expect(calls).toBeGreaterThan(500);
    if (username) {
      expect(answered.list + answered.lookup).toBeGreaterThan(30);
      expect(answered.detail).toBeGreaterThan(0);
    }
  });

  it('the probe itself detects a leak (admin of A01 sees other companies, records and files)', async () => {
    const secrets = secretsOf.get('zhulin')!;
    const admin = await t.login('admin');
    const res = await t.call(admin, 'GET', '/sys/user/list?pageSize=500');
    expect(foreignRows(res.body, 'A03').length).toBeGreaterThan(0);
    expect(leakedSecrets(res.raw, secrets).length).toBeGreaterThan(0);
    // The personnel files' national IDs and bank accounts are among what is probed for, own company's too.
    const what = [...secrets.values.values()];
    expect(what.some((w) => w.startsWith('national ID of personnel file'))).toBe(true);
    expect(what.some((w) => w.startsWith('bank account of own-company file'))).toBe(true);
    const plain = await t.call(admin, 'GET', '/manager/hyUser/list?pageSize=500&sensitive=1');
    expect(
      leakedSecrets(plain.raw, secrets).some((w) => w.startsWith('national ID of own-company file')),
    ).toBe(true);
    // The exports are read as workbooks.
    const x = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/manager/hyUser/exportXls',
      headers: { 'x-access-token': admin },
    });
    const wb = await readWorkbook(x.rawPayload, 'A03');
    expect(wb.rows).toBeGreaterThan(10);
    expect(wb.foreign.length).toBeGreaterThan(0);
    // Details are aimed at records of other companies.
    expect(foreignTargets(records, '/jeecg-boot/sys/user', 'A03').length).toBe(2);
  });
});
