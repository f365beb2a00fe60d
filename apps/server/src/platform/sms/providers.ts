import { AliyunSmsProvider } from './aliyun.js';
import type { SmsConfig } from './sms-config.js';

export type SmsPurpose = 'login' | 'register' | 'forgot';

/** Sends one verification code to a mobile; throws when the message was not accepted. */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, purpose: SmsPurpose, code: string): Promise<void>;
}

export interface RecordedSms {
  mobile: string;
  purpose: SmsPurpose;
  code: string;
  at: number;
}

/**
 * The recording channel for tests and development: keeps the last messages in memory instead of
 * delivering them. Never used in production (the configuration refuses it there).
 */
export class RecordingSmsProvider implements SmsProvider {
  readonly name = 'recording';
  readonly sent: RecordedSms[] = [];

  async send(mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
    this.sent.push({ mobile, purpose, code, at: Date.now() });
    if (this.sent.length > 500) this.sent.splice(0, this.sent.length - 500);
  }

  /** The latest message to a mobile (optionally of one purpose). */
  latest(mobile: string, purpose?: SmsPurpose): RecordedSms | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const m = this.sent[i];
      if (m.mobile === mobile && (!purpose || m.purpose === purpose)) return m;
    }
    return undefined;
  }
}

export function createSmsProvider(config: SmsConfig): SmsProvider | null {
  if (config.provider === 'recording') return new RecordingSmsProvider();
  if (config.provider === 'aliyun' && config.aliyun) return new AliyunSmsProvider(config.aliyun);
  return null;
}
