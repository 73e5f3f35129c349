// Where a project form starts from: nothing, what this browser kept, or a saved draft. The page works out the
// start; the form takes it once.
import type { Attachment, Project } from '@sciexperts/shared/member';
import { readLocalDraft } from './localDraft';
import { DEFAULT_VALUES, isCatalogueService, toProjectInput, valuesFromProject, withService, type ProjectFormValues } from './projectForm';

/** A file chosen in this page and not yet uploaded; `error` is the server's refusal of it. */
export interface PendingFile {
  key: string;
  file: File;
  error: string | null;
}

export interface FormStart {
  values: ProjectFormValues;
  /** The member's server draft, once there is one. */
  draftId: number | null;
  serverUpdatedAt: string | null;
  /** The ProjectInput (JSON) the server draft holds, so an unchanged form is not saved again. */
  savedInput: string | null;
  /** Files already on the server draft. */
  attached: Attachment[];
  /** What this browser kept was put back ('We kept what you wrote earlier.'). */
  restored: boolean;
  /** Names of files chosen before a reload: they must be chosen again. */
  forgottenFiles: string[];
  /** Why the draft asked for in the URL is not in the form (not found, no longer a draft). */
  problem: string | null;
  /** Something typed already: the browser's copy follows every change from the first one. */
  typed: boolean;
}

const blank: FormStart = {
  values: DEFAULT_VALUES,
  draftId: null,
  serverUpdatedAt: null,
  savedInput: null,
  attached: [],
  restored: false,
  forgottenFiles: [],
  problem: null,
  typed: false,
};

/** A service card or 'Request a service' chose the service; a name outside the catalogue is ignored. */
function withChosenService(values: ProjectFormValues, service: string | null): ProjectFormValues {
  return service && isCatalogueService(service) && service !== values.service ? withService(values, service) : values;
}

/**
 * What this browser kept for the person (or a blank form), with the service the link asked for. A server draft the
 * copy belongs to is opened through the URL instead (the page does that), so it is not carried here.
 */
export function localStart(userId: number | null, service: string | null): FormStart {
  const kept = readLocalDraft(userId);
  if (!kept) return freshStart(service);
  return { ...blank, values: withChosenService(kept.values, service), restored: true, forgottenFiles: kept.fileNames, typed: true };
}

/** A blank form ('Start over', or a draft that cannot be opened), with the service the link asked for. */
export function freshStart(service: string | null, problem: string | null = null): FormStart {
  return { ...blank, values: withChosenService(DEFAULT_VALUES, service), problem };
}

/**
 * A saved draft opened in the form. If this browser saved it last and kept later changes (typed since, not sent
 * yet), those win; if the draft changed elsewhere since, the server's copy does.
 */
export function draftStart(project: Project, userId: number | null): FormStart {
  const saved = valuesFromProject(project);
  const savedInput = JSON.stringify(toProjectInput(saved));
  const kept = readLocalDraft(userId);
  const keptIsNewer = kept !== null && kept.draftId === project.id && kept.serverUpdatedAt === project.updatedAt && JSON.stringify(toProjectInput(kept.values)) !== savedInput;
  return {
    ...blank,
    values: keptIsNewer ? kept.values : saved,
    draftId: project.id,
    serverUpdatedAt: project.updatedAt,
    savedInput,
    attached: project.attachments,
    restored: keptIsNewer,
    forgottenFiles: kept !== null && kept.draftId === project.id ? kept.fileNames : [],
    typed: keptIsNewer,
  };
}
