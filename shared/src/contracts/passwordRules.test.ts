import { PASSWORD_COMMON_MESSAGE, PASSWORD_PERSONAL_MESSAGE, isCommonPassword, loadCommonPasswords, passwordProblem } from './rules';
import { COMMON_PASSWORDS } from './commonPasswords';

describe('the password rule (browser and server alike)', () => {
  beforeAll(() => loadCommonPasswords());

  it('refuses the most common passwords, whatever their case', () => {
    for (const p of ['password', 'PASSWORD1', 'qwertyuiop', 'iloveyou', '12345678', 'football1']) {
      expect([p, passwordProblem(p)]).toEqual([p, PASSWORD_COMMON_MESSAGE]);
    }
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    // The list holds the 8-or-more-character entries of the 10,000 most common, one a line, lower case.
    const list = COMMON_PASSWORDS.split('\n');
    expect(list.length).toBeGreaterThan(3_500);
    expect(list.every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });

  it('refuses a password containing the e-mail name or the name, and says so', () => {
    const owner = { email: 'grace.hopper@example.test', firstName: 'Grace', lastName: 'Hopper' };
    expect(passwordProblem('my-grace.hopper-2026', owner)).toBe(PASSWORD_PERSONAL_MESSAGE);
    expect(passwordProblem('AmazingGRACE-2026!', owner)).toBe(PASSWORD_PERSONAL_MESSAGE);
    expect(passwordProblem('2026-hopper-rules', owner)).toBe(PASSWORD_PERSONAL_MESSAGE);
    expect(passwordProblem('correct horse battery staple', owner)).toBeNull();
    // Two-letter names refuse nothing; without an owner only the list and the length apply.
    expect(passwordProblem('Almost-unguessable-2026', { firstName: 'Al' })).toBeNull();
    expect(passwordProblem('my-grace.hopper-2026')).toBeNull();
    expect(passwordProblem('short', owner)).toBe('Password must be at least 8 characters.');
  });
});
