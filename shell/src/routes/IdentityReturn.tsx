import { RemoteModule } from '../federation/RemoteModule';
import { LoadingMessage } from '../layout/LoadingMessage';
import { PublicLayout } from '../layout/PublicLayout';

/** Back from the identity provider: the auth remote completes the sign-in inside the public frame. */
export function IdentityReturn() {
  return (
    <PublicLayout>
      <RemoteModule id="mf_auth/IdentityCallback" what="the sign-in" fallback={<LoadingMessage text="Signing you in…" />} />
    </PublicLayout>
  );
}
