import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore } from '@sciexperts/shared';
import { PROJECT_MESSAGES, projectsApi, type Contract, type Project, type Proposal } from '@sciexperts/shared/member';
import {
  makeContract,
  makeExpertCard,
  makeExpertPage,
  makeInvitation,
  makeMemberSummary,
  makeProject,
  makeProposal,
  makeUser,
} from '@sciexperts/shared/testing';
import { searchExpertsForService } from '../api/suggestions';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  const mocked = ['get', 'proposals', 'invitations', 'invite', 'shortlist', 'decline', 'hire', 'publish', 'cancel', 'complete'];
  return { ...actual, projectsApi: { ...actual.projectsApi, ...Object.fromEntries(mocked.map((name) => [name, jest.fn()])) } };
});
jest.mock('../api/suggestions', () => ({ ...jest.requireActual('../api/suggestions'), searchExpertsForService: jest.fn() }));

const api = projectsApi as jest.Mocked<typeof projectsApi>;
const search = searchExpertsForService as jest.MockedFunction<typeof searchExpertsForService>;

const owned = (overrides: Partial<Project> = {}) => makeProject({ viewer: { isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null }, ...overrides });

const grace = makeMemberSummary({ id: 43, firstName: 'Grace', lastName: 'Hopper', slug: 'grace-hopper', headline: 'Survival analysis consultant', country: 'US' });
const marie = makeMemberSummary({ id: 44, firstName: 'Marie', lastName: 'Curie', slug: 'marie-curie', headline: 'Epidemiologist', country: 'FR' });

const ada = makeProposal({ id: 11, coverLetter: 'I have analysed several cohort studies.\nReferences on request.' });
const marieHourly = makeProposal({ id: 12, expertId: 44, expert: marie, status: 'shortlisted', priceType: 'hourly', priceCents: 6000, duration: '1-3-months', milestones: [] });
const graceDeclined = makeProposal({ id: 10, expertId: 43, expert: grace, status: 'declined', declineReason: 'We need someone in our time zone.' });
const withdrawn = makeProposal({ id: 9, expertId: 45, expert: makeMemberSummary({ id: 45, firstName: 'Alan', lastName: 'Turing' }), status: 'withdrawn' });

const card = (name: string) => screen.getByRole('article', { name: `Proposal from ${name}` });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

beforeEach(() => {
  jest.resetAllMocks();
  authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 9, firstName: 'Olivia', lastName: 'Owner' }), signInMethod: 'password', signedOutReason: null });
  api.get.mockResolvedValue(owned({ proposalCount: 3 }));
  api.proposals.mockResolvedValue({ results: [graceDeclined, ada, marieHourly, withdrawn] });
  api.invitations.mockResolvedValue({ results: [] });
  search.mockResolvedValue(makeExpertPage([]));
});

