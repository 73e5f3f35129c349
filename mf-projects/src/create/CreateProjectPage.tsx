import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@sciexperts/shared/router';
import { LiveMessage, PageMeta } from '@sciexperts/ui';
import { openLoginModal, useAuth } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi, type Project } from '@sciexperts/shared/member';
import { CREATE_PROJECT_PATH, editDraftPath, idOf } from '../routing';
import { draftStart, freshStart, localStart, type FormStart } from './formStart';
import { clearLocalDraft, readLocalDraft } from './localDraft';
import { AUTOSAVE_DELAYS, ProjectForm, type AutosaveDelays } from './ProjectForm';
import { asApiError } from './publishDraft';
import styles from './CreateProject.module.css';

type View = { kind: 'loading' } | { kind: 'sign-in' } | { kind: 'error'; message: string } | { kind: 'form'; start: FormStart; key: number };

export const LOADING_DRAFT = 'Loading your draft…';
export const SIGN_IN_FOR_DRAFT = 'Log in to continue your saved draft.';

/** Why a draft in the URL cannot be opened in the form, or null when it can. */
function unusableDraft(project: Project): string | null {
  if (!project.viewer.isOwner) return PROJECT_MESSAGES.ownerOnly;
  if (project.status !== 'draft') return PROJECT_MESSAGES.notDraft;
  return null;
}

interface Props {
  /** Tests shorten the autosave pauses. */
  delays?: AutosaveDelays;
}

/**
 * /create-project (and /request-service, which redirects here with its query): the form, started from what fits —
 * the member's draft named by `?draft=<id>`, what this browser kept, or a blank form with `?service=` chosen.
 */
export function CreateProjectPage({ delays = AUTOSAVE_DELAYS }: Props) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const authStatus = useAuth((state) => state.status);
  const token = useAuth((state) => state.token);
  const userId = useAuth((state) => state.user?.id ?? null);
  const draftParam = params.get('draft');
  const service = params.get('service');
  const heading = useRef<HTMLHeadingElement>(null);
  const formKey = useRef(0);
  /** The server draft the form on screen works on (its own URL changes must not reload it). */
  const formDraftId = useRef<number | null>(null);
  const [generation, setGeneration] = useState(0);

  const formView = (start: FormStart): View => {
    formKey.current += 1;
    formDraftId.current = start.draftId;
    return { kind: 'form', start, key: formKey.current };
  };

  const [view, setView] = useState<View>(() => {
    if (draftParam !== null) return idOf(draftParam) === null ? formView(freshStart(null, PROJECT_MESSAGES.notFound)) : { kind: 'loading' };
    // A member's kept copy of a server draft is opened through the URL (the effect below puts the id there).
    if (token !== null && readLocalDraft(userId)?.draftId) return { kind: 'loading' };
    return formView(localStart(userId, service));
  });

  // The effect reads these as they are now without re-running when they change.
  const latest = useRef({ view, userId, service, draftParam });
  latest.current = { view, userId, service, draftParam };

  useEffect(() => {
    const { view: current, userId: member, service: chosen } = latest.current;
    const show = (start: FormStart) => setView(formView(start));
    if (draftParam === null) {
      if (current.kind === 'form') return;
      const keptDraftId = token !== null ? readLocalDraft(member)?.draftId : null;
      if (keptDraftId) void navigate(editDraftPath(keptDraftId), { replace: true });
      else show(localStart(member, chosen));
      return;
    }
    const id = idOf(draftParam);
    if (id === null) {
      if (current.kind !== 'form') show(freshStart(null, PROJECT_MESSAGES.notFound));
      return;
    }
    if (current.kind === 'form' && formDraftId.current === id) return;
    if (authStatus === 'loading') {
      setView({ kind: 'loading' });
      return;
    }
    if (token === null) {
      setView({ kind: 'sign-in' });
      return;
    }
    let active = true;
    setView({ kind: 'loading' });
    const cannotOpen = (problem: string) => {
      // The kept copy of this draft is stale too; the URL drops the id so that a reload does not ask again.
      if (readLocalDraft(member)?.draftId === id) clearLocalDraft(member);
      show(freshStart(null, problem));
      void navigate(CREATE_PROJECT_PATH, { replace: true });
    };
    projectsApi.get(id).then(
      (project) => {
        if (!active) return;
        const problem = unusableDraft(project);
        if (problem) cannotOpen(problem);
        else show(draftStart(project, member));
      },
      (caught: unknown) => {
        if (!active) return;
        const error = asApiError(caught);
        if (error.status === 404 || error.status === 403) cannotOpen(error.message);
        else setView({ kind: 'error', message: error.message });
      },
    );
    return () => {
      active = false;
    };
    // formView only touches refs; navigate is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftParam, token, authStatus, generation]);

  const onDraftSaved = useCallback(
    (id: number) => {
      formDraftId.current = id;
      if (latest.current.draftParam !== String(id)) void navigate(editDraftPath(id), { replace: true });
    },
    [navigate],
  );

  const onStartOver = () => {
    setView(formView(freshStart(null)));
    if (latest.current.draftParam !== null || latest.current.service !== null) void navigate(CREATE_PROJECT_PATH, { replace: true });
    heading.current?.focus();
  };

  return (
    <div className={styles.page}>
      <PageMeta
        title="Post a project"
        description="Describe your scientific project, set a budget and timing, and receive proposals from qualified experts."
        path="/create-project"
      />
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        Post a project
      </h1>
      <p className={styles.intro}>Tell experts what you need: a few short groups, a few minutes. You can publish when you are ready.</p>
      {view.kind === 'loading' && <LiveMessage className={styles.status} message={LOADING_DRAFT} />}
      {view.kind === 'sign-in' && (
        <div className={styles.notice}>
          <p>{SIGN_IN_FOR_DRAFT}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => openLoginModal('login')}>
              Log in
            </button>
            <Link className={styles.quiet} to={CREATE_PROJECT_PATH}>
              Start a new project
            </Link>
          </div>
        </div>
      )}
      {view.kind === 'error' && (
        <div className={styles.problem}>
          <p role="alert">{view.message}</p>
          <button type="button" className={styles.quiet} onClick={() => setGeneration((g) => g + 1)}>
            Try again
          </button>
        </div>
      )}
      {view.kind === 'form' && <ProjectForm key={view.key} start={view.start} delays={delays} onDraftSaved={onDraftSaved} onStartOver={onStartOver} />}
    </div>
  );
}
