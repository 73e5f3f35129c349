import { lazy, Suspense } from 'react';
import type { RouteObject } from '@sciexperts/shared/router';
import { RootLayout } from '../layout/RootLayout';
import { PublicLayout } from '../layout/PublicLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { NotFoundPage } from '../pages/NotFoundPage';
import { HomeRoute } from '../routes/HomeRoute';
import { ChatGuard } from '../routes/ChatGuard';
import { ProfileGuard } from '../routes/ProfileGuard';
import { RemoteModule } from '../federation/RemoteModule';
import { KeepQueryRedirect } from '../routes/KeepQueryRedirect';
import { ProjectPageGate } from '../routes/ProjectPageGate';
import { LoadingMessage } from '../layout/LoadingMessage';

// The member frame is loaded when a member opens it: with it come the member area's shared clients
// ('@sciexperts/shared/member'), which public pages then never download.
const MemberArea = lazy(() => import('../member/MemberArea').then((module) => ({ default: module.MemberArea })));
// The partner apps' sign-in popup (docs/decisions/0050-partner-apps-and-scoped-tokens.md), loaded only when opened.
const PartnerSignInPage = lazy(() => import('../oauth/PartnerSignInPage').then((module) => ({ default: module.PartnerSignInPage })));

/**
 * What the shell's server does with a route (the deepest match that says decides): `serverRendered` pages
 * arrive as HTML; the others (a guard's, a redirect's, the member area's) are rendered in the browser only.
 */
export interface RouteHandle {
  serverRendered?: boolean;
  /** The HTTP status of a server-rendered page (the not-found page's 404). */
  status?: number;
}

const browserOnly: RouteHandle = { serverRendered: false };

/** The routes table; every page's content comes from a remote. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: <PublicLayout />,
        handle: { serverRendered: true } satisfies RouteHandle,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'join-expert', element: <RemoteModule id="mf_marketing/JoinExpertPage" what="this page" /> },
          { path: 'how-it-works', element: <RemoteModule id="mf_marketing/HowItWorksPage" what="this page" /> },
          { path: 'reset-password', element: <RemoteModule id="mf_auth/ResetPasswordPage" what="this page" /> },
          { path: 'unsubscribe', element: <RemoteModule id="mf_auth/UnsubscribePage" what="this page" /> },
          { path: 'account/confirm-email', element: <RemoteModule id="mf_auth/ConfirmEmailPage" what="this page" /> },
          { path: 'account/verify-email', element: <RemoteModule id="mf_auth/VerifyEmailPage" what="this page" /> },
          // The links of security e-mails: a sign-in alert's "this was not me", a payout change's confirmation, the undo of
          // an added or removed passkey or authenticator app.
          { path: 'account/not-me', element: <RemoteModule id="mf_auth/SecurityLinkPage" what="this page" /> },
          { path: 'account/undo-security-change', element: <RemoteModule id="mf_auth/SecurityLinkPage" what="this page" /> },
          { path: 'account/confirm-payout-change', element: <RemoteModule id="mf_auth/SecurityLinkPage" what="this page" /> },
          // The site's content pages (mf-marketing); slugs and the story or document a path names are read by the page.
          { path: 'solutions/:slug', element: <RemoteModule id="mf_marketing/SolutionPage" what="this page" /> },
          { path: 'services/:slug', element: <RemoteModule id="mf_marketing/ServicePage" what="this page" /> },
          { path: 'concierge', element: <RemoteModule id="mf_marketing/ConciergePage" what="this page" /> },
          { path: 'blog', element: <RemoteModule id="mf_marketing/BlogIndexPage" what="the blog" /> },
          { path: 'blog/:slug', element: <RemoteModule id="mf_marketing/BlogPostPage" what="this post" /> },
          ...['story-1', 'story-2', 'story-3'].map((path) => ({ path, element: <RemoteModule id="mf_marketing/StoryPage" what="this story" /> })),
          { path: 'faq', element: <RemoteModule id="mf_marketing/FaqPage" what="this page" /> },
          ...['privacy-policy', 'terms', 'user-agreement', 'cookie-policy'].map((path) => ({ path, element: <RemoteModule id="mf_marketing/LegalPage" what="this document" /> })),
          { path: 'developers', element: <RemoteModule id="mf_marketing/DevelopersPage" what="this page" /> },
          // The expert directory (mf-directory): the search, its subject pages and the public profiles.
          { path: 'find-an-expert', element: <RemoteModule id="mf_directory/SearchPage" what="the expert search" /> },
          { path: 'find-an-expert/subject/:slug', element: <RemoteModule id="mf_directory/SubjectPage" what="this page" /> },
          { path: 'experts/:idAndSlug', element: <RemoteModule id="mf_directory/ExpertProfilePage" what="this profile" /> },
          { path: 'find-expert', element: <KeepQueryRedirect to="/find-an-expert" />, handle: browserOnly },
          // Projects (mf-projects): the list, one project, and the form that posts one ('Request a service' opens it).
          { path: 'projects', element: <RemoteModule id="mf_projects/ProjectsPage" what="the projects" /> },
          {
            path: 'projects/:id',
            element: (
              <ProjectPageGate>
                <RemoteModule id="mf_projects/ProjectPage" what="this project" />
              </ProjectPageGate>
            ),
          },
          { path: 'create-project', element: <RemoteModule id="mf_projects/CreateProjectPage" what="the project form" /> },
          { path: 'request-service', element: <KeepQueryRedirect to="/create-project" />, handle: browserOnly },
          {
            path: 'chat',
            handle: browserOnly,
            element: (
              <ChatGuard>
                <RemoteModule id="mf_chat/DirectMessage" what="the messages" />
              </ChatGuard>
            ),
          },
          { path: '*', element: <NotFoundPage />, handle: { status: 404 } satisfies RouteHandle },
        ],
      },
      {
        // A partner site's "Sign in with SciExperts" popup: a frame of its own (no site header), the member's session.
        path: 'oauth/authorize',
        handle: browserOnly,
        element: (
          <Suspense fallback={<LoadingMessage />}>
            <PartnerSignInPage />
          </Suspense>
        ),
      },
      {
        // The operators' console (mf-admin): its own frame and sign-in, never the member's session; the server decides.
        path: 'admin/*',
        handle: browserOnly,
        element: <RemoteModule id="mf_admin/AdminApp" what="the operators' console" />,
      },
      {
        // The public header and menu are hidden on /profile paths: the member area has its own frame,
        // whose pages each come from the remote module their entry in member/memberPages names.
        path: 'profile/*',
        element: (
          <ProfileGuard>
            <Suspense fallback={<LoadingMessage />}>
              <MemberArea />
            </Suspense>
          </ProfileGuard>
        ),
      },
    ],
  },
];

/** For tests: the real routes, plus extra children of the root layout (e.g. a route that throws). */
export function routesWith(extraChildren: RouteObject[]): RouteObject[] {
  const [rootRoute, ...rest] = routes;
  if (!rootRoute || rootRoute.index) return routes;
  return [{ ...rootRoute, children: [...extraChildren, ...(rootRoute.children ?? [])] }, ...rest];
}
