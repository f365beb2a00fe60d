/**
 * SMS settings (docs/security.md): which provider sends the codes and the limits on asking for them.
 * Read from the environment unless a config object carries them (tests pass `sms` in the config).
 */
export type SmsProviderName = 'none' | 'recording' | 'aliyun';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** template codes per purpose; each template takes a `code` parameter */
  templates: { login: string; register: string; forgot: string };
  /** default https://dysmsapi.aliyuncs.com/ */
  endpoint: string;
  regionId: string;
}

export interface SmsConfig {
  provider: SmsProviderName;
  aliyun?: AliyunSmsSettings;
  /** GET /sys/sms/testOutbox answers the recording channel's messages (SMS_TEST_OUTBOX=on; never in production) */
  testOutbox: boolean;
  /** on / off; unset follows whether a provider is configured */
  selfRegistration: 'on' | 'off' | 'auto';
  /** codes sent to one mobile per day (GMT+8) (SMS_DAILY_PER_MOBILE, default 10) */
  dailyPerMobile: number;
  /** codes asked for from one IP per day (SMS_DAILY_PER_IP, default 50) */
  dailyPerIp: number;
}

declare module '../../config.js' {
  interface AppConfig {
    /** SMS provider and limits; absent means "read from the environment" */
    sms?: SmsConfig;
  }
}

const num = (v: string | undefined, dflt: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : dflt);

export function loadSmsConfig(env: NodeJS.ProcessEnv = process.env): SmsConfig {
  const production = (env.NODE_ENV ?? '').toLowerCase() === 'production';
  let provider = (env.SMS_PROVIDER || 'none').toLowerCase() as SmsProviderName;
  if (!['none', 'recording', 'aliyun'].includes(provider)) provider = 'none';
  // The recording channel delivers nothing: never in production.
  if (provider === 'recording' && production) provider = 'none';
  let aliyun: AliyunSmsSettings | undefined;
  if (provider === 'aliyun') {
    const template = env.SMS_ALIYUN_TEMPLATE || '';
    aliyun = {
      accessKeyId: env.SMS_ALIYUN_ACCESS_KEY_ID || '',
      accessKeySecret: env.SMS_ALIYUN_ACCESS_KEY_SECRET || '',
      signName: env.SMS_ALIYUN_SIGN_NAME || '',
      templates: {
        login: env.SMS_ALIYUN_TEMPLATE_LOGIN || template,
        register: env.SMS_ALIYUN_TEMPLATE_REGISTER || template,
        forgot: env.SMS_ALIYUN_TEMPLATE_FORGOT || template,
      },
      endpoint: env.SMS_ALIYUN_ENDPOINT || 'https://dysmsapi.aliyuncs.com/',
      regionId: env.SMS_ALIYUN_REGION || 'cn-hangzhou',
    };
    const t = aliyun.templates;
    if (!aliyun.accessKeyId || !aliyun.accessKeySecret || !aliyun.signName || !t.login || !t.register || !t.forgot) {
      provider = 'none';
      aliyun = undefined;
    }
  }
  const reg = (env.SELF_REGISTRATION || '').toLowerCase();
  return {
    provider,
    ...(aliyun ? { aliyun } : {}),
    testOutbox: provider === 'recording' && !production && (env.SMS_TEST_OUTBOX || '').toLowerCase() === 'on',
    selfRegistration: reg === 'on' ? 'on' : reg === 'off' ? 'off' : 'auto',
    dailyPerMobile: num(env.SMS_DAILY_PER_MOBILE, 10),
    dailyPerIp: num(env.SMS_DAILY_PER_IP, 50),
  };
}

/** A test or development setup: codes go to the recording channel. */
export function recordingSmsConfig(overrides: Partial<SmsConfig> = {}): SmsConfig {
  return { provider: 'recording', testOutbox: false, selfRegistration: 'auto', dailyPerMobile: 10, dailyPerIp: 50, ...overrides };
}
