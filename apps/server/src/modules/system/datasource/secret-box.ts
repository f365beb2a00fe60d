import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing of stored secrets (data source passwords): AES-256-GCM with a key derived by HKDF-SHA256
 * from the server's JWT secret (info `sys_data_source.db_password`). Format `v1:` + base64url of
 * iv(12) | tag(16) | ciphertext. The plaintext never leaves the server.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    const salt = createHash('sha256').update('group-office/secret-box').digest();
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), salt, 'sys_data_source.db_password', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1:${Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64url')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('unsealed value');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }
}
