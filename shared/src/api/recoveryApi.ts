import { RECOVERY_MESSAGES, RECOVERY_PATHS, recoveryPasskeyRemovePath, type RecoveryRemovalAnswer } from '../contracts/recovery';
import { request } from './http';

/**
 * The removals a password reset's grant allows (docs/decisions/0043-account-recovery.md). No session: the grant in
 * the body is the proof, and each answer carries the account's factors as they are now.
 */
export const recoveryApi = {
  removePasskey: (grant: string, id: number) =>
    request<RecoveryRemovalAnswer>('post', recoveryPasskeyRemovePath(id), { json: { grant }, fallbackError: RECOVERY_MESSAGES.removeFailed }),
  removeAuthenticator: (grant: string) =>
    request<RecoveryRemovalAnswer>('post', RECOVERY_PATHS.authenticatorRemove, { json: { grant }, fallbackError: RECOVERY_MESSAGES.removeFailed }),
};
