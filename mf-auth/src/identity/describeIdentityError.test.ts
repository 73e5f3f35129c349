import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { ApiError } from '@sciexperts/shared';
import { describeIdentityError, identityErrorCode, IDENTITY_ERROR_TEXT } from './describeIdentityError';

describe('describeIdentityError', () => {
  it("names the library's failures with the product's identity error codes", () => {
    expect(identityErrorCode(new ErrorTimeout('Network timed out'))).toBe('timeout');
    expect(identityErrorCode(new ErrorResponse({ error: 'access_denied' }))).toBe('cancelled');
    expect(identityErrorCode(new ErrorResponse({ error: 'login_required' }))).toBe('login_required');
    expect(identityErrorCode(new ErrorResponse({ error: 'mfa_required' }))).toBe('mfa_required');
    expect(identityErrorCode(new Error('No matching state found in storage'))).toBe('state_mismatch');
    expect(identityErrorCode(new Error('No state in response'))).toBe('missing_transaction');
    expect(identityErrorCode(new TypeError('Failed to fetch'))).toBe('request_error');
    expect(identityErrorCode(new Error('something else'))).toBeNull();
  });

  it('gives readable text for a code, the server message for a refused exchange, else a generic message', () => {
    expect(describeIdentityError(new ErrorTimeout())).toBe(IDENTITY_ERROR_TEXT.timeout);
    expect(describeIdentityError(new ApiError('Auth0 token verification failed', 401, null))).toBe('Auth0 token verification failed');
    const refusedAtTokenEndpoint = new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' }, new URLSearchParams('grant_type=authorization_code'));
    expect(describeIdentityError(refusedAtTokenEndpoint)).toBe('Get access token failed');
    expect(describeIdentityError(new ErrorResponse({ error: 'server_error', error_description: 'The provider is down' }))).toBe('The provider is down');
    expect(describeIdentityError(new Error('No access token received'))).toBe('No access token received');
    expect(describeIdentityError('weird')).toBe('Login failed');
  });
});
