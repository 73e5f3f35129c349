// The browser side of passkeys (@simplewebauthn/browser), for the sign-in modal, the step-up dialog and the account
// settings alike.
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';
import { getRuntimeConfig } from '../config/runtimeConfig';

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

export const passkeysSupported = (): boolean => browserSupportsWebAuthn() && pageIsTheSite();
export const passkeyAutofillSupported = (): Promise<boolean> => browserSupportsWebAuthnAutofill();

/** Asks the authenticator to create a passkey for the server's options; the JSON to send back. */
export function createPasskey(options: object): Promise<unknown> {
  return startRegistration({ optionsJSON: options as never });
}

/**
 * Asks the authenticator to sign the server's challenge. `autofill`: conditional UI, the browser offers the site's
 * passkeys in the e-mail field's suggestions (that field needs autocomplete="username webauthn").
 */
export function signWithPasskey(options: object, autofill = false): Promise<unknown> {
  return startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
}

/** Ends a pending conditional request (the modal closed, or another sign-in started). */
export const cancelPasskeyRequest = (): void => WebAuthnAbortService.cancelCeremony();