describe('the owner’s proposals', () => {
  it('are side by side, the live ones first, each with price, duration, plan, letter and a Message link', async () => {
    renderRoute('/projects/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Proposals (3)' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article', { name: /^Proposal from / });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Proposal from Marie Curie', 'Proposal from Ada Lovelace', 'Proposal from Grace Hopper']);
    expect(cards[0]!.closest('ul')).toHaveClass('proposalGrid');

    const adaCard = within(card('Ada Lovelace'));
    expect(adaCard.getByText('Submitted')).toBeInTheDocument();
    expect(adaCard.getByText('$1,500 fixed')).toBeInTheDocument();
    expect(adaCard.getByText('1 to 4 weeks')).toBeInTheDocument();
    const plan = adaCard.getByRole('table', { name: 'Milestone plan' });
    expect(within(plan).getAllByRole('row').map((row) => row.textContent)).toEqual(['MilestoneAmountDue', 'Data cleaning$500Dec 10, 2026', 'Analysis and report$1,000Dec 24, 2026', 'Total$1,500']);
    expect(adaCard.getByText(/I have analysed several cohort studies\./).textContent).toBe('I have analysed several cohort studies.\nReferences on request.');
    expect(adaCard.getByRole('link', { name: 'Message Ada Lovelace' })).toHaveAttribute('href', '/chat?with=42');
    expect(adaCard.getByRole('button', { name: 'Shortlist Ada Lovelace' })).toBeInTheDocument();

    const marieCard = within(card('Marie Curie'));
    expect(marieCard.getByText('$60/hr')).toBeInTheDocument();
    expect(marieCard.queryByRole('table')).toBeNull();
    expect(marieCard.queryByRole('button', { name: /Shortlist/ })).toBeNull();
    expect(marieCard.getByRole('button', { name: 'Hire Marie Curie' })).toBeInTheDocument();

    const graceCard = within(card('Grace Hopper'));
    expect(graceCard.getByText('We need someone in our time zone.')).toBeInTheDocument();
    // No decision is left on a declined proposal: only 'Report'.
    expect(graceCard.getAllByRole('button').map((b) => b.textContent)).toEqual(['Report Grace Hopper’s proposal']);
    expect(graceCard.getByRole('link', { name: 'Message Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Proposal from Alan Turing' })).toBeNull();
  });

  it('collapses a long cover letter behind a button that says what it does', async () => {
    const letter = `${'I have run survival analyses for twenty cohort studies. '.repeat(15)}\nThe last line.`;
    api.proposals.mockResolvedValue({ results: [{ ...ada, coverLetter: letter }] });
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const more = await screen.findByRole('button', { name: 'Read the whole letter' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/The last line\./)).toBeNull();
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/The last line\./).textContent).toBe(letter);
  });

  it('says when there are none yet', async () => {
    api.proposals.mockResolvedValue({ results: [] });
    renderRoute('/projects/5');
    expect(await screen.findByText('No proposals yet. Invite experts to get quotes sooner.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Proposals (0)' })).toBeInTheDocument();
  });

  it('shortlists a submitted proposal in place, keeping focus in its card', async () => {
    api.shortlist.mockResolvedValue({ ...ada, status: 'shortlisted' });
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Shortlist Ada Lovelace' }));
    expect(api.shortlist).toHaveBeenCalledWith(11);
    const adaCard = card('Ada Lovelace');
    expect(within(adaCard).getByRole('status')).toHaveTextContent('Ada Lovelace is on your shortlist.');
    expect(within(adaCard).getByText('Shortlisted')).toBeInTheDocument();
    expect(within(adaCard).queryByRole('button', { name: /Shortlist/ })).toBeNull();
    expect(adaCard).toHaveFocus();
  });

  it('declines with an optional reason typed in a dialog', async () => {
    api.decline.mockImplementation(async (id, reason) => ({ ...ada, id, status: 'declined', declineReason: reason ?? null }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Decline Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Ada Lovelace’s proposal?' });
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxlength', String(1000));
    await user.type(reason, 'We chose a specialist in our field.');
    expect(within(dialog).getByText('35 of 1,000 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Decline proposal' }));

    expect(api.decline).toHaveBeenCalledWith(11, 'We chose a specialist in our field.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const adaCard = card('Ada Lovelace');
    expect(within(adaCard).getByText('Declined')).toBeInTheDocument();
    expect(within(adaCard).getByText('We chose a specialist in our field.')).toBeInTheDocument();
    expect(within(adaCard).getByRole('status')).toHaveTextContent('You declined Ada Lovelace’s proposal.');
    expect(within(adaCard).getAllByRole('button').map((b) => b.textContent)).toEqual(['Report Ada Lovelace’s proposal']);
    expect(adaCard).toHaveFocus();
  });

  it('declines without a reason by sending none, and keeps the dialog open with the server’s message on failure', async () => {
    api.decline.mockRejectedValueOnce(new ApiError('Failed to update the proposal. Please try again.', 0, null)).mockResolvedValue({ ...ada, status: 'declined' });
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Decline Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to update the proposal. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline proposal' }));
    expect(api.decline).toHaveBeenLastCalledWith(11, undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hires after a confirmation, once even on a double click, then shows the contract started', async () => {
    const hire = deferred<Contract>();
    api.hire.mockReturnValue(hire.promise);
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Hire Ada Lovelace' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Hire Ada Lovelace for $1,500 fixed? The platform fee is $150; Ada receives $1,350. The other proposals will be declined.' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.dblClick(within(confirm).getByRole('button', { name: 'Hire' }));
    expect(within(confirm).getByRole('button', { name: 'Hiring…' })).toHaveAttribute('aria-disabled', 'true');
    expect(api.hire).toHaveBeenCalledTimes(1);
    expect(api.hire).toHaveBeenCalledWith(11);

    const hiredAda: Proposal = { ...ada, status: 'hired' };
    api.get.mockResolvedValue(owned({ status: 'in-progress', proposalCount: 3 }));
    api.proposals.mockResolvedValue({ results: [{ ...marieHourly, status: 'declined' }, hiredAda, graceDeclined] });
    await act(async () => hire.resolve(makeContract()));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    const outcome = screen.getByText('You hired Ada Lovelace. The contract is active.');
    expect(outcome).toHaveAttribute('role', 'status');
    expect(outcome.parentElement).toHaveFocus();
    expect(await screen.findByRole('button', { name: 'Mark as completed' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledTimes(2);
    const manage = within(screen.getByRole('region', { name: 'Manage this project' }));
    expect(manage.getByText(/You hired/)).toHaveTextContent('You hired Ada Lovelace for $1,500 fixed. The contract is active. Message Ada');
    expect(screen.queryByRole('button', { name: /^Hire / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invite experts' })).toBeNull();
    expect(within(card('Ada Lovelace')).getByText('Hired')).toBeInTheDocument();
  });

  it('names the platform’s fee and what the expert receives on each card and in the hire confirmation, at the project’s rate', async () => {
    // 12.5 %, each milestone's fee rounded down as it will be on release: 3 × (12.375 → 12) + (12,462.875 → 12,462) cents
    // = $124.98, not 12.5 % of the $1,000 total ($125).
    const tiny = (title: string) => ({ title, amountCents: 99, dueDate: '2026-12-10' });
    const odd = { ...ada, priceCents: 100_000, milestones: [tiny('Pilot 1'), tiny('Pilot 2'), tiny('Pilot 3'), { title: 'Report', amountCents: 99_703, dueDate: '2026-12-24' }] };
    api.get.mockResolvedValue(owned({ proposalCount: 2, fee: { basisPoints: 1250 } }));
    api.proposals.mockResolvedValue({ results: [odd, marieHourly] });
    const user = userEvent.setup();
    renderRoute('/projects/5');
    const adaCard = within(await screen.findByRole('article', { name: 'Proposal from Ada Lovelace' }));
    const factOf = (scope: typeof adaCard, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(factOf(adaCard, 'Platform fee (12.5 %)')).toBe('$124.98');
    expect(factOf(adaCard, 'Ada receives')).toBe('$875.02');
    const marieCard = within(card('Marie Curie'));
    expect(factOf(marieCard, 'Platform fee (12.5 %)')).toBe('$7.50/hr');
    expect(factOf(marieCard, 'Marie receives')).toBe('$52.50/hr');

    await user.click(adaCard.getByRole('button', { name: 'Hire Ada Lovelace' }));
    expect(screen.getByRole('alertdialog', { name: 'Hire Ada Lovelace for $1,000 fixed? The platform fee is $124.98; Ada receives $875.02. The other proposals will be declined.' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(marieCard.getByRole('button', { name: 'Hire Marie Curie' }));
    expect(screen.getByRole('alertdialog', { name: 'Hire Marie Curie for $60/hr? The platform fee is $7.50/hr; Marie receives $52.50/hr. The other proposals will be declined.' })).toBeInTheDocument();
  });

  it('says nothing of a fee when the platform takes no payments', async () => {
    api.get.mockResolvedValue(owned({ proposalCount: 1, fee: null }));
    api.proposals.mockResolvedValue({ results: [ada] });
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Hire Ada Lovelace' }));
    expect(screen.getByRole('alertdialog', { name: 'Hire Ada Lovelace for $1,500 fixed?' })).toBeInTheDocument();
    expect(screen.queryByText(/Platform fee/)).toBeNull();
  });

  it('shows the server’s sentence when a hire is refused (409) and shows the project as it now is', async () => {
    api.hire.mockRejectedValue(new ApiError(PROJECT_MESSAGES.alreadyHired, 409, { message: PROJECT_MESSAGES.alreadyHired }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Hire Marie Curie' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Hire' }));
    // The page says it (the reload may move or take away the card), and the reader is taken there.
    const notice = await screen.findByText(PROJECT_MESSAGES.alreadyHired);
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice.closest('article')).toBeNull();
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(api.proposals).toHaveBeenCalledTimes(2);
    expect(notice.parentElement).toHaveFocus();
  });

  it('keeps the server’s 409 and the focus on the page when the reload it causes takes the card away', async () => {
    // Ada withdrew while the owner was reading: Shortlist is refused, and the list read again no longer shows her.
    api.shortlist.mockRejectedValue(new ApiError(PROJECT_MESSAGES.cannotShortlist, 409, { message: PROJECT_MESSAGES.cannotShortlist }));
    const reread = deferred<{ results: Proposal[] }>();
    api.proposals.mockResolvedValueOnce({ results: [graceDeclined, ada, marieHourly] }).mockReturnValueOnce(reread.promise);
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Shortlist Ada Lovelace' }));
    const notice = await screen.findByText(PROJECT_MESSAGES.cannotShortlist);
    expect(notice).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(notice.parentElement).toHaveFocus());

    await act(async () => reread.resolve({ results: [graceDeclined, { ...ada, status: 'withdrawn' }, marieHourly] }));
    expect(screen.queryByRole('article', { name: 'Proposal from Ada Lovelace' })).toBeNull();
    expect(screen.getByText(PROJECT_MESSAGES.cannotShortlist)).toBe(notice);
    expect(notice.parentElement).toHaveFocus();
  });
});

describe('inviting experts', () => {
  it('suggests directory experts of the same service, leaving out the owner and those invited, and invites one', async () => {
    search.mockResolvedValue(
      makeExpertPage([
        makeExpertCard({ id: 9, firstName: 'Olivia', lastName: 'Owner', slug: 'olivia-owner' }),
        makeExpertCard({ id: 42 }),
        makeExpertCard({ id: 43, firstName: 'Grace', lastName: 'Hopper', slug: 'grace-hopper' }),
        makeExpertCard({ id: 44, firstName: 'Marie', lastName: 'Curie', slug: 'marie-curie', hourlyFee: null, headline: 'Epidemiologist' }),
      ]),
    );
    api.invitations.mockResolvedValue({ results: [makeInvitation({ id: 2, expertId: 43, expert: grace, status: 'declined' })] });
    api.invite.mockResolvedValueOnce(makeInvitation({ id: 3, expertId: 42 })).mockRejectedValueOnce(new ApiError(PROJECT_MESSAGES.notListed, 400, { message: PROJECT_MESSAGES.notListed }));
    const user = userEvent.setup();
    renderRoute('/projects/5');

    const section = within(await screen.findByRole('region', { name: 'Invite experts' }));
    const suggestion = async (name: string) => within(await section.findByRole('article', { name }));
    const adaCard = await suggestion('Ada Lovelace');
    expect(search).toHaveBeenCalledWith('Statistical Analysis');
    expect(section.getAllByRole('article')).toHaveLength(2);
    expect(section.getByRole('article', { name: 'Marie Curie' })).toBeInTheDocument();
    expect(section.queryByRole('article', { name: 'Olivia Owner' })).toBeNull();
    expect(section.queryByRole('article', { name: 'Grace Hopper' })).toBeNull();
    expect(adaCard.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/experts/42-ada-lovelace');
    expect(adaCard.getByText('Biostatistician for clinical trials')).toBeInTheDocument();
    expect(adaCard.getByText('$85/hr · United Kingdom')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Search more experts' })).toHaveAttribute('href', '/find-an-expert?service=Statistical%20Analysis');
    const invited = within(section.getByRole('list', { name: 'Invited experts' }));
    expect(invited.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Grace HopperDeclined']);

    await user.click(adaCard.getByRole('button', { name: 'Invite Ada Lovelace' }));
    expect(api.invite).toHaveBeenCalledWith(5, 42);
    const done = adaCard.getByRole('button', { name: 'Invited Ada Lovelace' });
    expect(done).toHaveAttribute('aria-disabled', 'true');
    expect(done).toHaveFocus();
    expect(adaCard.getByRole('status')).toHaveTextContent('Ada is invited.');
    await user.click(done);
    expect(api.invite).toHaveBeenCalledTimes(1);
    expect(invited.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Grace HopperDeclined', 'Ada LovelaceInvited']);

    const marieCard = await suggestion('Marie Curie');
    await user.click(marieCard.getByRole('button', { name: 'Invite Marie Curie' }));
    expect(marieCard.getByRole('alert')).toHaveTextContent(PROJECT_MESSAGES.notListed);
    expect(marieCard.getByRole('button', { name: 'Invite Marie Curie' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('managing the project', () => {
  it('a draft: edit it, publish it; a 409 shows the server’s sentence and reloads', async () => {
    api.get.mockResolvedValue(owned({ status: 'draft', publishedAt: null }));
    api.publish.mockRejectedValue(new ApiError(PROJECT_MESSAGES.notDraft, 409, { message: PROJECT_MESSAGES.notDraft }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    expect(await screen.findByRole('link', { name: 'Edit draft' })).toHaveAttribute('href', '/create-project?draft=5');
    expect(screen.getByText('Not published yet · 0 proposals')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Proposals/ })).toBeNull();
    expect(api.proposals).not.toHaveBeenCalled();
    expect(await screen.findByRole('region', { name: 'Invite experts' })).toBeInTheDocument();
    // Invitations of a draft are held until it is published; the owner is told so.
    expect(screen.getByText('While the project is a draft, invitations wait: the experts receive them when you publish it.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(api.publish).toHaveBeenCalledWith(5);
    const alert = screen.getByText(PROJECT_MESSAGES.notDraft);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert.parentElement).toHaveFocus();
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it('publishing a draft opens it and loads its proposals', async () => {
    api.get.mockResolvedValueOnce(owned({ status: 'draft', publishedAt: null })).mockResolvedValue(owned());
    api.proposals.mockResolvedValue({ results: [] });
    api.publish.mockResolvedValue(owned());
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(screen.getByText('Your project is published. Invite experts to get quotes sooner.')).toBeInTheDocument();
    expect(await screen.findByText('No proposals yet. Invite experts to get quotes sooner.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel project' })).toBeInTheDocument();
  });

  it('cancels an open project after a confirmation', async () => {
    api.cancel.mockResolvedValue(owned({ status: 'cancelled' }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Cancel project' }));
    const confirm = screen.getByRole('alertdialog');
    api.get.mockResolvedValue(owned({ status: 'cancelled' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel project' }));
    expect(api.cancel).toHaveBeenCalledWith(5);
    expect(screen.getByText('The project is cancelled.')).toBeInTheDocument();
    expect(await screen.findByText('This project was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel project' })).toBeNull();
  });

  it('marks a project in progress as completed after a confirmation', async () => {
    api.get.mockResolvedValue(owned({ status: 'in-progress' }));
    api.proposals.mockResolvedValue({ results: [{ ...ada, status: 'hired' }] });
    api.complete.mockResolvedValue(owned({ status: 'completed' }));
    const user = userEvent.setup();
    renderRoute('/projects/5');
    await user.click(await screen.findByRole('button', { name: 'Mark as completed' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as completed' }));
    expect(api.complete).toHaveBeenCalledWith(5);
    expect(screen.getByText('The project is marked as completed.')).toBeInTheDocument();
  });
});
