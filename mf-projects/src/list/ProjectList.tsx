import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from '@sciexperts/shared/router';
import { projectsApi, type ProjectList as ProjectPage, type ProjectTeaserList } from '@sciexperts/shared/member';
import { useLoad } from '../ui/useLoad';
import { countOf } from './countText';
import { LoadFailed } from '../ui/LoadFailed';
import { cleared, hasFilters, listQueryString, parseListState, serialiseListState, toApiQuery, withChange, type ListState } from './listState';
import { Pagination } from './Pagination';
import { Placeholders } from './Placeholders';
import { ProjectCard } from './ProjectCard';
import { ProjectFilters } from './ProjectFilters';
import { ProjectTeaserCard } from './ProjectTeaserCard';
import { SignInPanel } from './SignInPanel';
import styles from './List.module.css';

type Loaded = { audience: 'public'; page: ProjectTeaserList } | { audience: 'member'; page: ProjectPage };

export interface ProjectListProps {
  /** 'public': signed-out teasers (no links) and a sign-in prompt; 'member': cards that open each project. */
  audience: 'public' | 'member';
  /** Offers 'Matching my services' (members only), on or off until the person says otherwise in the URL. */
  matchingDefault?: boolean;
}

function countLine(page: Loaded['page'], state: ListState, matchingOn: boolean): string {
  if (page.total === 0) {
    if (hasFilters(state)) return 'No open projects match these filters.';
    return matchingOn ? 'No open projects match your services right now.' : 'There are no open projects right now.';
  }
  const count = countOf(page.total, 'open project');
  if (page.results.length === 0 || page.total <= page.pageSize) return count;
  const first = (page.page - 1) * page.pageSize + 1;
  return `${count}, showing ${first}–${first + page.results.length - 1}`;
}

/**
 * Open projects, newest first, 20 a page: the search form, the count, the cards and the pages. The query lives in
 * the URL, so a search is a link and Back returns to the previous one. While a new page loads, the previous
 * results stay (dimmed, the region busy) so nothing jumps.
 */
export function ProjectList({ audience, matchingDefault }: ProjectListProps) {
  const [params, setParams] = useSearchParams();
  const urlKey = params.toString();
  const state = useMemo(() => parseListState(new URLSearchParams(urlKey)), [urlKey]);
  const offersMatching = audience === 'member' && matchingDefault !== undefined;
  const matchingOn = offersMatching ? (state.matching ?? matchingDefault === true) : false;
  const query = toApiQuery(state, { matching: matchingOn });
  const load = useLoad<Loaded>(
    () =>
      audience === 'public'
        ? projectsApi.publicList(query).then((page) => ({ audience, page }))
        : projectsApi.list(query).then((page) => ({ audience, page })),
    `${audience}:${JSON.stringify(query)}`,
  );
  const resultsRef = useRef<HTMLElement>(null);

  const change = (next: Partial<ListState>) => setParams(serialiseListState(withChange(state, next)));
  const focusResults = () => resultsRef.current?.focus();
  const clear = () => {
    setParams(serialiseListState(cleared(state)));
    focusResults();
  };
  // The URL keeps only a choice that differs from the page's default, so the plain link stays the plain list.
  const setMatching = (checked: boolean) => change({ matching: checked === matchingDefault ? null : checked });

  const busy = load.status === 'loading';
  const data = load.data;
  const page = data?.page ?? null;

  return (
    <div className={styles.layout}>
      <ProjectFilters state={state} onChange={change} matching={offersMatching ? { checked: matchingOn, onChange: setMatching } : undefined} />
      <section ref={resultsRef} tabIndex={-1} className={styles.results} aria-busy={busy} aria-label="Open projects">
        <p className={styles.count} role="status">
          {page ? countLine(page, state, matchingOn) : busy ? 'Loading projects…' : ''}
        </p>
        {page && page.total === 0 && load.status === 'ready' ? (
          hasFilters(state) ? (
            <p>
              <button type="button" className={styles.secondaryButton} onClick={clear}>
                Clear filters
              </button>
            </p>
          ) : matchingOn ? (
            <p>
              <button type="button" className={styles.secondaryButton} onClick={() => setMatching(false)}>
                Show projects for every service
              </button>
            </p>
          ) : null
        ) : null}
        {load.status === 'error' ? <LoadFailed message={load.error.message} onRetry={load.reload} /> : null}
        {audience === 'public' ? <SignInPanel /> : null}
        {data && data.page.results.length > 0 ? (
          <>
            <ol className={busy ? `${styles.cards} ${styles.stale}` : styles.cards}>
              {data.audience === 'public'
                ? data.page.results.map((teaser, i) => (
                    <li key={`${data.page.page}-${i}`}>
                      <ProjectTeaserCard teaser={teaser} />
                    </li>
                  ))
                : data.page.results.map((project) => (
                    <li key={project.id}>
                      <ProjectCard project={project} />
                    </li>
                  ))}
            </ol>
            <Pagination state={state} total={data.page.total} pageSize={data.page.pageSize} onNavigate={focusResults} />
          </>
        ) : null}
        {page && page.total > 0 && page.results.length === 0 && load.status === 'ready' ? (
          <div className={styles.notice}>
            <p>There are no more projects past this page.</p>
            <Link to={{ search: listQueryString({ ...state, page: 1 }) }} className={styles.textLink}>
              Back to the first page
            </Link>
          </div>
        ) : null}
        {!data && busy ? <Placeholders count={4} /> : null}
      </section>
    </div>
  );
}
