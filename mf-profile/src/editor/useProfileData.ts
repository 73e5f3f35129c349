import { useEffect, useState } from 'react';
import { ApiError, updateStoredUser, userApi, type User } from '@sciexperts/shared';

export interface LoadedCounts {
  workExperience: number | null;
  education: number | null;
  certification: number | null;
  publication: number | null;
}

export type ProfileLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; counts: LoadedCounts };

const countOf = (result: PromiseSettledResult<unknown[]>) => (result.status === 'fulfilled' && Array.isArray(result.value) ? result.value.length : null);

/**
 * Loads the member's full account (it replaces the stored user, spec §7) and the sizes of the record
 * lists the chips need. A failed list leaves its count unknown instead of failing the whole editor.
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
