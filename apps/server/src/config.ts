import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; empty means the embedded SQLite file under dataDir. */
  databaseUrl: string;
  redisUrl: string;
  basePath: string;
  loginCaptcha: boolean;
  /** Refuse plain JSON bodies on endpoints that expect the AES envelope. */
  strictEnvelope: boolean;
  jwtSecret: string;
  signatureSecret: string;
  aesKey: string;
  aesIv: string;
  sessionTtlMs: number;
  logLevel: string;
  /** Directory with the built web app; served when it exists. */
  webDist: string;
  uploadDir: string;
  /** Seed the demo organisation on first start. */
  seedDemo: boolean;
}

interface Secrets {
  jwtSecret: string;
  signatureSecret: string;
  aesKey: string;
  aesIv: string;
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json. */
function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv): Secrets {
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
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return secrets;
}

function envName(k: keyof Secrets): string {
  return { jwtSecret: 'JWT_SECRET', signatureSecret: 'SIGNATURE_SECRET', aesKey: 'AES_KEY', aesIv: 'AES_IV' }[k];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets(dataDir, env);
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    redisUrl: env.REDIS_URL || '',
    basePath: env.BASE_PATH || '/jeecg-boot',
    loginCaptcha: (env.LOGIN_CAPTCHA || 'on').toLowerCase() !== 'off',
    strictEnvelope: (env.STRICT_ENVELOPE || 'off').toLowerCase() === 'on',
    ...secrets,
    sessionTtlMs: 7 * 24 * 3600 * 1000,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'upload')),
    seedDemo: (env.SEED_DEMO || 'on').toLowerCase() !== 'off',
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
    loginCaptcha: false,
    strictEnvelope: false,
    jwtSecret: 'test-jwt-secret-test-jwt-secret-0123456789',
    signatureSecret: 'dd05f1c54d63749eda95f9fa6d49v442a',
    aesKey: '1234567890adbcde',
    aesIv: '1234567890hjlkew',
    sessionTtlMs: 7 * 24 * 3600 * 1000,
    logLevel: 'silent',
    webDist: '',
    uploadDir: '',
    seedDemo: true,
    ...overrides,
  };
}
