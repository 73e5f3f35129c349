import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorResponse } from 'oidc-client-ts';
import { ApiError, SECURITY_MESSAGES, authStore, loginModalStore, securityApi, signOut } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';
import { api, ada, deferred } from '../testing/mockAccountApi';
import { IdentityCallback } from './IdentityCallback';
import { IDENTITY_ERROR_TEXT } from './describeIdentityError';

jest.mock('@sciexperts/shared', () => jest.requireActual('../testing/sharedMock').sharedWithMockedAccountApi());
// The identity manager stands in for oidc-client-ts's UserManager; the test decides what the library answers.
const manager = { signinRedirectCallback: jest.fn(), removeUser: jest.fn() };
jest.mock('./identityClient', () => ({ identityManager: jest.fn(async () => manager) }));

const member = { ...ada, id: 41, firstName: 'Liam', authProvider: 'oidc' as const };
const providerUser = { access_token: 'provider-at', expires_in: 3600 };

/** A product token whose `sub` is the member id, as the server issues it. */
function productToken(sub: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(sub), sid: 's-1' })}.signature`;
}

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

let visit = 0;
/** Every test comes back from the provider with a code and state of its own (each is single-use). */
function renderReturn() {
  visit += 1;
  const returnUrl = `/profile/freelancer-dashboard?code=code-${visit}&state=state-${visit}`;
  window.history.replaceState(null, '', returnUrl);
  render(
    <MemoryRouter initialEntries={[returnUrl]}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/oauth/authorize" element={<p>Consent screen</p>} />
        <Route path="/profile/freelancer-dashboard" element={<IdentityCallback />} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
  return returnUrl;
}

describe('IdentityCallback', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    localStorage.clear();
    signOut();
    loginModalStore.setState({ open: false });
    manager.removeUser.mockResolvedValue(undefined);
  });

  it("says 'Signing you in…' while the code is redeemed, then stores the session and goes to /", async () => {
    const redeemed = deferred<typeof providerUser>();
    manager.signinRedirectCallback.mockReturnValue(redeemed.promise);
    api.loginWithIdentityToken.mockResolvedValue({ accessToken: 'product-token', user: member });
    const returnUrl = renderReturn();

    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    expect(authStore.getState().token).toBeNull();
    redeemed.resolve(providerUser);

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(manager.signinRedirectCallback).toHaveBeenCalledWith(`http://localhost${returnUrl}`);
    expect(api.loginWithIdentityToken).toHaveBeenCalledWith('provider-at');
    expect(authStore.getState()).toMatchObject({ token: 'product-token', user: { id: 41, firstName: 'Liam' }, signInMethod: 'identity' });
    expect(localStorage.getItem('authToken')).toBe('product-token');
  });

  it("goes back to the page the sign-in started from when the request's state names one (the partner's popup, its query kept), and never off the site", async () => {
    const popup = '/oauth/authorize?client_id=sx_portal&state=abc';
    manager.signinRedirectCallback.mockResolvedValue({ ...providerUser, state: { returnTo: popup } });
    api.loginWithIdentityToken.mockResolvedValue({ accessToken: 'product-token', user: member });
    renderReturn();
    expect(await screen.findByText('Consent screen')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(popup);
    expect(authStore.getState().token).toBe('product-token');
  });

  it('ignores a return address on another site', async () => {
    manager.signinRedirectCallback.mockResolvedValue({ ...providerUser, state: { returnTo: '//evil.example/steal' } });
    api.loginWithIdentityToken.mockResolvedValue({ accessToken: 'product-token', user: member });
    renderReturn();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('asks for the two-step code when the member turned it on, says a wrong one, and signs in with the right one (docs/decisions/0042)', async () => {
    const user = userEvent.setup();
    manager.signinRedirectCallback.mockResolvedValue(providerUser);
    api.loginWithIdentityToken.mockResolvedValue({ secondFactorRequired: true, challengeToken: 'ch-1', expiresInSeconds: 300 } as never);
    const withCode = securityApi.loginWithCode as jest.Mock;
    withCode.mockRejectedValueOnce(new ApiError(SECURITY_MESSAGES.codeWrong, 400, { message: SECURITY_MESSAGES.codeWrong })).mockResolvedValueOnce({ token: 'product-token', user: member });
    renderReturn();

    const field = await screen.findByLabelText('Authentication code');
    expect(field).toHaveFocus();
    expect(screen.getByText(SECURITY_MESSAGES.secondFactorRequired)).toBeInTheDocument();
    expect(authStore.getState().token).toBeNull();
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.codeWrong);
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(withCode).toHaveBeenLastCalledWith('ch-1', '123456');
    expect(authStore.getState()).toMatchObject({ token: 'product-token', user: { id: 41 }, signInMethod: 'identity' });
  });

  it('loads the member by the id in the product token when the exchange answers only a token', async () => {
    manager.signinRedirectCallback.mockResolvedValue(providerUser);
    api.loginWithIdentityToken.mockResolvedValue({ accessToken: productToken(41) } as never);
    const getById = jest.spyOn(userApi, 'getById').mockResolvedValue(member);
    renderReturn();

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(getById).toHaveBeenCalledWith(41, productToken(41));
    expect(authStore.getState().user).toMatchObject({ id: 41 });
  });

  it("refuses a tampered state: 'Login failed. Please try again.', the reason, nobody signed in, a way back", async () => {
    manager.signinRedirectCallback.mockRejectedValue(new Error('No matching state found in storage'));
    renderReturn();

    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(IDENTITY_ERROR_TEXT.state_mismatch);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(api.loginWithIdentityToken).not.toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    // The refused code and state leave the address bar.
    expect(window.location.search).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it("maps the provider's error on the return URL to readable text (cancelled at the provider)", async () => {
    manager.signinRedirectCallback.mockRejectedValue(new ErrorResponse({ error: 'access_denied', error_description: 'End-User aborted interaction' }));
    renderReturn();

    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(IDENTITY_ERROR_TEXT.cancelled);
    expect(authStore.getState().token).toBeNull();
  });

  it("shows the server's refusal of the exchange, or 'Auth0 token verification failed', and drops the provider user", async () => {
    manager.signinRedirectCallback.mockResolvedValue(providerUser);
    api.loginWithIdentityToken.mockRejectedValue(new ApiError('Auth0 token verification failed', 401, null));
    renderReturn();

    expect(await screen.findByText('Auth0 token verification failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(manager.removeUser).toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();
  });

  it("shows the server's own message when it gives one", async () => {
    manager.signinRedirectCallback.mockResolvedValue(providerUser);
    const message = 'An account with this e-mail already exists. Sign in with your password instead.';
    api.loginWithIdentityToken.mockRejectedValue(new ApiError(message, 409, { message }));
    renderReturn();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(authStore.getState().token).toBeNull();
  });
});
