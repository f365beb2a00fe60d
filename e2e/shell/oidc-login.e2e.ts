import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOidcProvider, type OidcPeer } from '../../apps/server/test/auth/sso-peers';
import { baseURL, launchBrowser, newPage, screenshot } from '../support/browser';

const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * 单点登录 from the login page against a real OpenID Connect provider (oidc-provider) started here. The
 * shared journey server has no OIDC settings, so a second built server is started with them.
 */
describe('single sign-on from the login page', () => {
  let browser: Browser;
  let idp: OidcPeer;
  let server: ChildProcess;
  let dataDir: string;
  let ssoBase: string;

  beforeAll(async () => {
    const port = await freePort();
    ssoBase = `http://127.0.0.1:${port}`;
    const callback = `${ssoBase}/jeecg-boot/sys/oidc/callback`;
    idp = await startOidcProvider([callback]);
    idp.accounts = { 'e2e-person': { preferred_username: 'admin', name: '管理员' } };
    idp.signInAs = 'e2e-person';
    dataDir = mkdtempSync(path.join(tmpdir(), 'go-e2e-sso-'));
    server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOGIN_CAPTCHA: 'off',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(inject('dataDir'), 'web-dist'),
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_REDIRECT_URI: callback,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const until = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${ssoBase}/jeecg-boot/actuator/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (Date.now() > until) throw new Error('server not healthy');
      await new Promise((r) => setTimeout(r, 300));
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    await idp?.close();
    await new Promise((r) => setTimeout(r, 300));
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no 单点登录 button where OIDC is not configured', async () => {
    const { context, page } = await newPage(browser);
    const answered = page.waitForResponse((r) => r.url().includes('/sys/sso/config'));
    await page.goto(`${baseURL()}/user/login`);
    await page.getByTestId('login-submit').waitFor();
    expect(((await (await answered).json()) as { result: { oidc: boolean } }).result.oidc).toBe(false);
    expect(await page.getByTestId('login-sso').count()).toBe(0);
    await context.close();
  });

  it('signs in through the provider and lands on the page asked for', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${ssoBase}/user/login?redirect=%2Fnotice`);
    const button = page.getByTestId('login-sso');
    await button.waitFor();
    expect(await button.textContent()).toContain('单点登录');
    await screenshot(page, 'shell-login-sso-button');
    await button.click();
    // admin belongs to two tenants: chosen on the callback page as on the login page
    await page.getByTestId('sso-tenant-ok').click({ timeout: 60_000 });
    await page.waitForURL((u) => u.pathname === '/notice', { timeout: 60_000 });
    // the one-time code never stays in the address bar or history
    expect(page.url()).not.toContain('code=');
    const token = await page.evaluate(() => Object.keys(localStorage).some((k) => /token/i.test(k) && !!localStorage.getItem(k)));
    expect(token).toBe(true);
    await page.getByText('通知公告').first().waitFor();
    await screenshot(page, 'shell-login-sso-done');
    await context.close();
  });

  it('shows the refusal on the callback page when the provider account has no user here', async () => {
    idp.accounts['stranger'] = { preferred_username: 'no_such_user_here' };
    idp.signInAs = 'stranger';
    const { context, page } = await newPage(browser);
    await page.goto(`${ssoBase}/user/login`);
    await page.getByTestId('login-sso').click();
    await page.getByTestId('sso-error').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('sso-error').textContent()).toBe('该账号尚未开通本系统，请联系管理员');
    await screenshot(page, 'shell-login-sso-refused');
    await page.getByTestId('sso-back').click();
    await page.getByTestId('login-page').waitFor();
    await context.close();
  });
});

