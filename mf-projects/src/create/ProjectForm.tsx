import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@sciexperts/shared/router';
import { FieldError, LiveMessage, fieldErrorProps } from '@sciexperts/ui';
import { authStore, loginModalStore, openLoginModal, useAuth } from '@sciexperts/shared';
import { PROJECT_LIMITS, projectsApi, type Attachment, type ProjectInput } from '@sciexperts/shared/member';
import { projectPath } from '../routing';
import { AttachmentsField, removeButtonId } from './AttachmentsField';
import { pickFiles } from './attachments';
import { BudgetFields } from './BudgetFields';
import { DescriptionField } from './DescriptionField';
import { DraftNotice } from './DraftNotice';
import { DraftSaver } from './draftSaver';
import { fieldId, focusField, inputClass } from './fieldIds';
import type { FormStart, PendingFile } from './formStart';
import { clearLocalDraft, writeLocalDraft, type LocalDraft } from './localDraft';
import {
  errorsFromServer,
  firstInvalidField,
  localToday,
  toProjectInput,
  validateProject,
  withPracticeArea,
  withService,
  type FieldErrors,
  type FieldKey,
  type ProjectFormValues,
} from './projectForm';
import { asApiError, publishDraft } from './publishDraft';
import { ServiceField } from './ServiceField';
import { TimingFields } from './TimingFields';
import { VisibilityFields } from './VisibilityFields';
import styles from './CreateProject.module.css';

/** How long typing pauses before the copy in this browser (local) and the member's server draft are written. */
export interface AutosaveDelays {
  local: number;
  server: number;
}
export const AUTOSAVE_DELAYS: AutosaveDelays = { local: 400, server: 1500 };

export const SIGN_IN_TO_PUBLISH = 'Create an account or log in to publish your project. What you wrote is kept.';
export const DRAFT_SAVING = 'Saving draft…';
export const DRAFT_SAVED = 'Draft saved';
export const FILE_REFUSED = 'Your project is saved as a draft but not published yet: a file was refused. Remove it or choose another file, then publish again.';

interface Latest {
  values: ProjectFormValues;
  files: PendingFile[];
  attached: Attachment[];
  onDraftSaved: (id: number) => void;
  publishAsMember: () => Promise<void>;
}

interface Props {
  start: FormStart;
  delays: AutosaveDelays;
  /** The member's server draft got (or changed) its id: the page puts it in the URL. */
  onDraftSaved: (id: number) => void;
  onStartOver: () => void;
}

/**
 * The project form. What is typed is kept in this browser as one types, and a member's complete form becomes a
 * server draft that follows every change. 'Publish project' signed out asks for an account in the shell's modal and
 * publishes once the member is signed in; signed in it saves, uploads the chosen files and publishes.
 */
