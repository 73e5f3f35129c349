import { authStore } from '../auth/authStore';
import type { ProjectInput, ProposalInput } from '../contracts/projects';
import { ApiError } from './http';
import { projectsApi } from './projectsApi';
import { jsonResponse as json, recordRequests, type SentRequest } from './test/recordRequests';

let recorder: ReturnType<typeof recordRequests>;
let fetchMock: jest.SpyInstance;
beforeEach(() => {
  recorder = recordRequests();
  fetchMock = recorder.fetchMock;
});
afterEach(() => recorder.restore());

const sent = (index = 0): Promise<SentRequest> => recorder.nth(index);
const project = { title: 'Trial review', description: 'x'.repeat(60) } as unknown as ProjectInput;
const proposal = { coverLetter: 'I can help.', milestones: [] } as unknown as ProposalInput;

describe('projectsApi', () => {
  it.each([
    ['createDraft', () => projectsApi.createDraft(project), 'POST', '/api/Projects', project],
    ['updateDraft', () => projectsApi.updateDraft(7, project), 'PUT', '/api/Projects/7', project],
    ['publish', () => projectsApi.publish(7), 'POST', '/api/Projects/7/Publish', undefined],
    ['cancel', () => projectsApi.cancel(7), 'POST', '/api/Projects/7/Cancel', undefined],
    ['complete', () => projectsApi.complete(7), 'POST', '/api/Projects/7/Complete', undefined],
    ['list', () => projectsApi.list(), 'GET', '/api/Projects', undefined],
    ['publicList', () => projectsApi.publicList(), 'GET', '/api/Projects/Public', undefined],
    ['mine', () => projectsApi.mine(), 'GET', '/api/Projects/Mine', undefined],
    ['get', () => projectsApi.get(7), 'GET', '/api/Projects/7', undefined],
    ['proposals', () => projectsApi.proposals(7), 'GET', '/api/Projects/7/Proposals', undefined],
    ['sendProposal', () => projectsApi.sendProposal(7, proposal), 'POST', '/api/Projects/7/Proposals', proposal],
    ['myProposals', () => projectsApi.myProposals(), 'GET', '/api/Proposals/Mine', undefined],
    ['getProposal', () => projectsApi.getProposal(3), 'GET', '/api/Proposals/3', undefined],
    ['updateProposal', () => projectsApi.updateProposal(3, proposal), 'PUT', '/api/Proposals/3', proposal],
    ['withdraw', () => projectsApi.withdraw(3), 'POST', '/api/Proposals/3/Withdraw', undefined],
    ['shortlist', () => projectsApi.shortlist(3), 'POST', '/api/Proposals/3/Shortlist', undefined],
    ['decline with a reason', () => projectsApi.decline(3, 'Over budget'), 'POST', '/api/Proposals/3/Decline', { reason: 'Over budget' }],
    ['decline without a reason', () => projectsApi.decline(3), 'POST', '/api/Proposals/3/Decline', undefined],
    ['hire', () => projectsApi.hire(3), 'POST', '/api/Proposals/3/Hire', undefined],
    ['invite', () => projectsApi.invite(7, 42), 'POST', '/api/Projects/7/Invitations', { expertId: 42 }],
    ['invitations', () => projectsApi.invitations(7), 'GET', '/api/Projects/7/Invitations', undefined],
    ['myInvitations', () => projectsApi.myInvitations(), 'GET', '/api/Invitations/Mine', undefined],
    ['declineInvitation', () => projectsApi.declineInvitation(5), 'POST', '/api/Invitations/5/Decline', undefined],
    ['myContracts', () => projectsApi.myContracts(), 'GET', '/api/Contracts/Mine', undefined],
  ] as const)('%s sends its method, path, body and the session token', async (_name, call, method, path, body) => {
    await expect(call()).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await sent()).toEqual({ method, url: `http://api.test${path}`, body, key: null, auth: 'Bearer t-1' });
  });

  it('encodes path parameters and sends only the defined filter values as the query', async () => {
    await projectsApi.get('7/../Mine' as unknown as number);
    await projectsApi.list({ service: 'Data & Statistics', budgetType: 'fixed', page: '2' });
    await projectsApi.publicList({ postedSince: '2026-11-01', minBudget: '10000', maxBudget: undefined });
    expect((await sent(0)).url).toBe('http://api.test/api/Projects/7%2F..%2FMine');
    expect((await sent(1)).url).toBe('http://api.test/api/Projects?service=Data+%26+Statistics&budgetType=fixed&page=2');
    expect((await sent(2)).url).toBe('http://api.test/api/Projects/Public?minBudget=10000&postedSince=2026-11-01');
  });

  it("maps a 409 to an ApiError with the server's message, status and body", async () => {
    const body = { message: 'Only a draft can be changed or published.' };
    fetchMock.mockImplementationOnce(() => Promise.resolve(json(409, body)));
    const error = (await projectsApi.publish(7).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect({ message: error.message, status: error.status, body: error.body, unreachable: error.unreachable }).toEqual({ message: body.message, status: 409, body, unreachable: false });
    // A 409 is the member's conflict, not an ended session.
    expect(authStore.getState().token).toBe('t-1');
  });

  it('maps an unreachable server to status 0 with the fallback message', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await projectsApi.hire(3).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error.status, unreachable: error.unreachable, body: error.body }).toEqual({ status: 0, unreachable: true, body: null });
    expect(error.message).toBe('Failed to update the proposal. Please try again.');
  });
});
