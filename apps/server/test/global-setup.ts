import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { seedDemo } from '../src/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string;
    pgTemplate: string;
    pgAdminUrl: string;
    runId: string;
  }
}

/**
 * Migrates and seeds one template database per kind for the whole run; each test file copies it
 * (SQLite: a file copy; PostgreSQL: CREATE DATABASE … TEMPLATE) and drops its copy afterwards.
 * PostgreSQL runs only when TEST_DATABASE_URL is set; every database this run creates is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-test-'));
  const sqliteTemplate = path.join(dir, 'template.db');
  const h = openDatabase(sqliteTemplate, dir);
  await migrateToLatest(h.db);
  await seedDemo(h.db);
  await h.close();
  project.provide('sqliteTemplate', sqliteTemplate);
  project.provide('runId', runId);

  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let pgTemplate = '';
  if (adminUrl) {
    pgTemplate = `go_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgTemplate}`);
    await admin.end();
    const url = withDatabase(adminUrl, pgTemplate);
    const p = openDatabase(url, dir);
    await migrateToLatest(p.db);
    await seedDemo(p.db);
    await p.close();
  }
  project.provide('pgTemplate', pgTemplate);
  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`go_%${runId}%`],
      );
      for (const r of rows) {
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [r.datname]);
        await admin.query(`DROP DATABASE IF EXISTS ${r.datname}`);
      }
      await admin.end();
    }
  };
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = '/' + db;
  return u.toString();
}
