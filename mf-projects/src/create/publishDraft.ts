// Publishing a member's project: save the draft, upload the chosen files one by one, then publish. Each stage
// stops at the first refusal, leaving the draft saved (and the files uploaded so far attached to it).
import { ApiError } from '@sciexperts/shared';
import { projectsApi, type Attachment, type ProjectInput } from '@sciexperts/shared/member';
import type { DraftSaver } from './draftSaver';
import type { PendingFile } from './formStart';

export type PublishOutcome =
  | { kind: 'published'; id: number }
  | { kind: 'not-saved'; error: ApiError }
  | { kind: 'file-refused'; id: number; fileKey: string; error: ApiError }
  | { kind: 'not-published'; id: number; error: ApiError };

export interface PublishSteps {
  /** 'Uploading 2 of 3…' */
  progress: (text: string) => void;
  uploaded: (fileKey: string, attachment: Attachment) => void;
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(error instanceof Error ? error.message : String(error), 0, null);
}

export function uploadProgressText(index: number, total: number): string {
  return `Uploading ${index + 1} of ${total}…`;
}

export async function publishDraft(saver: DraftSaver, input: ProjectInput, files: readonly PendingFile[], steps: PublishSteps): Promise<PublishOutcome> {
  let id: number;
  try {
    id = await saver.save(input);
  } catch (error) {
    return { kind: 'not-saved', error: asApiError(error) };
  }
  for (const [index, pending] of files.entries()) {
    steps.progress(uploadProgressText(index, files.length));
    try {
      steps.uploaded(pending.key, await projectsApi.uploadAttachment(id, pending.file, pending.file.name));
    } catch (error) {
      return { kind: 'file-refused', id, fileKey: pending.key, error: asApiError(error) };
    }
  }
  try {
    await projectsApi.publish(id);
  } catch (error) {
    return { kind: 'not-published', id, error: asApiError(error) };
  }
  return { kind: 'published', id };
}
