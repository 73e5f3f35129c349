import { useState, type ReactNode } from 'react';
import { API_PATHS, isPageMissing, missingOnNotFound, pathTo, PROJECT_MESSAGES, request, useAuth, usePageData, type PageMissing, type PublicProjectPage } from '@sciexperts/shared';
import { Link, useParams } from '@sciexperts/shared/router';
import { PageMeta } from '@sciexperts/ui';
import styles from '../pages/StatusPage.module.css';

const ID = /^[1-9]\d{0,15}$/;

/**
 * /projects/:id before mf-projects' page, which renders in the browser only (its content needs a session). On the
 * shell's server it asks the API whether the page is there for visitors: a draft, hidden, invite-only or unknown
 * project, or an open one of a suspended member, is rendered here as not available with noindex, and the page is sent
 * as 404 (usePageData's PageMissing). A member's session, taking over after hydration, goes on to the project page,
 * which shows them what they may see (the owner their hidden project). A page opened by a click is the project page.
 */
export function ProjectPageGate({ children }: { children: ReactNode }) {
  const { id = '' } = useParams();
  const signedIn = useAuth((state) => state.token !== null);
  // Any other failure (the API unreachable) is no answer: the page goes on as it did, never as an error page.
  const state = usePageData<PublicProjectPage | PageMissing | null>(`projects/page/${id}`, () =>
    ID.test(id)
      ? request<PublicProjectPage>('get', pathTo(API_PATHS.projectPublicPage, { id }), { fallbackError: PROJECT_MESSAGES.notFound })
          .catch(missingOnNotFound)
          .catch(() => null)
      : Promise.resolve<PageMissing>({ pageMissing: 404 }),
  );
  // Kept past hydration: the page data is given up once this part is on screen, and a later render (the header's
  // session check) must not swap a visitor's "not available" for the project page's sign-in prompt.
  const [rendered] = useState(() => ({ id, missing: isPageMissing(state) }));
  if (!(rendered.id === id && rendered.missing) || signedIn) return children;
  return (
    <section className={styles.page} aria-labelledby="project-not-available">
      <PageMeta title="Project not available" description="This project is not available on SciExperts." path={`/projects/${id}`} noIndex />
      <h1 id="project-not-available">{PROJECT_MESSAGES.notFound}</h1>
      <p>It may have been removed, or it is open to invited experts only.</p>
      <p>
        <Link to="/projects">Browse open projects</Link>
      </p>
    </section>
  );
}
