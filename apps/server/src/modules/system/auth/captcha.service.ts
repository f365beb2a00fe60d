import svgCaptcha from 'svg-captcha';
import type { KvStore } from '../../../platform/kv/kv-store.js';

const TTL_MS = 60_000;

/** Image captchas: 4 characters, valid 60 s, single use (the check consumes the key). */
export class CaptchaService {
  constructor(private readonly kv: KvStore) {}

  async create(key: string): Promise<{ image: string; text: string }> {
    const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', width: 105, height: 35, fontSize: 40 });
    await this.kv.set(`captcha:${key}`, c.text.toLowerCase(), TTL_MS);
    const image = `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`;
    return { image, text: c.text };
  }

  /** 'ok', 'missing' (no live captcha for the key) or 'wrong'. The key is consumed either way. */
  async check(key: string, answer: string): Promise<'ok' | 'missing' | 'wrong'> {
    const stored = await this.kv.take(`captcha:${key}`);
    if (stored === null) return 'missing';
    return stored === answer.trim().toLowerCase() ? 'ok' : 'wrong';
  }
}
