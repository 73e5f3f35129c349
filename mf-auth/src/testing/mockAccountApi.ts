import { accountApi, recoveryApi } from '@sciexperts/shared';

/** The jest.fn()s behind `accountApi` once a test file has called jest.mock with `accountApiMockFactory`. */
export const api = accountApi as jest.Mocked<typeof accountApi>;
/** The same for `recoveryApi` (the removals a password reset's grant allows). */
export const recovery = recoveryApi as jest.Mocked<typeof recoveryApi>;

export const ada = {
  id: 7,
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  headline: null,
  profileSummary: null,
  hourlyFee: null,
  phoneNumber: null,
  profImgUrl: null,
  isProfilePublic: true,
  authProvider: 'password' as const,
  offeredServices: [],
  workExperiences: [],
};

/** Resolves only when the test says so, to look at the form while the call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
