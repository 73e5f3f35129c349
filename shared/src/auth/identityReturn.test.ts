import { isIdentityReturn } from './identityReturn';

describe('isIdentityReturn', () => {
  it('recognises the provider coming back to the dashboard with a code or an error, and a state', () => {
    expect(isIdentityReturn('/profile/freelancer-dashboard', '?code=abc&state=xyz')).toBe(true);
    expect(isIdentityReturn('/profile/freelancer-dashboard/', '?state=xyz&code=abc')).toBe(true);
    expect(isIdentityReturn('/profile/freelancer-dashboard', '?error=access_denied&state=xyz')).toBe(true);
  });

  it("leaves ORCID's bare code on /profile, other pages and half a response alone", () => {
    expect(isIdentityReturn('/profile', '?code=abc')).toBe(false);
    expect(isIdentityReturn('/profile', '?code=abc&state=xyz')).toBe(false);
    expect(isIdentityReturn('/profile/freelancer-dashboard', '?code=abc')).toBe(false);
    expect(isIdentityReturn('/profile/freelancer-dashboard', '?state=xyz')).toBe(false);
    expect(isIdentityReturn('/profile/freelancer-dashboard', '')).toBe(false);
  });
});
