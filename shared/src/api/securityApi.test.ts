import { authStore } from '../auth/authStore';
import { SECURITY_MESSAGES, STEP_UP_REASON } from '../contracts/security';
import { finishStepUp, stepUpStore } from '../security/stepUp';
import { ApiError } from './http';
import { paymentsApi } from './paymentsApi';
import { securityApi } from './securityApi';
import { jsonResponse, recordRequests } from './test/recordRequests';

let recorder: ReturnType<typeof recordRequests>;
/** What the server answers next (then 200 { id: 1 }). */
let answers: Response[] = [];
beforeEach(() => {
  answers = [];
  recorder = recordRequests(() => answers.shift() ?? jsonResponse(200, { id: 1 }));
});
afterEach(() => recorder.restore());

const stepUp401 = () => jsonResponse(401, { message: SECURITY_MESSAGES.stepUpRequired, reason: STEP_UP_REASON });
const opened = async () => {
  for (let i = 0; i < 50 && !stepUpStore.getState().open; i += 1) await new Promise((r) => setTimeout(r, 0));
  return stepUpStore.getState().open;
};

describe('the step-up answer, for every remote', () => {
  it('asks once, keeps the session, and sends the call again after the member confirmed', async () => {
    answers.push(stepUp401(), jsonResponse(201, { id: 7, amountCents: 500 }));
    const pending = paymentsApi.withdraw(500, 'withdraw-key-1');
    expect(await opened()).toBe(true);
    // Not a sign-out: the 401 asked for a step-up, it did not end the session.
    expect(authStore.getState().token).toBe('t-1');
    finishStepUp(true);
    await expect(pending).resolves.toMatchObject({ id: 7 });
    expect(stepUpStore.getState().open).toBe(false);
    const first = await recorder.nth(0);
    const again = await recorder.nth(1);
    expect([first.method, first.url, again.url, again.body]).toEqual(['POST', 'http://api.test/api/Payments/Withdrawals', first.url, { amountCents: 500 }]);
    // The same idempotency key, so a retried withdrawal can never be two.
    expect([first.key, again.key]).toEqual(['withdraw-key-1', 'withdraw-key-1']);
  });

  it('fails the call as it was when the member cancels, and signs out on any other 401', async () => {
    answers.push(stepUp401());
    const pending = securityApi.disableSecondFactor();
    expect(await opened()).toBe(true);
    finishStepUp(false);
    await expect(pending).rejects.toEqual(new ApiError(SECURITY_MESSAGES.stepUpRequired, 401, { message: SECURITY_MESSAGES.stepUpRequired, reason: STEP_UP_REASON }));
    expect(recorder.fetchMock).toHaveBeenCalledTimes(1);
    expect(authStore.getState().token).toBe('t-1');

    answers.push(jsonResponse(401, { message: 'Your session has expired or is invalid. Please sign in again.' }));
    await expect(securityApi.overview()).rejects.toMatchObject({ status: 401 });
    expect(authStore.getState().token).toBeNull();
  });

  it.each([
    ['loginWithCode', () => securityApi.loginWithCode('ch', '123456'), '/api/Account/Login/SecondFactor', { challengeToken: 'ch', code: '123456' }],
    ['stepUp', () => securityApi.stepUp({ method: 'totp', code: '123456' }), '/api/Account/StepUp', { method: 'totp', code: '123456' }],
    ['removePasskey', () => securityApi.removePasskey(4), '/api/Account/Passkeys/4/Remove', undefined],
    ['endAlertedSession', () => securityApi.endAlertedSession('tok'), '/api/Account/SignInAlert/EndSession', { token: 'tok' }],
  ] as const)('%s sends its path and body', async (_name, run, path, body) => {
    await run();
    expect(await recorder.nth()).toMatchObject({ method: 'POST', url: `http://api.test${path}`, body });
  });
});
