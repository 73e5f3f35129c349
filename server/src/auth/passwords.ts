import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

export interface PasswordHashCost {
  /** Argon2id memory in KiB (m); OWASP: 19456 (19 MiB). */
  memoryKiB: number;
  /** Argon2id passes (t); OWASP: 2 with 19 MiB. */
  iterations: number;
}

export const OWASP_ARGON2ID: PasswordHashCost = { memoryKiB: 19_456, iterations: 2 };

// The package declares Algorithm as a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2 as Algorithm;
const PARALLELISM = 1;

const argon2Options = (cost: PasswordHashCost) => ({ algorithm: ARGON2ID, memoryCost: cost.memoryKiB, timeCost: cost.iterations, parallelism: PARALLELISM });

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number, length: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128*N*r bytes; Node refuses anything above maxmem (32 MiB by default).
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The format used before argon2id (`scrypt$logN$r$p$salt$key`); only tests and old rows still produce it. */
export async function hashPasswordScrypt(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, logN, 8, 1, 64);
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Argon2id in the PHC string format, so the cost travels with the hash and raising it later keeps old hashes valid. */
export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), argon2Options(cost));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password.normalize('NFKC'));
    } catch {
      return false;
    }
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  try {
    const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p), expected.length);
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** True when the stored hash is not argon2id at exactly the given cost (older scrypt rows, or a changed cost). */
export function needsRehash(stored: string, cost: PasswordHashCost): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  return !m || Number(m[1]) !== cost.memoryKiB || Number(m[2]) !== cost.iterations || Number(m[3]) !== PARALLELISM;
}

/** Runs at most `max` tasks at once; the rest wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(readonly max: number) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active += 1;
    // The slot is handed over directly by the finishing task, so `active` never drops while others wait.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

export class PasswordHasher {
  private dummy: Promise<string> | null = null;
  private readonly slots: Semaphore;

  /**
   * Each hash holds ~19 MiB and a libuv thread for tens of milliseconds; with more in flight than cores, a flood of
   * logins would occupy the whole thread pool (file and DNS work of every other request waits behind it) and the
   * memory. Bounding them makes the excess queue here instead.
   */
  constructor(
    readonly cost: PasswordHashCost = OWASP_ARGON2ID,
    concurrency = availableParallelism(),
  ) {
    this.slots = new Semaphore(Math.max(1, concurrency));
  }

  hash(password: string): Promise<string> {
    return this.slots.run(() => hashPassword(password, this.cost));
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.cost);
  }

  /** Verifies; with no stored hash it still spends the same work so response time does not reveal unknown e-mails. */
  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    if (stored) return this.slots.run(() => verifyPassword(password, stored));
    this.dummy ??= this.hash('not-a-real-password');
    const dummy = await this.dummy;
    await this.slots.run(() => verifyPassword(password, dummy));
    return false;
  }
}
