// The WebAuthn library is loaded when a screen first asks about passkeys, not with the shared package.
const loaded = jest.fn();
jest.mock('@simplewebauthn/browser', () => {
  loaded();
  return {
    browserSupportsWebAuthnAutofill: async () => true,
    startAuthentication: jest.fn(async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => ({ id: 'cred', signed: optionsJSON.challenge })),
    startRegistration: jest.fn(async () => ({ id: 'new' })),
    WebAuthnAbortService: { cancelCeremony: jest.fn() },
  };
});

beforeEach(() => {
  jest.resetModules();
  loaded.mockClear();
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
});

/** A fresh copy of the client (nothing loaded yet), on a page that is the site (its API on its own origin). */
async function client() {
  (await import('../config/runtimeConfig')).configureRuntime({ apiBaseUrl: window.location.origin });
  return import('./passkeyClient');
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('loads nothing until a screen asks; asking whether passkeys work starts loading it, before any press', async () => {
  const { passkeysSupported, cancelPasskeyRequest } = await client();
  cancelPasskeyRequest();
  await settle();
  expect(loaded).not.toHaveBeenCalled();
  expect(passkeysSupported()).toBe(true);
  await settle();
  expect(loaded).toHaveBeenCalledTimes(1);
});

it("signs the server's challenge and creates a passkey through the library, loaded once", async () => {
  const { preparePasskeys, signWithPasskey, createPasskey } = await client();
  preparePasskeys();
  await expect(signWithPasskey({ challenge: 'c-1' })).resolves.toEqual({ id: 'cred', signed: 'c-1' });
  await expect(createPasskey({ challenge: 'c-2' })).resolves.toEqual({ id: 'new' });
  expect(loaded).toHaveBeenCalledTimes(1);
});

it('offers no passkey where the browser has no WebAuthn, and loads nothing then', async () => {
  Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  const { passkeysSupported } = await client();
  expect(passkeysSupported()).toBe(false);
  await settle();
  expect(loaded).not.toHaveBeenCalled();
});
