// The client's first check of chosen files (count and size); the server decides by their content.
import { PROJECT_MESSAGES, PROJECT_LIMITS } from '@sciexperts/shared/member';

/** 512 → '512 bytes', 2_400 → '2 KB', 3_500_000 → '3.3 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The files that fit beside the `alreadyChosen` ones, and a sentence for each one refused. */
export function pickFiles(chosen: readonly File[], alreadyChosen: number): { accepted: File[]; refused: string[] } {
  const accepted: File[] = [];
  const refused: string[] = [];
  for (const file of chosen) {
    if (file.size > PROJECT_LIMITS.attachmentMaxBytes) refused.push(`${file.name}: ${PROJECT_MESSAGES.attachmentTooLarge}`);
    else if (alreadyChosen + accepted.length >= PROJECT_LIMITS.attachmentsMax) refused.push(`${file.name}: ${PROJECT_MESSAGES.attachmentsTooMany}`);
    else accepted.push(file);
  }
  return { accepted, refused };
}
