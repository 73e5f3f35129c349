import { useEffect, useState } from 'react';
import { ApiError, updateStoredUser, type Certification, type Education, type User, type WorkExperience } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';

export interface LoadedCounts {
  workExperience: number | null;
  education: number | null;
  certification: number | null;
  publication: number | null;
}

/** The record lists the sections start from (null when that call failed: the section says so and offers Retry). */
export interface LoadedRecords {
  workExperience: WorkExperience[] | null;
  education: Education[] | null;
  certification: Certification[] | null;
}

export type ProfileLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; counts: LoadedCounts; records: LoadedRecords };

const listOf = <T>(result: PromiseSettledResult<T[]>): T[] | null => (result.status === 'fulfilled' && Array.isArray(result.value) ? result.value : null);
const countOf = (result: PromiseSettledResult<unknown[]>) => listOf(result)?.length ?? null;

/**
 * Loads the member's full account (it replaces the stored user) and the record lists the
 * sections show and the chips count. A failed list leaves it unknown instead of failing the whole editor.
 */
export function useProfileData(userId: number | null): [ProfileLoad, () => void] {
  const [load, setLoad] = useState<ProfileLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const lists = Promise.allSettled([userApi.getWorkExperiences(userId), userApi.getEducation(userId), userApi.getCertifications(userId), userApi.getPublications(userId)]);
    Promise.all([userApi.getById(userId), lists]).then(
      ([user, [work, education, certification, publication]]) => {
        if (!live) return;
        updateStoredUser(user as User);
        setLoad({
          state: 'ready',
          counts: { workExperience: countOf(work), education: countOf(education), certification: countOf(certification), publication: countOf(publication) },
          records: { workExperience: listOf(work), education: listOf(education), certification: listOf(certification) },
        });
      },
      (error: unknown) => {
        if (!live) return;
        const detail = error instanceof ApiError && error.status > 0 ? `${error.status} ${error.message}` : (error as Error).message;
        setLoad({ state: 'failed', message: `Could not load your profile: ${detail}` });
      },
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };
  return [userId === null ? { state: 'failed', message: 'User ID not found' } : load, retry];
}
