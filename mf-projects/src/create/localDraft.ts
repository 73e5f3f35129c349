// The copy of the project form kept in this browser as the person types: one key per member, or 'guest'.
// Files cannot be stored here, so only their names are, to say which ones to choose again.
import { sanitizeValues, type ProjectFormValues } from './projectForm';

const PREFIX = 'sciexperts.projectDraft.';

export interface LocalDraft {
  values: ProjectFormValues;
  /** Chosen files not yet on the server. */
  fileNames: string[];
  /** The member's server draft these values belong to. */
  draftId: number | null;
  /** The server draft's updatedAt after this browser's last save: if it moved on since, the server copy is newer. */
  serverUpdatedAt: string | null;
}

export function localDraftKey(userId: number | null): string {
  return `${PREFIX}${userId ?? 'guest'}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): LocalDraft | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<Record<keyof LocalDraft, unknown>> | null;
    if (!data || typeof data !== 'object') return null;
    return {
      values: sanitizeValues(data.values),
      fileNames: Array.isArray(data.fileNames) ? data.fileNames.filter((name): name is string => typeof name === 'string').slice(0, 20) : [],
      draftId: typeof data.draftId === 'number' && Number.isInteger(data.draftId) && data.draftId > 0 ? data.draftId : null,
      serverUpdatedAt: typeof data.serverUpdatedAt === 'string' ? data.serverUpdatedAt : null,
    };
  } catch {
    return null;
  }
}

/**
 * The person's kept form. A member without one of their own gets what was typed signed out in this browser:
 * signing in (or coming back from the identity provider) must not lose it.
 */
export function readLocalDraft(userId: number | null): LocalDraft | null {
  const store = storage();
  if (!store) return null;
  const own = parse(store.getItem(localDraftKey(userId)));
  if (own || userId === null) return own;
  const guest = parse(store.getItem(localDraftKey(null)));
  // A guest never has a server draft; an id there is not this member's.
  return guest && { ...guest, draftId: null, serverUpdatedAt: null };
}

/** Keeps the form for this person; a member's copy replaces what they typed as a guest. */
export function writeLocalDraft(userId: number | null, draft: LocalDraft): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(localDraftKey(userId), JSON.stringify(draft));
    if (userId !== null) store.removeItem(localDraftKey(null));
  } catch {
    // Storage full or refused: the form still works, only the copy is missing.
  }
}

/** After publishing or 'Start over': this person's copy and any guest copy go. */
export function clearLocalDraft(userId: number | null): void {
  const store = storage();
  if (!store) return;
  store.removeItem(localDraftKey(null));
  if (userId !== null) store.removeItem(localDraftKey(userId));
}
