import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_FILE_FOLDERS } from '@go/contract/upload';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; empty means the embedded SQLite file under dataDir. */
  databaseUrl: string;
  redisUrl: string;
  basePath: string;
  /**
   * The public origin (and path, when the web app is not at the root) people reach this server at
   * (PUBLIC_BASE_URL, e.g. https://oa.example.com). Redirects and callback URLs are built from it, never
   * from the request's Host header; empty: relative redirects only (docs/security.md, 单点登录).
   */
  publicBaseUrl: string;
  loginCaptcha: boolean;
  /** Refuse plain JSON bodies on endpoints that expect the AES envelope. */
  strictEnvelope: boolean;
  /** Preview site (SETTINGS_PREVIEW=on): the production build shows the settings drawer of development (docs/widgets.md). */
  settingsPreview: boolean;
  jwtSecret: string;
  signatureSecret: string;
  aesKey: string;
  aesIv: string;
  /**
   * PostgreSQL: the secrets above are only candidates until settleSharedSecrets (platform/crypto/shared-secrets.ts)
   * replaces them with the set stored in the database, so every instance shares them (docs/security.md, Secrets).
   */
  sharedSecrets?: boolean;
  /** The environment names of the secrets given explicitly (JWT_SECRET, SIGNATURE_SECRET, AES_KEY, AES_IV). */
  explicitSecrets?: string[];
  sessionTtlMs: number;
  logLevel: string;
  /** Directory with the built web app; served when it exists. */
  webDist: string;
  uploadDir: string;
  /** Seed the demo organisation on first start. */
  seedDemo: boolean;
  /**
   * The first administrator of a clean install (ADMIN_USERNAME, default admin; ADMIN_PASSWORD). Without a
   * password the first start generates a one-time one, prints it once to the log and asks for a new one at sign-in.
   */
  firstAdmin: { username: string; password: string };
  /**
   * Check every JSON answer against its route's response schema (CHECK_RESPONSES: on, off; default on
   * when NODE_ENV is test or development). A mismatch answers 500, so drift shows in tests and journeys;
   * a served product does not pay for the check.
   */
  checkResponses: boolean;
  /** Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY): false = none (default), a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** Who may open the API console under `<base>/doc` (API_DOCS): admin (default), public or off. */
  apiDocs: 'admin' | 'public' | 'off';
  /**
   * Hosts a data source (多数据源) may connect to (DATASOURCE_ALLOWED_HOSTS: comma-separated `host` or `host:port`);
   * empty: only DATABASE_URL's host and port (docs/security.md, Data sources).
   */
  dataSourceHosts?: string[];
  /** Where uploads are kept (FILE_STORAGE): `local` (UPLOAD_DIR, the default) or `s3` (the bucket in `s3`). */
  fileStorage?: 'local' | 's3';
  /** The S3-compatible bucket when fileStorage is `s3` (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY, …). */
  s3?: S3Settings;
  /** Security limits (docs/security.md lists each with its setting). */
  limits: SecurityLimits;
}

export interface S3Settings {
  /** e.g. http://minio:9000; empty: AWS S3 of the region */
  endpoint: string;
  bucket: string;
  region: string;
  /** empty: the SDK's own credential chain (environment, instance role) */
  accessKey: string;
  secretKey: string;
  /** path-style URLs (`<endpoint>/<bucket>/<key>`), which MinIO and most S3-compatible servers need */
  forcePathStyle: boolean;
}

/** FILE_STORAGE and the S3_* settings; `s3` without S3_BUCKET stops the start. */
function fileStorageSettings(env: NodeJS.ProcessEnv): Pick<AppConfig, 'fileStorage' | 's3'> {
  const kind = (env.FILE_STORAGE || 'local').trim().toLowerCase();
  if (kind === 'local') return { fileStorage: 'local' };
  if (kind !== 's3') throw new Error('FILE_STORAGE must be local or s3');
  const bucket = (env.S3_BUCKET || '').trim();
  if (!bucket) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
  return {
    fileStorage: 's3',
    s3: {
      endpoint: (env.S3_ENDPOINT || '').trim(),
      bucket,
      region: (env.S3_REGION || 'us-east-1').trim(),
      accessKey: env.S3_ACCESS_KEY || '',
      secretKey: env.S3_SECRET_KEY || '',
      forcePathStyle: !['off', 'false', '0'].includes((env.S3_FORCE_PATH_STYLE || (env.S3_ENDPOINT ? 'on' : 'off')).trim().toLowerCase()),
    },
  };
}

