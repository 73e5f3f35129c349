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
  };
}
