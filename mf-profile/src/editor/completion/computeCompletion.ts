import { MANDATORY_PROFILE_ITEMS, type User } from '@sciexperts/shared';
import type { SectionId } from '../sections';

/** How many entries the member has in each record list (from the list calls). */
export interface RecordCounts {
  workExperience: number;
  education: number;
  certification: number;
  publication: number;
}

export type CompletionUser = Pick<User, 'profileSummary' | 'headline' | 'hourlyFee' | 'offeredServices'>;

export interface CompletionItem {
  key: 'summary' | 'headline' | 'hourlyRate' | 'services' | 'workExperience' | 'education' | 'certification' | 'publication';
  label: string;
  sectionId: SectionId;
  mandatory: boolean;
  complete: boolean;
}

export interface Completion {
  items: CompletionItem[];
  completedMandatory: number;
  /** completed mandatory items / MANDATORY_PROFILE_ITEMS, as a whole percentage (0–100). */
  percent: number;
}

const filled = (text: string | null | undefined) => typeof text === 'string' && text.trim() !== '';

/**
 * The one source of truth for the chips and the percentage. The original product hard-coded some
 * chips and computed the percentage from separate flags, so the two disagreed; here both read the real state.
 */
export function computeCompletion(user: CompletionUser, counts: RecordCounts): Completion {
  const items: CompletionItem[] = [
    { key: 'summary', label: 'Summary', sectionId: 'profile-details', mandatory: true, complete: filled(user.profileSummary) },
    { key: 'headline', label: 'Headline', sectionId: 'profile-details', mandatory: true, complete: filled(user.headline) },
    { key: 'hourlyRate', label: 'Hourly Rate', sectionId: 'profile-details', mandatory: true, complete: typeof user.hourlyFee === 'number' && Number.isFinite(user.hourlyFee) },
    { key: 'services', label: 'Services', sectionId: 'services', mandatory: true, complete: (user.offeredServices?.length ?? 0) > 0 },
    { key: 'workExperience', label: 'Work Experience', sectionId: 'work-experience', mandatory: true, complete: counts.workExperience > 0 },
    { key: 'education', label: 'Education', sectionId: 'education', mandatory: false, complete: counts.education > 0 },
    { key: 'certification', label: 'Certification', sectionId: 'certification', mandatory: false, complete: counts.certification > 0 },
    { key: 'publication', label: 'Publication', sectionId: 'publication', mandatory: false, complete: counts.publication > 0 },
  ];
  const completedMandatory = items.filter((item) => item.mandatory && item.complete).length;
  return { items, completedMandatory, percent: Math.round((completedMandatory / MANDATORY_PROFILE_ITEMS) * 100) };
}