export interface SecurityLimits {
  /** bytes a user may keep in uploads (UPLOAD_QUOTA_MB, default 2048) */
  uploadQuotaBytes: number;
  /** uploads one user may have in flight at once (UPLOAD_CONCURRENCY, default 3) */
  uploadConcurrency: number;
  /** files per upload or import request (UPLOAD_MAX_FILES, default 5) */
  maxFilesPerRequest: number;
  /** data rows read from one imported sheet (IMPORT_MAX_ROWS, default 20000) */
  importMaxRows: number;
  /** uncompressed bytes read from one .xlsx import (IMPORT_MAX_UNCOMPRESSED_MB, default 64) */
  importMaxUncompressedBytes: number;
  /** notices one user may send through sendWXMessage per minute (NOTICE_RATE_PER_MINUTE, default 20) */
  noticePerMinute: number;
  /**
   * exact lookups on masked HR columns (national ID, mobile, bank card) one user without
   * `hr:sensitive:view` may make per minute (HR_SENSITIVE_LOOKUPS_PER_MINUTE, default 20)
   */
  hrSensitiveLookupsPerMinute: number;
  /** signed download links live this long (SIGNED_URL_TTL_SECONDS, default 300) */
  signedUrlTtlMs: number;
  /**
   * stored folders served to anyone (PUBLIC_FILE_FOLDERS, default `oa/avatar,oa/notice,oa/markdown`); every
   * other stored file needs a session or a signed link
   */
  publicFolders: string[];
}

export function parseTrustProxy(v: string | undefined): boolean | number | string {
  const s = (v ?? '').trim();
  if (!s || /^(off|false|no|0)$/i.test(s)) return false;
  if (/^(on|true|yes)$/i.test(s)) return true;
  if (/^\d+$/.test(s)) return Number(s);
  return s;
}

const num = (v: string | undefined, dflt: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : dflt);

