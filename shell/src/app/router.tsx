import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from '../layout/RootLayout';
import { PublicLayout } from '../layout/PublicLayout';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { HomeRoute } from '../routes/HomeRoute';
import { ChatGuard } from '../routes/ChatGuard';
import { ProfileGuard } from '../routes/ProfileGuard';
import { RemoteModule } from '../federation/RemoteModule';

/** The routes table of spec §2; every page's content comes from a remote. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'join-expert', element: <RemoteModule id="mf_marketing/JoinExpertPage" what="this page" /> },
          { path: 'how-it-works', element: <RemoteModule id="mf_marketing/HowItWorksPage" what="this page" /> },
          { path: 'reset-password', element: <RemoteModule id="mf_auth/ResetPasswordPage" what="this page" /> },
          {
            path: 'chat',
            element: (
              <ChatGuard>
                <RemoteModule id="mf_chat/DirectMessage" what="the messages" />
              </ChatGuard>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // The public header and menu are hidden on /profile paths: the profile remote has its own.
        path: 'profile/*',
        element: (
          <ProfileGuard>
            <RemoteModule id="mf_profile/ProfileApp" what="your profile" />
          </ProfileGuard>
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** For tests: the real routes, plus extra children of the root layout (e.g. a route that throws). */
export function createTestRouter(initialPath: string, extraChildren: RouteObject[] = []) {
  const [rootRoute, ...rest] = routes;
  if (!rootRoute || rootRoute.index) return createMemoryRouter(routes, { initialEntries: [initialPath] });
  const withExtras: RouteObject = { ...rootRoute, children: [...extraChildren, ...(rootRoute.children ?? [])] };
  return createMemoryRouter([withExtras, ...rest], { initialEntries: [initialPath] });
}
