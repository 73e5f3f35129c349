import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const R = 8;
const P = 1;

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128*N*r bytes; Node refuses anything above maxmem (32 MiB by default).
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes with scrypt; parameters travel with the hash so raising the cost later keeps old hashes valid. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, logN, R, P);
  return `scrypt$${logN}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export class PasswordHasher {
  private dummy: Promise<string> | null = null;
  constructor(readonly logN: number) {}

  hash(password: string): Promise<string> {
    return hashPassword(password, this.logN);
  }

  /** Verifies; with no stored hash it still spends the same work so response time does not reveal unknown e-mails. */
  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    if (stored) return verifyPassword(password, stored);
    this.dummy ??= hashPassword('not-a-real-password', this.logN);
    await verifyPassword(password, await this.dummy);
    return false;
  }
}