export function loadLimits(env: NodeJS.ProcessEnv): SecurityLimits {
  return {
    uploadQuotaBytes: num(env.UPLOAD_QUOTA_MB, 2048) * 1024 * 1024,
    uploadConcurrency: num(env.UPLOAD_CONCURRENCY, 3),
    maxFilesPerRequest: num(env.UPLOAD_MAX_FILES, 5),
    importMaxRows: num(env.IMPORT_MAX_ROWS, 20_000),
    importMaxUncompressedBytes: num(env.IMPORT_MAX_UNCOMPRESSED_MB, 64) * 1024 * 1024,
    noticePerMinute: num(env.NOTICE_RATE_PER_MINUTE, 20),
    hrSensitiveLookupsPerMinute: num(env.HR_SENSITIVE_LOOKUPS_PER_MINUTE, 20),
    signedUrlTtlMs: num(env.SIGNED_URL_TTL_SECONDS, 300) * 1000,
    publicFolders: (env.PUBLIC_FILE_FOLDERS || PUBLIC_FILE_FOLDERS.join(','))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

const apiDocsSetting = (v: string | undefined): AppConfig['apiDocs'] => {
  const s = (v || 'admin').toLowerCase();
  return s === 'public' || s === 'off' ? s : 'admin';
};

interface Secrets {
  jwtSecret: string;
  signatureSecret: string;
  aesKey: string;
  aesIv: string;
}

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json (SQLite). With
 * PostgreSQL (`shared`) the file is only read: what it holds, else a fresh value, is this instance's candidate
 * for the set stored in the database (settleSharedSecrets), which wins.
 */
function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv, shared = false): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const gen = (n: number) => randomBytes(n).toString('base64url').slice(0, n);
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET || stored.jwtSecret || gen(48),
    signatureSecret: env.SIGNATURE_SECRET || stored.signatureSecret || gen(32),
    aesKey: env.AES_KEY || stored.aesKey || gen(16),
    aesIv: env.AES_IV || stored.aesIv || gen(16),
  };
  const toStore: Partial<Secrets> = {};
  for (const k of Object.keys(secrets) as (keyof Secrets)[]) if (!env[envName(k)]) toStore[k] = secrets[k];
  if (!shared && JSON.stringify(toStore) !== JSON.stringify(stored)) {
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function envName(k: keyof Secrets): string {
  return { jwtSecret: 'JWT_SECRET', signatureSecret: 'SIGNATURE_SECRET', aesKey: 'AES_KEY', aesIv: 'AES_IV' }[k];
}

/** PUBLIC_BASE_URL without its trailing slash; anything but an http(s) URL refuses to start. */
export function publicBaseUrl(v: string | undefined): string {
  const s = (v ?? '').trim().replace(/\/+$/, '');
  if (!s) return '';
  let u: URL | undefined;
  try {
    u = new URL(s);
  } catch {
    u = undefined;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash) {
    throw new Error('PUBLIC_BASE_URL must be an http(s) URL such as https://oa.example.com');
  }
  return s;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const sharedSecrets = /^postgres(ql)?:\/\//.test(env.DATABASE_URL || '');
  const secrets = loadSecrets(dataDir, env, sharedSecrets);
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    redisUrl: env.REDIS_URL || '',
    basePath: env.BASE_PATH || '/jeecg-boot',
    publicBaseUrl: publicBaseUrl(env.PUBLIC_BASE_URL),
    loginCaptcha: (env.LOGIN_CAPTCHA || 'on').toLowerCase() !== 'off',
    strictEnvelope: (env.STRICT_ENVELOPE || 'off').toLowerCase() === 'on',
    settingsPreview: (env.SETTINGS_PREVIEW || 'off').toLowerCase() === 'on',
    ...secrets,
    sharedSecrets,
    explicitSecrets: (Object.keys(secrets) as (keyof Secrets)[]).map(envName).filter((n) => !!env[n]),
    sessionTtlMs: 7 * 24 * 3600 * 1000,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'upload')),
    seedDemo: (env.SEED_DEMO || 'on').toLowerCase() !== 'off',
    firstAdmin: { username: (env.ADMIN_USERNAME || 'admin').trim(), password: env.ADMIN_PASSWORD || '' },
    checkResponses: (env.CHECK_RESPONSES || (['test', 'development'].includes((env.NODE_ENV ?? '').toLowerCase()) ? 'on' : 'off')).toLowerCase() === 'on',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiDocs: apiDocsSetting(env.API_DOCS),
    dataSourceHosts: (env.DATASOURCE_ALLOWED_HOSTS || '').split(',').map((s) => s.trim()).filter(Boolean),
    ...fileStorageSettings(env),
    limits: loadLimits(env),
  };
}

/** A config for tests: captcha off, secrets fixed, nothing read from the environment except what is passed. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: overrides.dataDir ?? '',
    databaseUrl: '',
    redisUrl: '',
    basePath: '/jeecg-boot',
    publicBaseUrl: '',
    loginCaptcha: false,
    strictEnvelope: false,
    settingsPreview: false,
    jwtSecret: 'test-jwt-secret-test-jwt-secret-0123456789',
    signatureSecret: 'dd05f1c54d63749eda95f9fa6d49v442a',
    aesKey: '1234567890adbcde',
    aesIv: '1234567890hjlkew',
    sessionTtlMs: 7 * 24 * 3600 * 1000,
    logLevel: 'silent',
    webDist: '',
    uploadDir: '',
    seedDemo: true,
    firstAdmin: { username: 'admin', password: '' },
    checkResponses: true,
    trustProxy: false,
    apiDocs: 'admin',
    limits: loadLimits({}),
    ...overrides,
  };
}
