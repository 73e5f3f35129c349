// The browser side of passkeys (@simplewebauthn/browser), for the sign-in modal, the step-up dialog and the account
// settings alike. The library is loaded when a passkey is first asked about, not with the shared package: every public
// page loads that package, and only a sign-in or the settings use a passkey (2.8 KB compressed saved on each page).
import type * as WebAuthnLibrary from '@simplewebauthn/browser';
import { getRuntimeConfig } from '../config/runtimeConfig';

type WebAuthnBrowser = typeof WebAuthnLibrary;

let library: WebAuthnBrowser | null = null;
let loading: Promise<WebAuthnBrowser> | null = null;

function webAuthn(): Promise<WebAuthnBrowser> {
  loading ??= import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser').then(
    (loaded) => (library = loaded),
    (error: unknown) => {
      // Not loaded (the network): the next ask tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * A passkey is bound to the site's origin, and the server accepts only that origin's answers: the page can use one
 * only when it is the site, which calls its API on its own origin. A remote's own page on its own origin (the team's
 * stand-alone page) cannot, so it is not offered there, and no request for options leaves that page.
 */
function pageIsTheSite(): boolean {
  try {
    // Relative (a server-rendered page may say "" for its own origin) resolves against the page.
    return new URL(getRuntimeConfig().apiBaseUrl, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Whether this browser and page can use passkeys (the library's own test: WebAuthn's credential type is there). A
 * screen that asks starts loading the library, so that it is there when the person presses the button: Safari accepts
 * a passkey request only while the press that asked for it is recent.
 */
export function passkeysSupported(): boolean {
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && pageIsTheSite();
  if (supported) preparePasskeys();
  return supported;
}

/**
 * Loads the library now, ahead of the press that will use it (a screen that offers a passkey calls this when it
 * shows the button): a passkey request made after loading it first could come too late after the press for Safari.
 */
export function preparePasskeys(): void {
  // Not loaded now: the press loads it, as a last resort.
  void webAuthn().catch(() => undefined);
}

export const passkeyAutofillSupported = async (): Promise<boolean> => (await webAuthn()).browserSupportsWebAuthnAutofill();

/** Asks the authenticator to create a passkey for the server's options; the JSON to send back. */
export async function createPasskey(options: object): Promise<unknown> {
  return (await webAuthn()).startRegistration({ optionsJSON: options as never });
}

/**
 * Asks the authenticator to sign the server's challenge. `autofill`: conditional UI, the browser offers the site's
 * passkeys in the e-mail field's suggestions (that field needs autocomplete="username webauthn").
 */
export async function signWithPasskey(options: object, autofill = false): Promise<unknown> {
  return (await webAuthn()).startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
}

/** Ends a pending conditional request (the modal closed, or another sign-in started); none is pending before the library. */
export const cancelPasskeyRequest = (): void => library?.WebAuthnAbortService.cancelCeremony();
