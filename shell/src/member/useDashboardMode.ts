import { useState } from 'react';
import { FREELANCER_DASHBOARD, OWNER_DASHBOARD } from './memberPages';
import type { DashboardMode } from './header/RoleSwitch';

/**
 * On a dashboard the path is the truth; elsewhere the last chosen mode is kept, so the switch
 * and the sidebar's Dashboard link still agree after visiting, say, Billing.
 */
export function useDashboardMode(pathname: string): DashboardMode {
  const fromPath: DashboardMode | null = pathname.endsWith(`/${OWNER_DASHBOARD}`) ? 'owner' : pathname.endsWith(`/${FREELANCER_DASHBOARD}`) ? 'freelancer' : null;
  const [remembered, setRemembered] = useState<DashboardMode>(fromPath ?? 'freelancer');
  // Adjusting state while rendering (React's documented alternative to an effect) avoids a second paint.
  if (fromPath && fromPath !== remembered) setRemembered(fromPath);
  return fromPath ?? remembered;
}
