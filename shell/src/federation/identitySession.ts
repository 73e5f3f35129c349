import { getRuntimeConfig, setIdentitySignOut, type ExposedModuleExports } from '@sciexperts/shared';
import { loadRemoteModule } from './remoteRegistry';

/** The framework-free `mf_auth/identitySession` expose: the identity provider stays inside the auth remote. */
type IdentitySessionModule = ExposedModuleExports['mf_auth/identitySession'];

const IDENTITY_SESSION = 'mf_auth/identitySession' satisfies keyof ExposedModuleExports;

/** True when the provider's stored session was exchanged for a product session; false on any failure. */
export async function resumeIdentitySession(): Promise<boolean> {
  if (!getRuntimeConfig().oidc) return false;
  try {
    const module = await loadRemoteModule<IdentitySessionModule>(IDENTITY_SESSION);
    return await module.resumeIdentitySession();
  } catch {
    return false;
  }
}

/** Lets every slice's Logout (shared `logOut`) end the provider session of a member who signed in through it. */
export function registerIdentitySignOut(): void {
  setIdentitySignOut(async () => {
    const module = await loadRemoteModule<IdentitySessionModule>(IDENTITY_SESSION);
    await module.endIdentitySession();
  });
}
