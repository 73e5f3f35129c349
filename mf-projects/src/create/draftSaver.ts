// A member's server draft: created on the first save, updated after. Saves run one after another, so an
// autosave and a publish never create two drafts or overwrite newer values with older ones.
import { projectsApi, type Project, type ProjectInput } from '@sciexperts/shared/member';

export interface DraftSaverState {
  draftId: number | null;
  savedInput: string | null;
  serverUpdatedAt: string | null;
}

export class DraftSaver {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private state: DraftSaverState,
    private readonly onSaved: (project: Project) => void = () => undefined,
  ) {}

  get draftId(): number | null {
    return this.state.draftId;
  }

  /** True when the server draft already holds exactly this input. */
  holds(input: ProjectInput): boolean {
    return this.state.draftId !== null && this.state.savedInput === JSON.stringify(input);
  }

  /** Saves `input` after any save under way; resolves to the draft's id (nothing is sent when it holds it already). */
  save(input: ProjectInput): Promise<number> {
    const run = async (): Promise<number> => {
      const { draftId } = this.state;
      if (draftId !== null && this.holds(input)) return draftId;
      const project = draftId === null ? await projectsApi.createDraft(input) : await projectsApi.updateDraft(draftId, input);
      this.state = { draftId: project.id, savedInput: JSON.stringify(input), serverUpdatedAt: project.updatedAt };
      this.onSaved(project);
      return project.id;
    };
    const result = this.queue.then(run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
