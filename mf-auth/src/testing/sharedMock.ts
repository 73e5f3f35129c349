// jest.mock factory for '@sciexperts/shared': the real stores and errors, with the account calls replaced.
export function sharedWithMockedAccountApi() {
  const actual = jest.requireActual('@sciexperts/shared');
  return {
    ...actual,
    accountApi: {
      login: jest.fn(),
      signup: jest.fn(),
      logout: jest.fn(),
      loginWithIdentityToken: jest.fn(),
      requestPasswordReset: jest.fn(),
      resetPassword: jest.fn(),
    },
    recoveryApi: { removePasskey: jest.fn(), removeAuthenticator: jest.fn() },
    securityApi: { ...actual.securityApi, loginWithCode: jest.fn(), passkeyLoginOptions: jest.fn(), passkeyLogin: jest.fn(), stepUpOptions: jest.fn(), stepUp: jest.fn() },
  };
}
