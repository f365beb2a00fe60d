/**
 * HR statistics dashboard at scale: the twelve /dashboard/hoom statistics over a
 * 100,000-person roster, on SQLite and (when TEST_DATABASE_URL / DATABASE_URL / BENCH_DATABASE_URL is set)
 * PostgreSQL. Prints the time for the dashboard's twelve calls to complete (fired together, as the page
 * does) beside hand-written SQL of the same aggregates in the same run (and checks both give the same
 * figures; target p95 ≤ 100 ms), the same right after a write to the roster (only the figures it changes
 * computed again), then the gzipped JavaScript /zhome loads for a staff member and for HR (with the charts chunk)
 * against the shell budget of bench/web-bundle.ts (/zhome ≤ 700 KB gz).
 *
 *   npm run build -w apps/web && npx tsx bench/dashboard.ts
 *   (BENCH_DBS=sqlite,postgres; BENCH_PEOPLE=100000; BENCH_SAMPLES=20; BENCH_WEB_DIST=apps/web/dist; BENCH_BROWSER=0 skips the /zhome part)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DASHBOARD_STATS } from '@go/contract';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { gzipSizes, gzTotal, kb, trackScripts } from './lib/bundle.js';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const dbs = (process.env.BENCH_DBS || (pgUrl ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const PEOPLE = Number(process.env.BENCH_PEOPLE || 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 20);
const WEB_DIST = path.resolve(root, process.env.BENCH_WEB_DIST || 'apps/web/dist');
const BATCH = 1000;
const MAX_MS = 100;

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};
const dayMs = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 100k people over A01–A09: 70 % regular, 5 % each probation and new, 10 % dimission, 5 % each applicant and talent. */
async function generate(db: Database, kind: 'sqlite' | 'postgres'): Promise<void> {
  const t0 = Date.now();
  const today = Date.now();
  const posts = ['销售代表', '软件工程师', '会计', '出纳', '人事专员', '物流调度', '项目经理', '编辑', '客服', '司机'];
  const titles = [null, '助理工程师', '工程师', '高级工程师', '会计师', '经济师'];
  await db.transaction().execute(async (trx) => {
    for (let start = 1; start <= PEOPLE; start += BATCH) {
      const rows = [];
      for (let x = start; x < Math.min(start + BATCH, PEOPLE + 1); x++) {
        const s = x % 20;
        const status = s < 14 ? 'regular' : s === 14 ? 'probation' : s === 15 ? 'new' : s < 18 ? 'dimission' : s === 18 ? 'applicant' : 'talent';
        const recruiting = status === 'applicant' || status === 'talent' || status === 'new';
        rows.push({
          id: `8${String(x).padStart(18, '0')}`,
          realname: `员工${x % 7000}`,
          sex: String(1 + (x % 2)),
          birthday: x % 97 === 0 ? null : dateOf(Date.UTC(1960, 0, 1) + ((x * 7919) % 16000) * dayMs),
          political: ['1', '3', '5', '5', '5'][x % 5],
          marriage: ['1', '2', '3', '3', '4'][x % 5],
          children: x % 4 === 0 ? 0 : x % 3,
          degree: String(1 + (x % 6)),
          orgCode: `A0${1 + (x % 9)}A0${1 + (x % 2)}`,
          departName: x % 2 ? '销售部' : '综合管理部',
          rank: String(3 + (x % 3)),
          jobTitle: titles[x % 6],
          entryDate: recruiting && status !== 'new' ? null : dateOf(today - ((x * 104729) % 6000) * dayMs),
          socialSecurity: x % 13 === 0 ? 'N' : 'Y',
          housingFund: x % 7 === 0 ? 'N' : 'Y',
          status,
          dimissionDate: status === 'dimission' ? dateOf(today - ((x * 31) % 400) * dayMs) : null,
          applyPost: recruiting ? posts[(x * 7) % posts.length] : null,
          contractRenewals: 0,
          blacklistFlag: 0,
          delFlag: 0,
          createBy: 'bench',
          createTime: `${dateOf(today - ((x * 13) % 120) * dayMs)} 10:00:00`,
        });
      }
      await trx.insertInto('hyUser').values(rows as never).execute();
    }
  });
  // PostgreSQL: VACUUM sets the visibility map (as autovacuum would) so index-only scans can serve the counts.
  await (kind === 'postgres' ? sql`VACUUM ANALYZE hy_user` : sql`ANALYZE`).execute(db);
  console.log(`  generated ${PEOPLE} people in ${((Date.now() - t0) / 1000).toFixed(1)} s (multi-row inserts of ${BATCH})`);
}

