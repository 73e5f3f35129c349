import { PasswordHasher, hashPassword, verifyPassword } from '../src/auth/passwords';
import { FailureThrottle } from '../src/auth/throttle';
import { loadConfig } from '../src/config';

describe('password hashing', () => {
  it('uses the OWASP scrypt cost by default and verifies', async () => {
    expect(loadConfig({ TOKEN_SECRET: 'x'.repeat(40) }).passwordHashLogN).toBe(17);
    const hash = await hashPassword('pässwörd 🔑', 17);
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword('pässwörd 🔑', hash)).toBe(true);
    expect(await verifyPassword('password', hash)).toBe(false);
  });

  it('salts every hash and still works for unknown users', async () => {
    const hasher = new PasswordHasher(10);
    const [a, b] = [await hasher.hash('same'), await hasher.hash('same')];
    expect(a).not.toBe(b);
    expect(await hasher.verify('same', a)).toBe(true);
    expect(await hasher.verify('same', null)).toBe(false);
    expect(await verifyPassword('same', 'garbage')).toBe(false);
  });
});

describe('failure throttle', () => {
  it('blocks at the limit and forgets after the window', () => {
    let now = 0;
    const t = new FailureThrottle(3, 1000, () => now);
    for (let i = 0; i < 3; i += 1) t.fail('k');
    expect(t.isBlocked('k')).toBe(true);
    expect(t.retryAfterSeconds('k')).toBe(1);
    now = 1001;
    expect(t.isBlocked('k')).toBe(false);
  });
});
