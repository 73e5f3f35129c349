import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import type { AdminMemberView, AdminReportView } from '@sciexperts/shared/member';
import { adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const subject = { id: 7, name: 'Petra Hopper', email: 'petra@example.test' };
const projectReport: AdminReportView = {
  id: 31,
  targetType: 'project',
  targetId: 55,
  reason: 'fraud',
  note: 'Sells a cure.',
  reporter: { id: 8, name: 'Rhea Reporter' },
  subject,
  excerpt: 'Miracle cure trial',
  createdAt: '2026-11-27T10:00:00.000Z',
  waitingSeconds: 3600,
  reporters: 1,
};
const profileReport: AdminReportView = { ...projectReport, id: 32, targetType: 'profile', targetId: 7, excerpt: 'Petra Hopper: Biostatistician', note: null };
/** One page holding these reports, as the queue answers it. */
const queueOf = (reports: AdminReportView[]) => ({ reports, page: 1, pages: 1, total: reports.length, sort: 'oldest' as const });

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
  projects: [{ id: 55, title: 'Miracle cure trial', status: 'open', hidden: null }],
  activeSessions: 1,
  contracts: { asClient: 1, asExpert: 0 },
  reports: null,
};

describe('moderation in the console', () => {
  it('hides a reported project from the queue with a reason, closing the report as acted on; axe-clean at 1280 and 375 px', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'reports').mockResolvedValueOnce(queueOf([projectReport, profileReport])).mockResolvedValue(queueOf([profileReport]));
    const hide = jest.spyOn(adminApi, 'hideProject').mockResolvedValue(null);
    const close = jest.spyOn(adminApi, 'closeReport');
    renderAt('/admin/reports');
    const card = within(await screen.findByRole('article', { name: /Fraud or a scam: a project of Petra Hopper/ }));
    await expectNoAxeViolations(1280);
    await expectNoAxeViolations(375);
    await user.type(card.getByLabelText(/^Reason/), 'Promises a medical cure.');
    await user.click(card.getByRole('button', { name: 'Hide the project' }));
    // One call: the server closes the report in the hide's transaction.
    expect(hide).toHaveBeenCalledWith(55, 'Promises a medical cure.', 31);
    expect(close).not.toHaveBeenCalled();
    expect(await screen.findByText('The project is hidden and its owner was told why by e-mail; the report is closed.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it("hides the profile of a reported member from the directory; a profile report has no 'Hide the project'", async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'reports').mockResolvedValueOnce(queueOf([profileReport])).mockResolvedValue(queueOf([]));
    const hide = jest.spyOn(adminApi, 'hideProfile').mockResolvedValue(null);
    renderAt('/admin/reports');
    const card = within(await screen.findByRole('article', { name: /a profile of Petra Hopper/ }));
    expect(card.queryByRole('button', { name: 'Hide the project' })).toBeNull();
    await user.type(card.getByLabelText(/^Reason/), 'Fake degrees.');
    await user.click(card.getByRole('button', { name: "Hide Petra Hopper's profile" }));
    expect(hide).toHaveBeenCalledWith(7, 'Fake degrees.', 32);
    expect(await screen.findByText("Petra Hopper's profile is hidden from the directory and they were told why by e-mail; the report is closed.")).toBeInTheDocument();
  });

  it('shows support the queue without the hide and suspend actions', async () => {
    signedInAs('support');
    jest.spyOn(adminApi, 'reports').mockResolvedValue(queueOf([projectReport]));
    renderAt('/admin/reports');
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Hide/ })).toBeNull();
  });

  it("hides and shows again a member's profile and project from the member's page", async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'members').mockResolvedValue({ members: [member] });
    jest.spyOn(adminApi, 'member').mockResolvedValue(member);
    const hideProfile = jest.spyOn(adminApi, 'hideProfile').mockResolvedValue(null);
    const hideProject = jest.spyOn(adminApi, 'hideProject').mockResolvedValue(null);
    const unhideProject = jest.spyOn(adminApi, 'unhideProject').mockResolvedValue(null);
    renderAt('/admin/members');
    await user.type(screen.getByLabelText('Name or e-mail'), 'petra');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Manage Petra Hopper' }));
    await screen.findByRole('heading', { name: 'Manage Petra Hopper' });
    const reason = () => screen.getByLabelText('Reason (recorded in the audit log)');
    await user.type(reason(), 'Fake degrees.');
    await user.click(screen.getByRole('button', { name: 'Hide the profile from the directory' }));
    expect(hideProfile).toHaveBeenCalledWith(7, 'Fake degrees.');
    expect(await screen.findByText("Petra Hopper's profile is hidden from the directory and they were told why by e-mail.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the profile in the directory again' })).toBeInTheDocument();
    await user.type(reason(), 'Health claims.');
    await user.click(screen.getByRole('button', { name: 'Hide “Miracle cure trial”' }));
    expect(hideProject).toHaveBeenCalledWith(55, 'Health claims.');
    expect(await screen.findByText('“Miracle cure trial” is hidden and Petra Hopper was told why by e-mail.')).toBeInTheDocument();
    await user.type(reason(), 'Claim removed.');
    await user.click(screen.getByRole('button', { name: 'Show again “Miracle cure trial”' }));
    expect(unhideProject).toHaveBeenCalledWith(55, 'Claim removed.');
    await expectNoAxeViolations(375);
  });
});
