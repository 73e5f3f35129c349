// A signed-in member's browser asks the page server once for the member's cohort (issue 44: canaries sticky per member).
import { authStore, signIn, signOut } from '@sciexperts/shared';
import { startMemberCohort } from './memberCohort';

describe('the member’s cohort', () => {
  let stop: () => void = () => undefined;
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
  const fetchMock = jest.fn(async () => new Response('{}', { status: 200 }));

  beforeEach(() => {
    store.clear();
    fetchMock.mockClear();
    signOut();
  });
  afterEach(() => stop());

  it('asks once per member and browser session, with the member’s bearer, and again for another member', () => {
    stop = startMemberCohort({ fetch: fetchMock as unknown as typeof fetch, storage });
    expect(fetchMock).not.toHaveBeenCalled();
    signIn('token-ada', { id: 7, firstName: 'Ada' } as never);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json?sx_cohort=member', { headers: { authorization: 'Bearer token-ada' }, cache: 'no-store' });
    // Other changes of the session (a profile update, another page of the same browser session): not again.
    authStore.setState({ user: { id: 7, firstName: 'Ada L.' } as never });
    stop();
    stop = startMemberCohort({ fetch: fetchMock as unknown as typeof fetch, storage });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    signOut();
    signIn('token-bob', { id: 8, firstName: 'Bob' } as never);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith('/remotes.json?sx_cohort=member', { headers: { authorization: 'Bearer token-bob' }, cache: 'no-store' });
  });

  it('asks nothing for a visitor', () => {
    stop = startMemberCohort({ fetch: fetchMock as unknown as typeof fetch, storage });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