export function ProjectForm({ start, delays, onDraftSaved, onStartOver }: Props) {
  const idBase = useId();
  const navigate = useNavigate();
  const userId = useAuth((state) => state.user?.id ?? null);
  const signedIn = useAuth((state) => state.token !== null);
  const today = localToday();

  const [values, setValues] = useState(start.values);
  const [typed, setTyped] = useState(start.typed);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [attached, setAttached] = useState<Attachment[]>(start.attached);
  const [pickError, setPickError] = useState<string | null>(null);
  const [attachedErrors, setAttachedErrors] = useState<Record<number, string>>({});
  const [removing, setRemoving] = useState<ReadonlySet<number>>(() => new Set());
  const [draft, setDraft] = useState({ id: start.draftId, updatedAt: start.serverUpdatedAt });
  const [draftStatus, setDraftStatus] = useState<string | null>(null);
  const [savingDraft, setSavingDraft] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [publishStatus, setPublishStatus] = useState<string | null>(null);

  const mounted = useRef(true);
  /** Published or started over: nothing may be written to this browser's copy any more. */
  const finished = useRef(false);
  const pendingPublish = useRef(false);
  const pendingLocal = useRef<{ userId: number | null; draft: LocalDraft } | null>(null);
  const nextFileKey = useRef(0);
  /** Focus to move once the next render is on screen (error messages and enabled buttons exist by then). */
  const pendingFocus = useRef<(() => void) | null>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const [saver] = useState(
    () =>
      new DraftSaver({ draftId: start.draftId, savedInput: start.savedInput, serverUpdatedAt: start.serverUpdatedAt }, (project) => {
        if (mounted.current) setDraft({ id: project.id, updatedAt: project.updatedAt });
      }),
  );

  // What subscriptions and async steps read: the newest render's values, not the ones they started with.
  const latest = useRef<Latest>({ values, files, attached, onDraftSaved, publishAsMember: () => Promise.resolve() });
  latest.current = { ...latest.current, values, files, attached, onDraftSaved };

  useEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });

  const focusAfterRender = (focus: () => void) => {
    pendingFocus.current = focus;
  };

  // The URL names the draft from its first save, so the member can leave and come back to it (not once published:
  // the project page is on its way).
  useEffect(() => {
    if (draft.id !== null && !finished.current) latest.current.onDraftSaved(draft.id);
  }, [draft.id]);

  // This browser's copy, written once typing pauses, at the latest when the page goes away.
  useEffect(() => {
    if (!typed || finished.current) return;
    const copy = { userId, draft: { values, fileNames: files.map((pending) => pending.file.name), draftId: draft.id, serverUpdatedAt: draft.updatedAt } };
    pendingLocal.current = copy;
    const timer = setTimeout(() => {
      writeLocalDraft(copy.userId, copy.draft);
      pendingLocal.current = null;
    }, delays.local);
    return () => clearTimeout(timer);
  }, [typed, values, files, draft, userId, delays.local]);

  useEffect(() => {
    mounted.current = true;
    const flush = () => {
      const copy = pendingLocal.current;
      pendingLocal.current = null;
      if (copy && !finished.current) writeLocalDraft(copy.userId, copy.draft);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
      mounted.current = false;
    };
  }, []);

  const saveToServer = useCallback(
    async (input: ProjectInput, byHand: boolean) => {
      setDraftStatus(DRAFT_SAVING);
      if (byHand) setSavingDraft(true);
      try {
        await saver.save(input);
        if (mounted.current) setDraftStatus(DRAFT_SAVED);
      } catch (caught) {
        if (!mounted.current) return;
        const error = asApiError(caught);
        if (byHand) {
          const found = errorsFromServer(error, latest.current.values);
          setErrors(found.errors);
          setFormError(found.formError);
          setDraftStatus(null);
          const first = firstInvalidField(found.errors);
          if (first) focusAfterRender(() => focusField(idBase, first));
        } else {
          setDraftStatus(`The draft was not saved: ${error.message}`);
        }
      } finally {
        if (byHand && mounted.current) setSavingDraft(false);
      }
    },
    [saver, idBase],
  );

  // A member's complete form becomes a server draft once typing pauses, and follows later changes.
  useEffect(() => {
    if (!signedIn || !typed || publishing || finished.current) return;
    const input = toProjectInput(values);
    if (saver.holds(input) || firstInvalidField(validateProject(values)) !== null) return;
    const timer = setTimeout(() => void saveToServer(input, false), delays.server);
    return () => clearTimeout(timer);
  }, [signedIn, typed, publishing, values, saver, saveToServer, delays.server]);

  const publishAsMember = async () => {
    const { values: snapshot, files: chosen } = latest.current;
    setPublishing(true);
    setFormError(null);
    setPublishStatus(null);
    let remaining: PendingFile[] = chosen.map((pending) => ({ ...pending, error: null }));
    let uploaded = [...latest.current.attached];
    setFiles(remaining);
    const outcome = await publishDraft(saver, toProjectInput(snapshot), remaining, {
      progress: (text) => {
        if (mounted.current) setPublishStatus(text);
      },
      uploaded: (key, attachment) => {
        remaining = remaining.filter((pending) => pending.key !== key);
        uploaded = [...uploaded, attachment];
        if (!mounted.current) return;
        setFiles(remaining);
        setAttached(uploaded);
      },
    });
    if (outcome.kind === 'published') {
      finished.current = true;
      pendingLocal.current = null;
      clearLocalDraft(authStore.getState().user?.id ?? null);
      // A member who left the page while it published stays where they went.
      if (mounted.current) void navigate(projectPath(outcome.id), { replace: true });
      return;
    }
    // Left while publishing: the draft stays saved, on the server and in this browser, for when they come back.
    if (!mounted.current) return;
    let nextErrors: FieldErrors = {};
    let nextFormError: string | null = FILE_REFUSED;
    if (outcome.kind === 'file-refused') {
      remaining = remaining.map((pending) => (pending.key === outcome.fileKey ? { ...pending, error: outcome.error.message } : pending));
    } else {
      ({ errors: nextErrors, formError: nextFormError } = errorsFromServer(outcome.error, snapshot));
    }
    setPublishing(false);
    setPublishStatus(null);
    setFiles(remaining);
    setErrors(nextErrors);
    setFormError(nextFormError);
    const first = firstInvalidField(nextErrors);
    if (outcome.kind === 'file-refused') focusAfterRender(() => document.getElementById(removeButtonId(idBase, outcome.fileKey))?.focus());
    else if (first) focusAfterRender(() => focusField(idBase, first));
    else focusAfterRender(() => publishButton.current?.focus());
  };
  latest.current.publishAsMember = publishAsMember;

  // A publish asked for signed out goes on by itself once the modal signs the person in (the modal then leaves the
  // member on this page: stayAfterSignUp), and is dropped if the modal closes without that.
  useEffect(() => {
    const stopAuth = authStore.subscribe((state, previous) => {
      if (!pendingPublish.current || state.token === null || previous.token !== null) return;
      pendingPublish.current = false;
      void latest.current.publishAsMember();
    });
    const stopModal = loginModalStore.subscribe((state, previous) => {
      if (!pendingPublish.current || state.open || !previous.open || authStore.getState().token !== null) return;
      pendingPublish.current = false;
      setPublishStatus(null);
    });
    return () => {
      stopAuth();
      stopModal();
    };
  }, []);

  const update = (next: (current: ProjectFormValues) => ProjectFormValues, fields: readonly FieldKey[]) => {
    setValues(next);
    setTyped(true);
    setErrors((current) => {
      if (!fields.some((field) => current[field])) return current;
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      return rest;
    });
  };
  const change = (patch: Partial<ProjectFormValues>) => update((current) => ({ ...current, ...patch }), Object.keys(patch) as FieldKey[]);

  /** Checks everything; the first problem gets the focus once its message is on screen. */
  const checkAll = (): boolean => {
    const found = validateProject(values, today);
    setErrors(found);
    setFormError(null);
    const first = firstInvalidField(found);
    if (first) focusAfterRender(() => focusField(idBase, first));
    return first === null;
  };

  const onPublish = (event: FormEvent) => {
    event.preventDefault();
    if (publishing || !checkAll()) return;
    if (authStore.getState().token === null) {
      pendingPublish.current = true;
      setPublishStatus(SIGN_IN_TO_PUBLISH);
      openLoginModal('signup', null, { stayAfterSignUp: true });
      return;
    }
    void publishAsMember();
  };

  const onSaveDraft = () => {
    if (savingDraft || publishing || !checkAll()) return;
    void saveToServer(toProjectInput(values), true);
  };

  const startOver = () => {
    finished.current = true;
    pendingLocal.current = null;
    pendingPublish.current = false;
    clearLocalDraft(userId);
    onStartOver();
  };

  const addFiles = (chosen: File[]) => {
    if (chosen.length === 0) return;
    const { accepted, refused } = pickFiles(chosen, attached.length + files.length);
    setFiles((current) => [...current, ...accepted.map((file) => ({ key: `file-${(nextFileKey.current += 1)}`, file, error: null }))]);
    setPickError(refused.length > 0 ? refused.join(' ') : null);
    setTyped(true);
  };

  const focusFilePicker = () => focusAfterRender(() => document.getElementById(fieldId(idBase, 'attachments'))?.focus());

  const removeFile = (key: string) => {
    setFiles((current) => current.filter((pending) => pending.key !== key));
    setPickError(null);
    setTyped(true);
    focusFilePicker();
  };

  const removeAttached = async (attachment: Attachment) => {
    const draftId = saver.draftId;
    if (draftId === null) return;
    setRemoving((current) => new Set(current).add(attachment.id));
    setAttachedErrors(({ [attachment.id]: _dropped, ...rest }) => rest);
    try {
      await projectsApi.deleteAttachment(draftId, attachment.id);
      if (!mounted.current) return;
      setAttached((current) => current.filter((a) => a.id !== attachment.id));
      setPickError(null);
      focusFilePicker();
    } catch (caught) {
      if (mounted.current) setAttachedErrors((current) => ({ ...current, [attachment.id]: asApiError(caught).message }));
    } finally {
      if (mounted.current)
        setRemoving((current) => {
          const rest = new Set(current);
          rest.delete(attachment.id);
          return rest;
        });
    }
  };

  const titleId = fieldId(idBase, 'title');
  const titleHintId = `${titleId}-hint`;

  return (
    <>
      <DraftNotice restored={start.restored} forgottenFiles={start.forgottenFiles} problem={start.problem} onStartOver={startOver} />
      <form className={styles.form} noValidate onSubmit={onPublish} aria-label="Post a project">
        <fieldset className={styles.group} disabled={publishing}>
          <legend className={styles.legend}>The project</legend>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={titleId}>
              Title
            </label>
            <p id={titleHintId} className={styles.hint}>
              A short summary experts see first, for example ‘Survival analysis of a cohort study’.
            </p>
            <input
              {...fieldErrorProps(titleId, errors.title, titleHintId)}
              name="title"
              className={inputClass(styles.input, styles.invalid, errors.title)}
              maxLength={PROJECT_LIMITS.titleMax}
              autoComplete="off"
              value={values.title}
              aria-required="true"
              onChange={(event) => change({ title: event.target.value })}
            />
            <FieldError controlId={titleId} error={errors.title} className={styles.error} />
          </div>
          <ServiceField
            idBase={idBase}
            service={values.service}
            practiceAreas={values.practiceAreas}
            errors={errors}
            onService={(service) => update((current) => withService(current, service), ['service', 'practiceAreas'])}
            onPracticeArea={(area, chosen) => update((current) => withPracticeArea(current, area, chosen), ['practiceAreas'])}
          />
          <DescriptionField idBase={idBase} value={values.description} error={errors.description} onChange={(description) => change({ description })} />
        </fieldset>
        <BudgetFields idBase={idBase} values={values} errors={errors} disabled={publishing} onChange={change} />
        <TimingFields idBase={idBase} values={values} errors={errors} today={today} disabled={publishing} onChange={change} />
        <VisibilityFields idBase={idBase} value={values.visibility} disabled={publishing} onChange={(visibility) => change({ visibility })} />
        <AttachmentsField
          idBase={idBase}
          attached={attached}
          files={files}
          error={pickError}
          attachedErrors={attachedErrors}
          removing={removing}
          disabled={publishing}
          onAdd={addFiles}
          onRemoveFile={removeFile}
          onRemoveAttached={(attachment) => void removeAttached(attachment)}
        />
        <div className={styles.field}>
          <LiveMessage role="alert" className={styles.alert} message={formError} />
          <div className={styles.actions}>
            <button ref={publishButton} type="submit" className={styles.primary} disabled={publishing}>
              {publishing ? 'Publishing…' : 'Publish project'}
            </button>
            {signedIn && (
              <button type="button" className={styles.secondary} disabled={publishing || savingDraft} onClick={onSaveDraft}>
                {savingDraft ? 'Saving…' : 'Save draft'}
              </button>
            )}
          </div>
          <LiveMessage className={styles.statusStrong} message={publishStatus} />
          <LiveMessage className={styles.status} message={draftStatus} />
          <p className={styles.hint}>
            {signedIn
              ? 'Your draft is saved as you type once every required field is filled in; you can come back to it later.'
              : 'You can fill in the form before signing in. Publishing asks you to log in or create an account, and what you wrote is kept.'}
          </p>
        </div>
      </form>
    </>
  );
}
