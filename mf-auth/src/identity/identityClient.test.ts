import { configureRuntime } from '@sciexperts/shared';
import { identityManager } from './identityClient';

describe('identityManager', () => {
  it('uses the run-time provider, returns to the dashboard, keeps the 10 s request timeout and 60 s expiry margin and never opens a provider iframe', async () => {
    configureRuntime({ oidc: { authority: 'http://localhost:3001', clientId: 'sciexperts-web', audience: 'http://localhost:3000/api', scope: 'openid profile email' } });
    const { settings } = await identityManager();
    expect(settings).toMatchObject({
      authority: 'http://localhost:3001',
      client_id: 'sciexperts-web',
      redirect_uri: 'http://localhost/profile/freelancer-dashboard',
      post_logout_redirect_uri: 'http://localhost',
      response_type: 'code',
      scope: 'openid profile email',
      extraQueryParams: { audience: 'http://localhost:3000/api' },
      requestTimeoutInSeconds: 10,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      automaticSilentRenew: false,
      monitorSession: false,
      disablePKCE: false,
    });
  });
});
