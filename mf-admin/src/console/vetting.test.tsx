import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { vettingDecidedMessage, type VettingDetailView, type VettingRequestView } from '@sciexperts/shared';
import { AdminApiError, adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const file = (id: number, name: string) => ({ id, name, contentType: 'application/pdf', size: 2048, createdAt: '2026-11-20T10:00:00.000Z' });
const request = (over: Partial<VettingRequestView> = {}): VettingRequestView => ({
  id: 5,
  status: 'pending',
  legalName: 'Ada Maria Lovelace',
  identityFile: file(1, 'passport.pdf'),
  degree: { title: 'PhD Statistics', institution: 'University of London', year: 2014, file: file(2, 'diploma.pdf') },
  affiliation: { institution: 'Analytical Engines Ltd', role: 'Lead statistician' },
  orcidId: '0000-0002-1825-0097',
  reReview: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decisionReason: null,
  ...over,
});
const detail = (over: Partial<VettingRequestView> = {}, decidedBy: string | null = null): VettingDetailView => ({
  request: request(over),
  expert: { id: 42, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', headline: 'Biostatistician', profilePath: '/experts/42-ada-lovelace', verified: false },
  decidedBy,
  waitingSeconds: 7200,
});

describe('the vetting pages', () => {
  it('lists the requests by waiting time, marks a re-review, and is only in an operator’s navigation', async () => {
    signedInAs('operator');
    jest.spyOn(adminApi, 'vettingQueue').mockResolvedValue({
      requests: [
        { id: 5, expert: { id: 42, name: 'Ada Lovelace', email: 'ada@example.test' }, reReview: false, createdAt: '2026-11-20T08:00:00.000Z', waitingSeconds: 93_600 },
        { id: 6, expert: { id: 43, name: 'Bob Babbage', email: 'bob@example.test' }, reReview: true, createdAt: '2026-11-21T08:00:00.000Z', waitingSeconds: 600 },
      ],
    });
    const { unmount } = renderAt('/admin/vetting');
    const table = await screen.findByRole('table', { name: 'Verification requests, the longest-waiting first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Ada Lovelace (ada@example.test)First request1 d 2 h', 'Bob Babbage (bob@example.test)Re-review after a change of name10 min']);
    expect(screen.getByRole('link', { name: 'Ada Lovelace (ada@example.test)' })).toHaveAttribute('href', '/admin/vetting/5');
    expect(screen.getByRole('link', { name: 'Vetting' })).toBeInTheDocument();
    await expectNoAxeViolations(1280);
    await expectNoAxeViolations(375);
    unmount();
    signedInAs('support');
    jest.spyOn(adminApi, 'disputes').mockResolvedValue({ items: [] });
    renderAt('/admin/disputes');
    expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vetting' })).toBeNull();
  });

  it('shows a request with its documents and ORCID iD, downloads a document, and approves it with a reason', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'vettingRequest').mockResolvedValueOnce(detail()).mockResolvedValue(detail({ status: 'approved', decidedAt: '2026-11-20T12:00:00.000Z', decisionReason: 'Documents match.' }, 'operator@ops.test'));
    const fetchFile = jest.spyOn(adminApi, 'vettingFile').mockResolvedValue(new Blob(['%PDF']));
    const decide = jest.spyOn(adminApi, 'decideVetting').mockResolvedValue({ request: request({ status: 'approved' }), repeated: false });
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    // jsdom does not navigate; the download's link click is what saveBlob does.
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/admin/vetting/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Ada Maria Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0000-0002-1825-0097 (opens in a new tab)' })).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097');
    await expectNoAxeViolations(1280);
    await user.click(screen.getByRole('button', { name: 'Download the identity document: passport.pdf (2 KB)' }));
    expect(fetchFile).toHaveBeenCalledWith(5, 1);
    expect(clicked).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose approve or reject.');
    await user.click(screen.getByRole('radio', { name: /^Approve/ }));
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give a reason (1–2,000 characters).');
    await user.type(screen.getByLabelText('Reason (the expert reads it when rejected)'), 'Documents match.');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(decide).toHaveBeenCalledWith(5, { outcome: 'approve', reason: 'Documents match.' });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Approved: Ada Lovelace is verified and was told.');
    expect(status).toHaveFocus();
    expect(await screen.findByText(/Approved by operator@ops.test at/)).toBeInTheDocument();
  });

  it('says who decided first when the decision is stale', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'vettingRequest').mockResolvedValue(detail({ degree: { title: 'PhD', institution: 'UCL', year: 2014, file: null } }));
    const stale = vettingDecidedMessage('lead@ops.test', '2026-11-20T11:00:00.000Z');
    jest.spyOn(adminApi, 'decideVetting').mockRejectedValue(new AdminApiError(409, stale));
    renderAt('/admin/vetting/5');
    expect(await screen.findByText('No degree certificate was attached.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Reject/ }));
    await user.type(screen.getByLabelText('Reason (the expert reads it when rejected)'), 'Unreadable.');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
  });
});
