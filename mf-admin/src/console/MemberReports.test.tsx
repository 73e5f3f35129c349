import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import type { AdminMemberView } from '@sciexperts/shared/member';
import { adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const member: AdminMemberView = {
  id: 7,
  name: 'Petra Hopper',
  email: 'petra@example.test',
  createdAt: '2026-11-01T10:00:00.000Z',
  signInWith: 'password',
  emailVerified: true,
  deleted: false,
  suspended: null,
  profilePublic: true,
  profileHidden: null,
  projects: [],
  activeSessions: 1,
  contracts: { asClient: 1, asExpert: 2 },
  reports: {
    aboutCount: 23,
    filed: 1,
    about: [
      { id: 41, targetType: 'proposal', targetId: 90, target: 'Pay me in gift cards first.', reason: 'fraud', note: 'Asked for gift cards.', status: 'open', createdAt: '2026-11-26T09:30:00.000Z', closedAt: null },
      { id: 40, targetType: 'profile', targetId: 7, target: 'Petra Hopper: Biostatistician', reason: 'spam', note: null, status: 'dismissed', createdAt: '2026-11-20T08:00:00.000Z', closedAt: '2026-11-21T12:15:00.000Z' },
      { id: 39, targetType: 'project', targetId: 55, target: 'Miracle cure trial', reason: 'inappropriate', note: null, status: 'actioned', createdAt: '2026-11-19T08:00:00.000Z', closedAt: '2026-11-19T10:00:00.000Z' },
    ],
  },
};

async function openMember(found: AdminMemberView) {
  const user = userEvent.setup();
  jest.spyOn(adminApi, 'members').mockResolvedValue({ members: [found] });
  // The member's page comes from the server (which records the operator opening it).
  jest.spyOn(adminApi, 'member').mockResolvedValue(found);
  renderAt('/admin/members');
  await user.type(screen.getByLabelText('Name or e-mail'), 'petra');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: 'Manage Petra Hopper' }));
  await screen.findByRole('heading', { name: 'Manage Petra Hopper' });
}

describe("a member's reports in the console", () => {
  it('lists the reports about the member, open and closed, with what was reported, the reason, the date and the status, and the number they filed; axe-clean at 1280 and 375 px', async () => {
    signedInAs('support');
    await openMember(member);
    const reports = within(screen.getByRole('region', { name: 'Reports' }));
    expect(reports.getByText('23 reports about Petra Hopper (the newest 3 below); 1 report filed by them.')).toBeInTheDocument();
    const table = within(reports.getByRole('table', { name: 'Reports about Petra Hopper (newest first)' }));
    const rows = table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Their proposal: “Pay me in gift cards first.”', 'Fraud or a scam (Asked for gift cards.)', 'Nov 26, 2026, 9:30 AM UTC', 'Open'],
      ['Their profile: “Petra Hopper: Biostatistician”', 'Spam or advertising', 'Nov 20, 2026, 8:00 AM UTC', 'Dismissed Nov 21, 2026, 12:15 PM UTC'],
      ['Their project: “Miracle cure trial”', 'Inappropriate content', 'Nov 19, 2026, 8:00 AM UTC', 'Acted on Nov 19, 2026, 10:00 AM UTC'],
    ]);
    await expectNoAxeViolations(1280);
    await expectNoAxeViolations(375);
  });

  it('says when there are none, without an empty table', async () => {
    signedInAs('operator');
    await openMember({ ...member, reports: { aboutCount: 0, filed: 0, about: [] } });
    const reports = within(screen.getByRole('region', { name: 'Reports' }));
    expect(reports.getByText('0 reports about Petra Hopper; 0 reports filed by them.')).toBeInTheDocument();
    expect(reports.queryByRole('table')).toBeNull();
  });

  it('shows no reports section when the server sends none for the role', async () => {
    signedInAs('operator');
    await openMember({ ...member, reports: null });
    expect(screen.getByRole('heading', { name: 'Manage Petra Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reports' })).toBeNull();
  });
});
