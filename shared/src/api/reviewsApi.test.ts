import { REVIEW_MESSAGES } from '../contracts/reviews';
import { ApiError } from './http';
import { reviewsApi } from './reviewsApi';
import { jsonResponse, recordRequests } from './test/recordRequests';

let recorder: ReturnType<typeof recordRequests>;
beforeEach(() => {
  recorder = recordRequests();
});
afterEach(() => recorder.restore());

describe('reviewsApi', () => {
  it.each([
    ['forContract', () => reviewsApi.forContract(3), 'GET', '/api/Contracts/3/Reviews', undefined],
    ['write', () => reviewsApi.write(3, { rating: 5, text: 'Clear and on time.' }), 'POST', '/api/Contracts/3/Reviews', { rating: 5, text: 'Clear and on time.' }],
    ['reply', () => reviewsApi.reply(8, 'Thank you.'), 'POST', '/api/Reviews/8/Reply', { text: 'Thank you.' }],
    ['ofExpert', () => reviewsApi.ofExpert(42), 'GET', '/api/Experts/42/Reviews', undefined],
    ['ofExpert page 2', () => reviewsApi.ofExpert(42, 2), 'GET', '/api/Experts/42/Reviews?page=2', undefined],
    ['ofProjectOwner', () => reviewsApi.ofProjectOwner(5), 'GET', '/api/Projects/5/ClientReviews', undefined],
  ] as const)('%s sends its method, path and body', async (_name, run, method, path, body) => {
    await run();
    expect(await recorder.nth()).toEqual({ method, url: `http://api.test${path}`, body, key: null, auth: 'Bearer t-1' });
  });

  it('surfaces the server’s sentence for a second review', async () => {
    recorder.fetchMock.mockResolvedValueOnce(jsonResponse(409, { message: REVIEW_MESSAGES.alreadyReviewed }));
    await expect(reviewsApi.write(3, { rating: 4 })).rejects.toEqual(new ApiError(REVIEW_MESSAGES.alreadyReviewed, 409, { message: REVIEW_MESSAGES.alreadyReviewed }));
  });
});
