import { screen, within } from '@testing-library/react';
import { authStore, reviewsApi } from '@sciexperts/shared';
import { projectsApi } from '@sciexperts/shared/member';
import { makeProject, makePublicReview, makeReviewPage, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  return { ...actual, projectsApi: { ...actual.projectsApi, get: jest.fn() } };
});
jest.mock('@sciexperts/shared', () => {
  const actual = jest.requireActual('@sciexperts/shared');
  return { ...actual, reviewsApi: { ...actual.reviewsApi, ofProjectOwner: jest.fn() } };
});
const get = projectsApi.get as jest.MockedFunction<typeof projectsApi.get>;
const ofProjectOwner = reviewsApi.ofProjectOwner as jest.MockedFunction<typeof reviewsApi.ofProjectOwner>;

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 42, firstName: 'Ada', lastName: 'Lovelace' }), signInMethod: 'password', signedOutReason: null });
});

describe('the client’s reviews on a project page', () => {
  it('shows the owner’s rating beside their name and what experts wrote of them', async () => {
    get.mockResolvedValue(makeProject({ status: 'in-progress', owner: { firstName: 'Olivia', country: 'US', ratingAverage: 4.5, reviewCount: 2 } }));
    ofProjectOwner.mockResolvedValue(
      makeReviewPage([
        makePublicReview({ id: 2, rating: 4, text: 'Paid on time, clear brief.', reviewerFirstName: 'Ada', reply: { text: 'Thanks, Ada!', createdAt: '2026-12-03T09:00:00.000Z' } }),
        makePublicReview({ id: 1, rating: 5, text: null, reviewerFirstName: 'Bob' }),
      ]),
    );
    renderRoute('/projects/5');

    const client = (await screen.findByText('Client')).closest('div')!;
    expect(client).toHaveTextContent('Olivia · United States · ★ 4.5 (2 reviews)Rated 4.5 out of 5 from 2 reviews');
    const section = screen.getByRole('region', { name: 'Reviews of Olivia as a client' });
    const list = await within(section).findByRole('list', { name: 'Reviews of Olivia from experts' });
    expect(ofProjectOwner).toHaveBeenCalledWith(5, 1);
    await within(list).findByText('Paid on time, clear brief.');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('4 out of 5 starsAdaDec 2, 2026Paid on time, clear brief.Reply from OliviaThanks, Ada!');
  });

  it('shows neither without reviews', async () => {
    get.mockResolvedValue(makeProject({ status: 'in-progress' }));
    renderRoute('/projects/5');
    await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' });
    expect(screen.queryByRole('region', { name: /as a client/ })).toBeNull();
    expect(screen.queryByText(/out of 5/)).toBeNull();
    expect(ofProjectOwner).not.toHaveBeenCalled();
  });
});
