import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { authStore } from '@sciexperts/shared';
import { projectsApi, type Project } from '@sciexperts/shared/member';
import { makeMemberSummary, makeProject, makeProposal, makeUser } from '@sciexperts/shared/testing';
import { searchExpertsForService } from '../api/suggestions';
import { renderRoute } from '../test/renderRoute';

jest.mock('@sciexperts/shared/member', () => {
  const actual = jest.requireActual('@sciexperts/shared/member');
  const mocked = ['get', 'proposals', 'invitations', 'myProposals'];
  return { ...actual, projectsApi: { ...actual.projectsApi, ...Object.fromEntries(mocked.map((name) => [name, jest.fn()])) } };
});
jest.mock('../api/suggestions', () => ({ ...jest.requireActual('../api/suggestions'), searchExpertsForService: jest.fn() }));

const api = projectsApi as jest.Mocked<typeof projectsApi>;
const owner = { isOwner: true, proposalId: null, declinedProposalId: null, invitationId: null };
const stranger = { isOwner: false, proposalId: null, declinedProposalId: null, invitationId: null };

function recordReports(): unknown[] {
  const bodies: unknown[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    bodies.push(JSON.parse(await req.text()));
    return new Response(JSON.stringify({ id: 4, message: 'Thank you. The SciExperts team reviews every report.' }), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  return bodies;
}

beforeEach(() => {
  jest.resetAllMocks();
  act(() => authStore.setState({ status: 'ready', token: 't', user: makeUser({ id: 9, firstName: 'Olivia', lastName: 'Owner' }), signInMethod: 'password', signedOutReason: null }));
  api.proposals.mockResolvedValue({ results: [] });
  api.invitations.mockResolvedValue({ results: [] });
  (searchExpertsForService as jest.Mock).mockResolvedValue({ results: [], total: 0, page: 1, pageSize: 20 });
});
afterEach(() => jest.restoreAllMocks());

describe('moderation on a project’s page', () => {
  it('lets another member report the project; axe-clean at 1280 and 375 px', async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(makeProject({ id: 5, viewer: stranger }));
    const bodies = recordReports();
    renderRoute('/projects/5');
    const report = await screen.findByRole('button', { name: 'Report this project' });
    await expectNoAxeViolations(1280);
    await user.click(report);
    await user.click(within(screen.getByRole('dialog', { name: 'Report this project' })).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. The SciExperts team reviews every report.')).toBeInTheDocument();
    expect(bodies).toEqual([{ targetType: 'project', targetId: 5, reason: 'spam' }]);
    await expectNoAxeViolations(375);
  });

  it('shows its owner no Report, and the notice with the reason when SciExperts hid it', async () => {
    const hidden: Project = makeProject({ id: 5, viewer: owner, hiddenBySciExperts: { at: '2026-11-27T10:00:00.000Z', reason: 'Promises a medical cure.' } });
    api.get.mockResolvedValue(hidden);
    renderRoute('/projects/5');
    expect(await screen.findByRole('note')).toHaveTextContent('Hidden by SciExperts: Promises a medical cure.');
    expect(screen.queryByRole('button', { name: 'Report this project' })).toBeNull();
    await expectNoAxeViolations(375);
  });

  it('lets the owner report a proposal they received', async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(makeProject({ id: 5, viewer: owner, proposalCount: 1 }));
    const grace = makeMemberSummary({ id: 43, firstName: 'Grace', lastName: 'Hopper', slug: 'grace-hopper' });
    api.proposals.mockResolvedValue({ results: [makeProposal({ id: 11, expertId: 43, expert: grace })] });
    const bodies = recordReports();
    renderRoute('/projects/5');
    const card = await screen.findByRole('article', { name: 'Proposal from Grace Hopper' });
    await user.click(within(card).getByRole('button', { name: 'Report Grace Hopper’s proposal' }));
    await user.click(screen.getByRole('radio', { name: 'Fraud or a scam' }));
    await user.type(screen.getByLabelText('Anything we should know (optional)'), 'Wants to be paid outside SciExperts.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. The SciExperts team reviews every report.')).toBeInTheDocument();
    expect(bodies).toEqual([{ targetType: 'proposal', targetId: 11, reason: 'fraud', note: 'Wants to be paid outside SciExperts.' }]);
    await expectNoAxeViolations(1280);
  });
});
