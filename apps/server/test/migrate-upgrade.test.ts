import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { migrations } from '../src/platform/db/migrations/index.js';

describe('[DB] upgrading a database', () => {
  it('runs migrations that sort before ones the database already ran', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'go-mig-'));
    const h = openDatabase(path.join(dir, 'app.db'), dir);
    try {
      const names = Object.keys(migrations).sort();
      // A database of an earlier release: the highest block ran, lower blocks added since did not. The blocks
      // left out are index-only ones (named `…_index`), which no other block builds on.
      const highest = names[names.length - 1];
      const later = names.filter((n) => n !== highest && n.endsWith('_index'));
      expect(later.length).toBeGreaterThan(0);
      const earlier = Object.fromEntries(Object.entries(migrations).filter(([n]) => !later.includes(n)));
      const first = await new Migrator({ db: h.db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
      expect(first.error).toBeUndefined();
      await migrateToLatest(h.db);
      const ran = await h.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
      expect((ran as { name: string }[]).map((r) => r.name).sort()).toEqual(names);
    } finally {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
