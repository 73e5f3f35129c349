import { useAuth, type PublicExpertProfile } from '@sciexperts/shared';
import { useLocation } from '@sciexperts/shared/router';
import { ReportButton } from '@sciexperts/ui';

/** 'Report' on someone else's public profile (a visitor signs in first and comes back here); not on one's own. */
export function ReportProfileAction({ profile }: { profile: PublicExpertProfile }) {
  const me = useAuth((state) => state.user?.id);
  const here = useLocation();
  return (
    <ReportButton
      targetType="profile"
      targetId={profile.id}
      what={`${profile.firstName} ${profile.lastName}’s profile`}
      own={me === profile.id}
      returnTo={`${here.pathname}${here.search}`}
    />
  );
}
