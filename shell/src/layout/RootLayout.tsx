import { Outlet, useLocation } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { LoadingMessage } from './LoadingMessage';
import { AuthModalHost } from './AuthModalHost';
import { CallPickerHost } from './CallPickerHost';
import { StepUpHost } from './StepUpHost';
import { SessionNotice } from './SessionNotice';
import { PreviewBanner } from './PreviewBanner';
import { useStaticLinkRouting } from '../app/useStaticLinkRouting';

export function RootLayout() {
  const status = useAuth((state) => state.status);
  const { pathname } = useLocation();
  useStaticLinkRouting();
  // On /chat the guard says 'Checking authentication...' itself; elsewhere the app says 'Loading'.
  if (status === 'loading' && pathname !== '/chat') return <LoadingMessage />;
  return (
    <>
      <PreviewBanner />
      <SessionNotice />
      <Outlet />
      <AuthModalHost />
      <CallPickerHost />
      <StepUpHost />
    </>
  );
}
