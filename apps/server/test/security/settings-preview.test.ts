import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers.js';

/** The settings drawer is a development aid: a production site says so in its runtime config; SETTINGS_PREVIEW=on makes a preview site. */
describe('runtime config: settings drawer preview', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const web = mkdtempSync(path.join(os.tmpdir(), 'go-web-'));
  writeFileSync(path.join(web, 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
  const runtime = async (settingsPreview: boolean) => {
    const t = await createTestApp('sqlite', { webDist: web, settingsPreview });
    apps.push(t);
    const page = await t.app.inject({ method: 'GET', url: '/zhome' });
    const m = /window\._CONFIG=(\{.*?\})<\/script>/.exec(page.payload);
    return JSON.parse(m![1]!) as { settingsPreview: boolean };
  };

  it('off by default, on with SETTINGS_PREVIEW=on', async () => {
    expect(loadConfig({ DATA_DIR: web } as NodeJS.ProcessEnv).settingsPreview).toBe(false);
    expect(loadConfig({ DATA_DIR: web, SETTINGS_PREVIEW: 'on' } as NodeJS.ProcessEnv).settingsPreview).toBe(true);
    expect((await runtime(false)).settingsPreview).toBe(false);
    expect((await runtime(true)).settingsPreview).toBe(true);
  });
});
