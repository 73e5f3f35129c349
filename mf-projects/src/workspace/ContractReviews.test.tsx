import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, REVIEW_MESSAGES, reviewsApi, type ContractReview, type ContractReviews as ContractReviewsData } from '@sciexperts/shared';
import { paymentsApi } from '@sciexperts/shared/member';
import { makeContractReviews, makeUser } from '@sciexperts/shared/testing';
import { renderRoute } from '../test/renderRoute';
import { CLIENT, EXPERT, makeMilestone, makeWorkspace } from './testFixtures';

const ended = () =>
  makeWorkspace({ viewerRole: 'expert', contract: { ...makeWorkspace().contract, status: 'completed' }, milestones: [makeMilestone({ status: 'released' })] });

const review = (overrides: Partial<ContractReview> = {}): ContractReview => ({
  id: 31,
  authorId: EXPERT.id,
  subjectId: CLIENT.id,
  subjectRole: 'client',
  rating: 4,
  text: 'Clear brief and quick answers.',
  createdAt: '2026-12-02T09:00:00.000Z',
  publishedAt: null,
  reply: null,
  ...overrides,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

beforeEach(() => {
  jest.restoreAllMocks();
  // The client's saved cards are asked for while a milestone waits for funding (none here).
  jest.spyOn(paymentsApi, 'savedCards').mockResolvedValue({ results: [] });
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: EXPERT.id }), signInMethod: 'password', signedOutReason: null });
  jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(ended());
});

