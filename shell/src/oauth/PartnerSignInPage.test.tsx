// The partner apps' sign-in popup (docs/decisions/0050-partner-apps-and-scoped-tokens.md): it names the partner and
// what it may do before and after the member signs in, and posts the member's answer to the opener at the origin the
// server named (the partner's registered one), never to '*'.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, loginModalStore, OAUTH_MESSAGE_TYPE, OAUTH_PATHS, request, signIn, signOut, type User } from '@sciexperts/shared';
import { MemoryRouter, Route, Routes } from '@sciexperts/shared/router';
import { PartnerSignInPage } from './PartnerSignInPage';

jest.mock('@sciexperts/shared', () => ({ ...jest.requireActual('@sciexperts/shared'), request: jest.fn() }));
const ask = request as jest.MockedFunction<typeof request>;

const PORTAL = 'https://portal.university.example';
const QUERY = `client_id=sx_portal&redirect_uri=${encodeURIComponent(PORTAL)}&response_type=code&scope=chat&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&state=s1&response_mode=web_message`;
const INFO = { partner: { clientId: 'sx_portal', name: 'University Portal' }, scope: 'chat', scopeText: 'read and send your SciExperts messages', redirectOrigin: PORTAL };

const opener = { postMessage: jest.fn() };
const page = (query = QUERY) =>
  render(
    <MemoryRouter initialEntries={[`/oauth/authorize?${query}`]}>
      <Routes>
        <Route path="/oauth/authorize" element={<PartnerSignInPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  ask.mockReset();
  opener.postMessage.mockReset();
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  jest.spyOn(window, 'close').mockImplementation(() => undefined);
  act(() => signOut());
  loginModalStore.setState({ open: false });
});

it('signed out: names the partner and what it asks, and signs the member in here, on SciExperts', async () => {
  ask.mockResolvedValueOnce(INFO);
  page();
  expect(screen.getByRole('heading', { level: 1, name: 'Sign in with SciExperts' })).toBeInTheDocument();
  expect(await screen.findByText(/would like to read and send your SciExperts messages/)).toHaveTextContent('University Portal would like to read and send your SciExperts messages.');
  expect(ask).toHaveBeenCalledWith('get', `${OAUTH_PATHS.authorize}?${new URLSearchParams(QUERY)}`, expect.anything());
  fireEvent.click(screen.getByRole('button', { name: 'Sign in to continue' }));
  expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login', stayAfterSignUp: true });
  // Cancelled without signing in: the refusal goes to the partner's origin only.
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(opener.postMessage).toHaveBeenCalledWith({ type: OAUTH_MESSAGE_TYPE, code: null, error: 'access_denied', state: 's1' }, PORTAL);
});

it('signed in: Allow posts the one-use code to the partner’s registered origin and closes the popup', async () => {
  act(() => signIn('member-token', { id: 5, firstName: 'Grace', lastName: 'Hopper' } as User));
  ask.mockResolvedValueOnce(INFO).mockResolvedValueOnce({ redirectOrigin: PORTAL, code: 'the-code', error: null, state: 's1' });
  page();
  expect(await screen.findByText('Signed in as Grace Hopper.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
  await waitFor(() => expect(opener.postMessage).toHaveBeenCalledWith({ type: OAUTH_MESSAGE_TYPE, code: 'the-code', error: null, state: 's1' }, PORTAL));
  expect(ask).toHaveBeenLastCalledWith('post', OAUTH_PATHS.authorize, expect.objectContaining({ json: expect.objectContaining({ client_id: 'sx_portal', redirect_uri: PORTAL, decision: 'allow', state: 's1' }) }));
  expect(window.close).toHaveBeenCalled();
  expect(screen.getByRole('status')).toHaveTextContent('University Portal is connected. You can close this window.');
});

it('says so when the request is incomplete or refused, and posts nothing', async () => {
  page('client_id=sx_portal');
  expect(screen.getByRole('alert')).toHaveTextContent('This sign-in request cannot be answered.');
  expect(ask).not.toHaveBeenCalled();

  ask.mockRejectedValueOnce(new ApiError('This redirect origin is not registered for the partner.', 400, { message: 'This redirect origin is not registered for the partner.' }));
  page();
  expect(await screen.findByText('This redirect origin is not registered for the partner.')).toBeInTheDocument();
  expect(opener.postMessage).not.toHaveBeenCalled();
});