type Row = { key: string; count: number };

/** The same aggregates as modules/dashboard, written by hand (docs/hr.md 统计口径), in the API's shapes. */
function rawStats(db: Database, company: string | null) {
  const now = new Date();
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  const scope = company ? sql`del_flag = 0 AND org_code LIKE ${`${company}%`}` : sql`del_flag = 0`;
  const active = sql`status IN ('new', 'probation', 'regular')`;
  // aliases without underscores: the database plugin turns snake_case result names into camelCase
  const rows = async (q: RawBuilder<unknown>) => (await q.execute(db)).rows as Record<string, unknown>[];
  const group = async (col: string) =>
    (await rows(sql`SELECT coalesce(${sql.ref(col)}, '') AS k, count(*) AS n FROM hy_user WHERE ${scope} AND ${active} GROUP BY coalesce(${sql.ref(col)}, '')`))
      .map((r) => ({ key: String(r.k), count: Number(r.n) }))
      .sort((a, b) => a.key.localeCompare(b.key));
  const cut = (k: number) => ymd(y - k, m, d + 1);
  // tenure (futureInFirst): a date after today counts in the first band (不满1年), as docs/hr.md 统计口径 says
  const bands = async (col: string, edges: number[], labels: string[], who: RawBuilder<unknown>, futureInFirst = false): Promise<Row[]> => {
    const c = sql.ref(col);
    const whens = edges.map((lo, i) => {
      const hi = edges[i + 1];
      if (i === 0 && futureInFirst) return sql`WHEN ${c} >= ${cut(hi!)} THEN ${i}`;
      return hi === undefined ? sql`WHEN ${c} < ${cut(lo)} THEN ${i}` : sql`WHEN ${c} >= ${cut(hi)} AND ${c} < ${cut(lo)} THEN ${i}`;
    });
    const r = await rows(sql`SELECT CASE WHEN ${c} IS NULL OR ${c} = '' THEN -1 ${sql.join(whens, sql` `)} ELSE -1 END AS b, count(*) AS n FROM hy_user WHERE ${scope} AND ${who} GROUP BY 1`);
    const by = new Map(r.map((x) => [Number(x.b), Number(x.n)]));
    return [...labels.map((key, i) => ({ key, count: by.get(i) ?? 0 })), { key: '未知', count: by.get(-1) ?? 0 }];
  };
  const tenure = [[0, 1, 3, 5, 10], ['不满1年', '1-3年', '3-5年', '5-10年', '10年及以上']] as const;
  const [thisFrom, thisTo, lastFrom] = [ymd(y, m, 1), ymd(y, m + 1, 1), ymd(y, m - 1, 1)];
  return {
    async homeStatistics() {
      const [h] = await rows(sql`SELECT
          sum(CASE WHEN ${active} THEN 1 ELSE 0 END) AS headcount,
          sum(CASE WHEN ${active} AND entry_date >= ${thisFrom} AND entry_date < ${thisTo} THEN 1 ELSE 0 END) AS hthis,
          sum(CASE WHEN status IN ('new', 'probation', 'regular', 'dimission') AND entry_date >= ${lastFrom} AND entry_date < ${thisFrom} THEN 1 ELSE 0 END) AS hlast,
          sum(CASE WHEN status = 'dimission' AND dimission_date >= ${thisFrom} AND dimission_date < ${thisTo} THEN 1 ELSE 0 END) AS lthis,
          sum(CASE WHEN status = 'dimission' AND dimission_date >= ${lastFrom} AND dimission_date < ${thisFrom} THEN 1 ELSE 0 END) AS llast
        FROM hy_user WHERE ${scope}`);
      const [o] = await rows(sql`SELECT
          count(DISTINCT CASE WHEN create_time >= ${thisFrom} THEN substr(org_code, 1, 3) || '|' || trim(apply_post) END) AS othis,
          count(DISTINCT CASE WHEN create_time < ${thisFrom} THEN substr(org_code, 1, 3) || '|' || trim(apply_post) END) AS olast
        FROM hy_user WHERE ${scope} AND trim(coalesce(apply_post, '')) <> '' AND create_time >= ${lastFrom} AND create_time < ${thisTo}`);
      return {
        headcount: Number(h!.headcount ?? 0),
        hiresThisMonth: Number(h!.hthis ?? 0),
        hiresLastMonth: Number(h!.hlast ?? 0),
        leaversThisMonth: Number(h!.lthis ?? 0),
        leaversLastMonth: Number(h!.llast ?? 0),
        openPositionsThisMonth: Number(o!.othis ?? 0),
        openPositionsLastMonth: Number(o!.olast ?? 0),
      };
    },
    homeSecurityStatistics: () => group('social_security'),
    homeFundStatistics: () => group('housing_fund'),
    rankStatistics: () => group('rank'),
    sexStatistics: () => group('sex'),
    degreeStatistics: () => group('degree'),
    politicalStatistics: () => group('political'),
    jobTitleStatistics: () => group('job_title'),
    async marriageChildStatistics() {
      const [c] = await rows(sql`SELECT sum(CASE WHEN children > 0 THEN 1 ELSE 0 END) AS w, sum(CASE WHEN children > 0 THEN 0 ELSE 1 END) AS wo FROM hy_user WHERE ${scope} AND ${active}`);
      return { marriage: await group('marriage'), children: { withChildren: Number(c!.w ?? 0), withoutChildren: Number(c!.wo ?? 0) } };
    },
    ageStatistics: () => bands('birthday', [0, 25, 30, 35, 40, 50], ['25岁以下', '25-29岁', '30-34岁', '35-39岁', '40-49岁', '50岁及以上'], active),
    workTimeStatistics: () => bands('entry_date', [...tenure[0]], [...tenure[1]], active, true),
    async dimissionTimeStatistics() {
      const from = ymd(y, m - 11, 1);
      const r = await rows(sql`SELECT substr(dimission_date, 1, 7) AS mo, count(*) AS n FROM hy_user WHERE ${scope} AND status = 'dimission' AND dimission_date >= ${from} AND dimission_date < ${thisTo} GROUP BY substr(dimission_date, 1, 7)`);
      const by = new Map(r.map((x) => [String(x.mo), Number(x.n)]));
      const byMonth: Row[] = [];
      for (let i = 11; i >= 0; i--) {
        const k = ymd(y, m - i, 1).slice(0, 7);
        byMonth.push({ key: k, count: by.get(k) ?? 0 });
      }
      return { byMonth, byTenure: await bands('entry_date', [...tenure[0]], [...tenure[1]], sql`status = 'dimission'`, true) };
    },
  } satisfies Record<(typeof DASHBOARD_STATS)[number]['name'], () => Promise<unknown>>;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const results: string[][] = [['database', 'scenario', 'p50', 'p95']];

for (const kind of dbs) {
  console.log(`\n== ${kind} ==`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-bench-dash-'));
  let dropDb: (() => Promise<void>) | null = null;
  let handle: DbHandle;
  if (kind === 'postgres') {
    const adminUrl = pgUrl || 'postgres://root@127.0.0.1:5432/test';
    const name = `go_bench_dash_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = '/' + name;
    handle = openDatabase(u.toString(), dir);
    dropDb = async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  } else {
    handle = openDatabase(path.join(dir, 'app.db'), dir);
  }
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await generate(handle.db, kind);

  const app = await buildApp({
    config: testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload'), webDist: kind === 'sqlite' ? WEB_DIST : '' }),
    database: handle,
    prepare: false,
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `${address}/jeecg-boot`;
  const tokenOf = async (username: string) => {
    const r = await fetch(`${base}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: '123456' }) });
    return ((await r.json()) as { result: { token: string } }).result.token;
  };
  const [lina, qianhui] = [await tokenOf('lina'), await tokenOf('qianhui')];

  const apiAll = async (token: string, company: string | null) => {
    const out: Record<string, unknown> = {};
    await Promise.all(
      DASHBOARD_STATS.map(async ({ name }) => {
        const r = await fetch(`${base}/dashboard/hoom/${name}${company ? `?company=${company}` : ''}`, { headers: { 'x-access-token': token } });
        const body = (await r.json()) as { success: boolean; message: string; result: unknown };
        if (!body.success) throw new Error(`${name}: ${body.message}`);
        out[name] = body.result;
      }),
    );
    return out;
  };
  const rawAll = async (company: string | null) => {
    const stats = rawStats(handle.db, company);
    const out: Record<string, unknown> = {};
    await Promise.all(Object.entries(stats).map(async ([name, fn]) => (out[name] = await fn())));
    return out;
  };
  /** Samples of two scenarios interleaved (order alternating), so a busy machine weighs on both alike. */
  const timePair = async (a: () => Promise<unknown>, b: () => Promise<unknown>) => {
    const ta: number[] = [];
    const tb: number[] = [];
    for (let i = 0; i < SAMPLES + 2; i++) {
      for (const [fn, into] of i % 2 ? ([[b, tb], [a, ta]] as const) : ([[a, ta], [b, tb]] as const)) {
        const t0 = performance.now();
        await fn();
        if (i >= 2) into.push(performance.now() - t0);
      }
    }
    return [{ p50: pct(ta, 50), p95: pct(ta, 95) }, { p50: pct(tb, 50), p95: pct(tb, 95) }] as const;
  };

  for (const [label, token, company, rawCompany] of [
    ['all companies (group HR)', lina, null, null],
    ['company=A03 (group HR)', lina, 'A03', 'A03'],
    ['own company A03 (A03 HR)', qianhui, null, 'A03'],
  ] as const) {
    const [viaApi, viaSql] = [await apiAll(token, company), await rawAll(rawCompany)];
    const differ = DASHBOARD_STATS.filter(({ name }) => !isDeepStrictEqual(viaApi[name], viaSql[name])).map((s) => s.name);
    if (differ.length) throw new Error(`${label}: API and raw SQL disagree on ${differ.join(', ')}`);
    const head = viaApi.homeStatistics as { headcount: number };
    const [a, r] = await timePair(() => apiAll(token, company), () => rawAll(rawCompany));
    results.push([kind, `12 API calls together, ${label} (headcount ${head.headcount}): ${a.p95 <= MAX_MS ? 'met' : 'not met'} (p95 ≤ ${MAX_MS} ms)`, ms(a.p50), ms(a.p95)]);
    results.push([kind, `12 raw SQL aggregates together, ${label}`, ms(r.p50), ms(r.p95)]);
    console.log(`  ${label}: API p50 ${ms(a.p50)} p95 ${ms(a.p95)}; raw SQL p50 ${ms(r.p50)} p95 ${ms(r.p95)}; same figures`);
  }

  {
    // Right after a write to the roster only the figures it can change are computed again (migration
    // 2026_11_28_0220_hr_stat_marks): a changed degree (学历 of all companies), then the twelve calls of group
    // HR; a file moved to another company and back (every figure of A03 and A08, none of all companies),
    // then the twelve calls for A03. The figures are checked against raw SQL after both.
    const moved = `8${String(7).padStart(18, '0')}`;
    let flip = 0;
    const degree = () => handle.db.updateTable('hyUser').set({ degree: String(1 + (flip++ % 6)) }).where('id', '=', moved).execute();
    const move = () => handle.db.updateTable('hyUser').set({ orgCode: flip++ % 2 ? 'A08A02' : 'A03A01' }).where('id', '=', moved).execute();
    const [c, m] = await timePair(
      async () => {
        await degree();
        await apiAll(lina, null);
      },
      async () => {
        await move();
        await apiAll(lina, 'A03');
      },
    );
    await move();
    await degree();
    for (const company of [null, 'A03', 'A08'] as const) {
      const [viaApi, viaSql] = [await apiAll(lina, company), await rawAll(company)];
      const differ = DASHBOARD_STATS.filter(({ name }) => !isDeepStrictEqual(viaApi[name], viaSql[name])).map((s) => s.name);
      if (differ.length) throw new Error(`after a write, ${company ?? 'all'}: API and raw SQL disagree on ${differ.join(', ')}`);
    }
    results.push([kind, `12 API calls together right after a changed degree (学历 computed again), all companies: ${c.p95 <= MAX_MS ? 'met' : 'not met'} (p95 ≤ ${MAX_MS} ms)`, ms(c.p50), ms(c.p95)]);
    results.push([kind, '12 API calls together right after a move A03↔A08 (every figure of A03 computed again), company=A03', ms(m.p50), ms(m.p95)]);
    console.log(`  right after a changed degree: API p50 ${ms(c.p50)} p95 ${ms(c.p95)}; after a move, A03: p50 ${ms(m.p50)} p95 ${ms(m.p95)}; after them the same figures as raw SQL`);
  }

  if (kind === 'sqlite' && process.env.BENCH_BROWSER !== '0') {
    // JavaScript /zhome loads (gzip), served by this app from the built web dist.
    const gz = gzipSizes(WEB_DIST);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      for (const [who, username, waitFor] of [
        ['staff (no dashboard)', 'yangfan', 'home-todo'],
        ['HR (with the twelve charts)', 'lina', 'stat-chart-workTimeStatistics'],
      ] as const) {
        const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await ctx.newPage();
        await page.goto(`${address}/user/login`);
        await page.getByTestId('login-username').fill(username);
        await page.getByTestId('login-password').fill('123456');
        await page.getByTestId('login-captcha').fill('0000');
        await page.getByTestId('login-submit').click();
        await page.getByTestId('home-greeting').waitFor({ timeout: 60_000 });
        const page2 = await ctx.newPage();
        const scripts = trackScripts(page2);
        const t0 = performance.now();
        await page2.goto(`${address}/zhome`);
        await page2.getByTestId(waitFor).waitFor({ timeout: 60_000 });
        const shown = performance.now() - t0;
        await page2.waitForLoadState('networkidle');
        const js = gzTotal(gz, scripts);
        const charts = [...scripts].filter((f) => /^(HrDashboard|vendor-echarts)/.test(f));
        results.push([kind, `/zhome JS (gz), ${who}: ${kb(js)} of ≤ 700 KB${charts.length ? `, charts chunks ${kb(gzTotal(gz, charts))}` : ''}`, `${shown.toFixed(0)} ms to ${waitFor}`, js <= 700 * 1024 ? 'ok' : 'OVER']);
        console.log(`  /zhome JS ${who}: ${kb(js)} gz (${scripts.size} files)${charts.length ? `, of which charts ${kb(gzTotal(gz, charts))}` : ''}; ${waitFor} after ${shown.toFixed(0)} ms`);
        await ctx.close();
      }
    } finally {
      await browser.close();
    }
  }

  // The same raw SQL once more without the covering index of migration 1500 (what the index buys).
  await sql`DROP INDEX idx_hy_user_dashboard`.execute(handle.db);
  await sql`ANALYZE`.execute(handle.db);
  {
    const [r] = await timePair(() => rawAll(null), async () => undefined);
    results.push([kind, '12 raw SQL aggregates together, all companies, WITHOUT idx_hy_user_dashboard', ms(r.p50), ms(r.p95)]);
    console.log(`  without the covering index, all companies: raw SQL p50 ${ms(r.p50)} p95 ${ms(r.p95)}`);
  }

  await app.close();
  if (dropDb) await dropDb();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${PEOPLE} people, ${SAMPLES} samples each, ${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
console.log(results.map((r) => r.join(' | ')).join('\n'));