describe('the reviews of an ended contract', () => {
  it('asks for a rating with real radio buttons and an optional text, then says the review waits for the other one', async () => {
    const user = userEvent.setup();
    jest.spyOn(reviewsApi, 'forContract').mockResolvedValue(makeContractReviews());
    const write = jest.spyOn(reviewsApi, 'write').mockResolvedValue(makeContractReviews({ mine: review(), canWrite: false }));
    renderRoute('/profile/workspace/2');

    const section = await screen.findByRole('region', { name: 'Review Olivia' });
    const stars = within(section).getByRole('radiogroup', { name: 'Your rating of Olivia (required)' });
    expect(within(stars).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      '★★★★★5 stars: Excellent',
      '★★★★☆4 stars: Very good',
      '★★★☆☆3 stars: Good',
      '★★☆☆☆2 stars: Fair',
      '★☆☆☆☆1 star: Poor',
    ]);
    expect(section).toHaveTextContent('Neither of you sees the other’s review until both are written or Dec 15, 2026 has passed.');

    // No rating chosen: said at the group, and the focus goes there.
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));
    expect(stars).toHaveAttribute('aria-invalid', 'true');
    expect(stars).toHaveAccessibleDescription(REVIEW_MESSAGES.ratingInvalid);
    expect(within(stars).getByRole('radio', { name: /5 stars: Excellent/ })).toHaveFocus();
    expect(write).not.toHaveBeenCalled();

    await user.click(within(stars).getByRole('radio', { name: /4 stars: Very good/ }));
    const text = within(section).getByRole('textbox', { name: 'Your review (optional)' });
    await user.type(text, 'Clear brief and quick answers.');
    expect(text).toHaveAccessibleDescription(/30 of 2,000 characters/);
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));

    expect(write).toHaveBeenCalledWith(2, { rating: 4, text: 'Clear brief and quick answers.' });
    const saved = await screen.findByText('Your review is saved. It will be published when Olivia has written theirs, or on Dec 15, 2026.');
    expect(saved.closest('[tabindex="-1"]')).toHaveFocus();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    const mine = within(reviews).getByRole('article', { name: 'Your review of Olivia Owner' });
    expect(mine).toHaveTextContent('4 out of 5 stars');
    expect(mine).toHaveTextContent('Written Dec 2, 2026, not published yet');
    expect(mine).toHaveTextContent('Clear brief and quick answers.');
    expect(within(reviews).queryByRole('radiogroup')).toBeNull();
  });

  it('says the other party has written theirs, without showing it, and keeps what was typed when the server refuses a field', async () => {
    const user = userEvent.setup();
    jest.spyOn(reviewsApi, 'forContract').mockResolvedValue(makeContractReviews({ theirsWritten: true }));
    jest
      .spyOn(reviewsApi, 'write')
      .mockRejectedValue(new ApiError(REVIEW_MESSAGES.plainText, 400, { message: REVIEW_MESSAGES.plainText, details: [{ field: 'text', message: REVIEW_MESSAGES.plainText }] }));
    renderRoute('/profile/workspace/2');

    const section = await screen.findByRole('region', { name: 'Review Olivia' });
    expect(section).toHaveTextContent('Olivia has written their review of you. Write yours to see it: both are published together.');
    await user.click(within(section).getByRole('radio', { name: /5 stars/ }));
    const text = within(section).getByRole('textbox', { name: 'Your review (optional)' });
    await user.type(text, 'Great.');
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));
    expect(await within(section).findByText(REVIEW_MESSAGES.plainText)).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveValue('Great.');
  });

  it('keeps the server’s 409 and the focus in the section when the reload it causes takes the form away', async () => {
    const user = userEvent.setup();
    // Written from another tab meanwhile: the server refuses, and the reviews read again have no form any more.
    const reread = deferred<ContractReviewsData>();
    jest.spyOn(reviewsApi, 'forContract').mockResolvedValueOnce(makeContractReviews()).mockReturnValueOnce(reread.promise);
    jest.spyOn(reviewsApi, 'write').mockRejectedValue(new ApiError(REVIEW_MESSAGES.alreadyReviewed, 409, { message: REVIEW_MESSAGES.alreadyReviewed }));
    renderRoute('/profile/workspace/2');

    const section = await screen.findByRole('region', { name: 'Review Olivia' });
    await user.click(within(section).getByRole('radio', { name: /5 stars/ }));
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));
    const refusal = await screen.findByText(REVIEW_MESSAGES.alreadyReviewed);
    expect(refusal).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(refusal.parentElement).toHaveFocus());

    await act(async () => reread.resolve(makeContractReviews({ mine: review(), canWrite: false })));
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).queryByRole('radiogroup')).toBeNull();
    expect(within(reviews).getByRole('article', { name: 'Your review of Olivia Owner' })).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.alreadyReviewed)).toBe(refusal);
    expect(refusal.parentElement).toHaveFocus();
  });

  it('shows both reviews once published, and the reply form for the review of the viewer', async () => {
    const user = userEvent.setup();
    const at = '2026-12-04T09:00:00.000Z';
    const theirs = review({ id: 30, authorId: CLIENT.id, subjectId: EXPERT.id, subjectRole: 'expert', rating: 5, text: 'Superb analysis.', publishedAt: at });
    const published = makeContractReviews({ state: 'closed', canWrite: false, canReply: true, theirsWritten: true, mine: review({ publishedAt: at }), theirs });
    jest.spyOn(reviewsApi, 'forContract').mockResolvedValue(published);
    const reply = jest
      .spyOn(reviewsApi, 'reply')
      .mockResolvedValue({ ...published, canReply: false, theirs: { ...theirs, reply: { text: 'Thank you, Olivia.', createdAt: at } } });
    renderRoute('/profile/workspace/2');

    const aboutMe = await screen.findByRole('article', { name: 'Olivia’s review of you' });
    const section = screen.getByRole('region', { name: 'Reviews' });
    expect(aboutMe).toHaveTextContent('5 out of 5 stars');
    expect(aboutMe).toHaveTextContent('Published Dec 4, 2026');
    expect(aboutMe).toHaveTextContent('Superb analysis.');
    expect(within(section).getByRole('article', { name: 'Your review of Olivia Owner' })).toHaveTextContent('Published Dec 4, 2026');

    await user.click(within(aboutMe).getByRole('button', { name: 'Post reply' }));
    expect(within(aboutMe).getByText(REVIEW_MESSAGES.replyRequired)).toBeInTheDocument();
    await user.type(within(aboutMe).getByRole('textbox', { name: 'Your public reply to Olivia' }), 'Thank you, Olivia.');
    await user.click(within(aboutMe).getByRole('button', { name: 'Post reply' }));
    expect(reply).toHaveBeenCalledWith(30, 'Thank you, Olivia.');
    expect(await screen.findByText('Your reply is published under the review.')).toBeInTheDocument();
    const answered = screen.getByRole('article', { name: 'Olivia’s review of you' });
    expect(answered).toHaveTextContent('Reply from youThank you, Olivia.');
    expect(within(answered).queryByRole('textbox')).toBeNull();
  });

  it('explains a contract that ended without released work, and a window that closed without a review', async () => {
    const forContract = jest.spyOn(reviewsApi, 'forContract').mockResolvedValue(makeContractReviews({ state: 'unavailable', windowEndsAt: null, canWrite: false }));
    const { unmount } = renderRoute('/profile/workspace/2');
    expect(await screen.findByText('No milestone of this contract was released, so there is nothing to review.')).toBeInTheDocument();
    unmount();

    forContract.mockResolvedValue(makeContractReviews({ state: 'closed', canWrite: false }));
    renderRoute('/profile/workspace/2');
    expect(await screen.findByText(REVIEW_MESSAGES.windowClosed)).toBeInTheDocument();
  });

  it('loads no reviews while the contract is active', async () => {
    const forContract = jest.spyOn(reviewsApi, 'forContract');
    jest.spyOn(paymentsApi, 'workspace').mockResolvedValue(makeWorkspace());
    renderRoute('/profile/workspace/2');
    await screen.findByRole('heading', { level: 1, name: 'Survival analysis of a cohort study' });
    expect(screen.queryByRole('region', { name: /Review/ })).toBeNull();
    expect(forContract).not.toHaveBeenCalled();
  });
});
