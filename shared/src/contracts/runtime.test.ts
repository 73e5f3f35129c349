import { chatOriginOf } from './runtime';

describe('chatOriginOf', () => {
  it('is the origin the registry serves the chat remote from, and nothing when it lists none or a malformed one', () => {
    const auth = { name: 'mf_auth', entry: 'https://auth.sciexperts.example/mf-manifest.json' };
    expect(chatOriginOf({ remotes: [auth, { name: 'mf_chat', entry: 'https://chat.sciexperts.example/releases/1.2.0/mf-manifest.json' }] })).toBe('https://chat.sciexperts.example');
    expect(chatOriginOf({ remotes: [auth] })).toBeUndefined();
    expect(chatOriginOf({ remotes: [{ name: 'mf_chat', entry: 'not a url' }] })).toBeUndefined();
  });
});
