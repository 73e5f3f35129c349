// The browser side of passkeys (@simplewebauthn/browser), for the sign-in modal, the step-up dialog and the account
// settings alike.
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();
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
