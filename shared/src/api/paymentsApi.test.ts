import { authStore } from '../auth/authStore';
import { configureRuntime } from '../config/runtimeConfig';
import { PAYMENT_MESSAGES, newIdempotencyKey } from '../contracts/payments';
import { ApiError } from './http';
import { paymentsApi } from './paymentsApi';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Sent {
  method: string;
  url: string;
  body: unknown;
  key: string | null;
}

let fetchMock: jest.SpyInstance;
let requests: Promise<Sent>[];

async function record(request: Request): Promise<Sent> {
  const text = await request.clone().text();
  return { method: request.method, url: request.url, body: text ? (JSON.parse(text) as unknown) : undefined, key: request.headers.get('Idempotency-Key') };
}

beforeEach(() => {
  configureRuntime({ apiBaseUrl: 'http://api.test/' });
  authStore.setState({ status: 'ready', token: 't-1' });
  requests = [];
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    requests.push(record(input as Request));
    return Promise.resolve(json(200, { id: 1 }));
  });
});

afterEach(() => {
  fetchMock.mockRestore();
  authStore.setState({ token: null });
});

describe('paymentsApi', () => {
  it.each([
    ['workspace', () => paymentsApi.workspace(3), 'GET', '/api/Contracts/3/Workspace', undefined, null],
    ['addMilestone', () => paymentsApi.addMilestone(3, { title: 'Extra', amountCents: 500, dueDate: '2099-01-01' }, 'key-0000001'), 'POST', '/api/Contracts/3/Milestones', { title: 'Extra', amountCents: 500, dueDate: '2099-01-01' }, 'key-0000001'],
    ['acceptMilestone', () => paymentsApi.acceptMilestone(9, 'key-0000002'), 'POST', '/api/Milestones/9/Accept', undefined, 'key-0000002'],
    ['fund', () => paymentsApi.fund(9, 'key-0000003'), 'POST', '/api/Milestones/9/Fund', undefined, 'key-0000003'],
    ['fund, keeping the card', () => paymentsApi.fund(9, 'key-0000013', { saveCard: true }), 'POST', '/api/Milestones/9/Fund', { saveCard: true }, 'key-0000013'],
    ['fund with a saved card', () => paymentsApi.fund(9, 'key-0000014', { paymentMethodId: 'pm_1' }), 'POST', '/api/Milestones/9/Fund', { paymentMethodId: 'pm_1' }, 'key-0000014'],
    ['submit', () => paymentsApi.submit(9, 'Done.', 'key-0000004'), 'POST', '/api/Milestones/9/Submit', { note: 'Done.' }, 'key-0000004'],
    ['submit with files', () => paymentsApi.submit(9, 'Done.', 'key-0000005', [3, 4]), 'POST', '/api/Milestones/9/Submit', { note: 'Done.', fileIds: [3, 4] }, 'key-0000005'],
    ['deleteFile', () => paymentsApi.deleteFile(2, 7), 'DELETE', '/api/Contracts/2/Files/7', undefined, null],
    ['requestChanges', () => paymentsApi.requestChanges(9, 'More.', 'key-0000005'), 'POST', '/api/Milestones/9/RequestChanges', { note: 'More.' }, 'key-0000005'],
    ['approve', () => paymentsApi.approve(9, 'key-0000006'), 'POST', '/api/Milestones/9/Approve', undefined, 'key-0000006'],
    ['refund', () => paymentsApi.refund(9, 'key-0000007'), 'POST', '/api/Milestones/9/Refund', undefined, 'key-0000007'],
    ['dispute', () => paymentsApi.dispute(9, 'Missing.', 'key-0000008'), 'POST', '/api/Milestones/9/Dispute', { note: 'Missing.' }, 'key-0000008'],
    ['endContract', () => paymentsApi.endContract(3), 'POST', '/api/Contracts/3/End', undefined, null],
    ['balance', () => paymentsApi.balance(), 'GET', '/api/Payments/Balance', undefined, null],
    ['statement', () => paymentsApi.statement(), 'GET', '/api/Payments/Statement', undefined, null],
    ['withdrawals', () => paymentsApi.withdrawals(), 'GET', '/api/Payments/Withdrawals', undefined, null],
    ['withdraw', () => paymentsApi.withdraw(2500, 'key-0000009'), 'POST', '/api/Payments/Withdrawals', { amountCents: 2500 }, 'key-0000009'],
    ['payoutAccount', () => paymentsApi.payoutAccount(), 'GET', '/api/Payments/PayoutAccount', undefined, null],
    ['linkPayoutAccount', () => paymentsApi.linkPayoutAccount(), 'POST', '/api/Payments/PayoutAccount/Link', undefined, null],
    ['savedCards', () => paymentsApi.savedCards(), 'GET', '/api/Payments/Cards', undefined, null],
    ['renameCard', () => paymentsApi.renameCard('pm_1', 'Lab card'), 'PUT', '/api/PaymentCards/pm_1', { name: 'Lab card' }, null],
    ['removeCard', () => paymentsApi.removeCard('pm_1'), 'DELETE', '/api/PaymentCards/pm_1', undefined, null],
  ] as const)('%s sends its method, path, body and key', async (_name, run, method, path, body, key) => {
    await run();
    expect(await requests[0]).toEqual({ method, url: `http://api.test${path}`, body, key });
  });

  it('downloads a receipt as bytes, with the member token (a plain link could not send it)', async () => {
    let sent: Request | undefined;
    fetchMock.mockImplementation((input) => {
      sent = input as Request;
      return Promise.resolve(new Response('%PDF-1.3 receipt', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    });
    const pdf = await paymentsApi.downloadReceipt(31);
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe('http://api.test/api/Payments/31/Receipt');
    expect(sent?.headers.get('Authorization')).toBe('Bearer t-1');
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.size).toBe('%PDF-1.3 receipt'.length);
  });

  it("says why a receipt could not be downloaded: the server's message, or its own when the server was not reached", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(404, { message: PAYMENT_MESSAGES.receiptNotFound })));
    await expect(paymentsApi.downloadReceipt(31)).rejects.toEqual(new ApiError(PAYMENT_MESSAGES.receiptNotFound, 404, { message: PAYMENT_MESSAGES.receiptNotFound }));
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(paymentsApi.downloadReceipt(31)).rejects.toEqual(new ApiError('Could not download the receipt. Please try again.', 0, null));
  });

  it("surfaces the server's message", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(409, { message: PAYMENT_MESSAGES.notSubmitted })));
    await expect(paymentsApi.approve(9, newIdempotencyKey())).rejects.toEqual(new ApiError(PAYMENT_MESSAGES.notSubmitted, 409, { message: PAYMENT_MESSAGES.notSubmitted }));
  });

  it('makes keys the server accepts, a new one each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
