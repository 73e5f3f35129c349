// The TOTP secret must be readable by the server (it computes the expected code), so it cannot be hashed like a
// password; it is encrypted instead (AES-256-GCM), so a copy of the database alone (a backup, a leaked dump) does not
// give anyone the codes. The key is never in the database: it is derived (HKDF-SHA-256) from SECOND_FACTOR_KEY, or,
// when that is not set, from the token secret the server already keeps outside the database.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'sciexperts second factor secret v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    if (keyMaterial.length < 32) throw new Error('The second factor key must be at least 32 characters.');
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, Buffer.alloc(0), INFO, 32));
  }

  /** `v1.<iv>.<ciphertext>.<tag>`, base64url; `context` (who owns the secret) is authenticated, so a row copied onto another owner does not decrypt. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The plain text, or null when the value was not sealed with this key for this context. */
  open(sealed: string, context: string): string | null {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || body === undefined || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
