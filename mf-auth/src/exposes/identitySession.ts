// Framework-free, like mf_chat/mount: the shell calls these from its chat guard and from every Logout.
import type { ExposedModuleExports } from '@sciexperts/shared';
import * as identitySession from '../identity/identitySession';

// Typed against the shared expose map (every export it lists, nothing else), so this remote cannot drift from
// what the shell calls.
const exposed: ExposedModuleExports['mf_auth/identitySession'] = {
  resumeIdentitySession: identitySession.resumeIdentitySession,
  endIdentitySession: identitySession.endIdentitySession,
};
export const { resumeIdentitySession, endIdentitySession } = exposed;
