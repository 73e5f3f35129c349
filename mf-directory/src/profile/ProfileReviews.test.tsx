import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, expertCalendarApi, reviewsApi } from '@sciexperts/shared';
import { makePublicReview, makeReviewPage } from '@sciexperts/shared/testing';
import { directoryApi } from '../api/directoryApi';
import { profile } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
jest.mock('@sciexperts/shared', () => {
  const actual = jest.requireActual('@sciexperts/shared');
  return { ...actual, reviewsApi: { ...actual.reviewsApi, ofExpert: jest.fn() } };
});
const loadProfile = directoryApi.profile as jest.MockedFunction<typeof directoryApi.profile>;
const ofExpert = reviewsApi.ofExpert as jest.MockedFunction<typeof reviewsApi.ofExpert>;

const reviews = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => makePublicReview({ id: from - i, rating: 5 - (i % 2), text: `Review number ${from - i}.`, reviewerFirstName: `Client${from - i}` }));

beforeEach(() => {
  loadProfile.mockReset();
  ofExpert.mockReset();
  // The profile's 'Schedule a call' asks whether the expert's calendar is open.
  jest.spyOn(expertCalendarApi, 'status').mockResolvedValue({ expertId: 42, expertName: 'Ada Lovelace', open: true, timeZone: 'Europe/Berlin', lengths: [30], lengthMinutes: 30, slots: [] });
});

describe('the Reviews of an expert’s profile', () => {
  it('shows the rating in the header and the reviews, newest first, with a reply, ten at a time', async () => {
    loadProfile.mockResolvedValue(profile({ ratingAverage: 4.6, reviewCount: 12 }));
    const first = reviews(12, 10);
    first[0] = { ...first[0]!, reply: { text: 'Thank you for the clear brief.', createdAt: '2026-12-03T09:00:00.000Z' } };
    ofExpert.mockResolvedValueOnce(makeReviewPage(first, { ratingAverage: 4.6, reviewCount: 12 })).mockResolvedValueOnce(makeReviewPage(reviews(2, 2), { ratingAverage: 4.6, reviewCount: 12, page: 2 }));
    const user = userEvent.setup();
    renderRoute('/experts/42-ada-lovelace');

    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getAllByText('Rated 4.6 out of 5 from 12 reviews')).toHaveLength(2);
    const section = screen.getByRole('region', { name: 'Reviews' });
    const list = await within(section).findByRole('list', { name: 'Reviews of Ada Lovelace' });
    expect(ofExpert).toHaveBeenCalledWith(42, 1);
    await within(list).findByText('Review number 12.');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('5 out of 5 starsClient12Dec 2, 2026Review number 12.Reply from AdaThank you for the clear brief.');

    await user.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(list).findByText('Review number 1.')).toBeInTheDocument();
    expect(ofExpert).toHaveBeenLastCalledWith(42, 2);
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it('has no Reviews section (and no call) without reviews', async () => {
    loadProfile.mockResolvedValue(profile());
    renderRoute('/experts/42-ada-lovelace');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    expect(screen.queryByText(/out of 5/)).toBeNull();
    expect(ofExpert).not.toHaveBeenCalled();
  });

  it('says when the reviews could not be loaded, and tries again', async () => {
    loadProfile.mockResolvedValue(profile({ ratingAverage: 5, reviewCount: 1 }));
    ofExpert.mockRejectedValueOnce(new ApiError('Could not load the reviews. Please try again.', 0, null)).mockResolvedValueOnce(makeReviewPage([makePublicReview()]));
    const user = userEvent.setup();
    renderRoute('/experts/42-ada-lovelace');
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not load the reviews. Please try again.');
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('Clear analysis plan, delivered early.')).toBeInTheDocument();
  });
});
