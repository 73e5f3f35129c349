// The dispute decision as each role meets it (issue 42): a role that may not settle disputes (support) reads the
// dispute but is offered no outcome and no 'Resolve' (the server refuses it too); a role that may sees nothing chosen
// at first, and every outcome asks for a confirmation stating each party's amount in dollars before money moves.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import type { DisputeDetailView } from '@sciexperts/shared/member';
import { adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const detail: DisputeDetailView = {
  milestone: { id: 7, title: 'Analysis', amountCents: 100_000, dueDate: '2026-12-01', status: 'disputed' },
  contract: {
    id: 3,
    projectId: 2,
    projectTitle: 'Cohort study',
    projectDescription: 'Analyse the cohort.',
    status: 'active',
    priceType: 'fixed',
    priceCents: 100_000,
    createdAt: '2026-11-01T10:00:00.000Z',
    client: { id: 10, name: 'Olive Client', email: 'olive@example.test' },
    expert: { id: 11, name: 'Ada Expert', email: 'ada@example.test' },
  },
  disputedAt: '2026-11-20T10:00:00.000Z',
  timeline: [],
  deliveredFiles: [],
  messages: [],
  statements: [],
  resolution: null,
  feeBasisPoints: 1000,
};

it("shows support the dispute without the outcomes or 'Resolve the dispute'", async () => {
  signedInAs('support');
  jest.spyOn(adminApi, 'dispute').mockResolvedValue(detail);
  const resolve = jest.spyOn(adminApi, 'resolve');
  renderAt('/admin/disputes/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dispute: Analysis — Cohort study' })).toBeInTheDocument();
  expect(screen.queryByRole('radio')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Resolve the dispute' })).toBeNull();
  expect(screen.getByText('Your role reads disputes; an operator or finance decides them.')).toBeInTheDocument();
  expect(resolve).not.toHaveBeenCalled();
});

it.each([
  ['finance', 'Release all to the expert', 'Release all to the expert? Ada Expert (expert) receives $1,000.00 and Olive Client (client) gets $0.00 back', { outcome: 'release' }],
  ['operator', 'Refund all to the client', 'Refund all to the client? Ada Expert (expert) receives $0.00 and Olive Client (client) gets $1,000.00 back', { outcome: 'refund' }],
] as const)('lets %s choose "%s" only after saying what each party receives; axe-clean with the confirmation open', async (role, label, sentence, sent) => {
  const user = userEvent.setup();
  signedInAs(role);
  jest.spyOn(adminApi, 'dispute').mockResolvedValue(detail);
  const resolve = jest.spyOn(adminApi, 'resolve').mockResolvedValue({
    repeated: false,
    resolution: { outcome: sent.outcome, expertCents: sent.outcome === 'release' ? 100_000 : 0, clientCents: sent.outcome === 'release' ? 0 : 100_000, reason: 'Decided.', by: `${role}@ops.test`, at: '2026-11-27T10:00:00.000Z' },
  });
  renderAt('/admin/disputes/7');
  const radios = await screen.findAllByRole('radio');
  expect(radios.filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
  await user.click(screen.getByRole('radio', { name: label }));
  await user.type(screen.getByLabelText('Reason (both parties receive it)'), 'Decided.');
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(sentence);
  expect(resolve).not.toHaveBeenCalled();
  await expectNoAxeViolations(375);
  await user.click(screen.getByRole('button', { name: 'Move the money' }));
  expect(resolve).toHaveBeenCalledWith(7, { ...sent, reason: 'Decided.' });
});

describe('the words and the layout (issue 47)', () => {
  const full: DisputeDetailView = {
    ...detail,
    timeline: [
      { id: 1, kind: 'funded', actorId: 10, note: null, createdAt: '2026-11-02T10:00:00.000Z' },
      { id: 2, kind: 'submitted', actorId: 11, note: 'All in the files.', createdAt: '2026-11-10T10:00:00.000Z' },
      { id: 3, kind: 'disputed', actorId: 10, note: 'The analysis is missing.', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 4, kind: 'auto-released', actorId: null, note: null, createdAt: '2026-11-21T10:00:00.000Z' },
    ],
    statements: [
      { id: 1, authorId: 10, role: 'client', text: 'Section 4 is missing.', files: [], createdAt: '2026-11-20T11:00:00.000Z' },
      { id: 2, authorId: 11, role: 'expert', text: 'Section 4 was out of scope.', files: [], createdAt: '2026-11-21T11:00:00.000Z' },
    ],
    messages: [{ id: 1, senderId: 10, text: 'Where is section 4?', createdAt: '2026-11-15T10:00:00.000Z' }],
  };

  it("uses the words the parties read for the milestone's state and its timeline, and puts the decision in the column beside the statements", async () => {
    signedInAs('operator');
    jest.spyOn(adminApi, 'dispute').mockResolvedValue(full);
    renderAt('/admin/disputes/7');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem').map((li) => li.textContent?.replace(/^.*? UTC: /, ''))).toEqual([
      'Funded by Olive Client (client)',
      'Work submitted by Ada Expert (expert) — “All in the files.”',
      'Dispute opened by Olive Client (client) — “The analysis is missing.”',
      'Released automatically',
    ]);
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent(/^Disputed$/);
    expect(document.body).not.toHaveTextContent(/funded by|disputed by/);
    // On a desktop the decision is the column beside the statements (the CSS keeps it in view); in the document it
    // follows what the parties said, so a phone and a screen reader meet it after the statements.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Statements', 'Timeline', 'Delivered files', 'Messages between the parties (read-only)', 'The project’s terms', 'Decision']);
    expect(screen.getByRole('heading', { name: 'Decision' }).closest('section')?.parentElement).toBe(screen.getByRole('heading', { name: 'Statements' }).closest('section')?.parentElement?.parentElement);
  });

  it.each([375, 1280])('has no axe violations at %i px with the statements and the decision form', async (width) => {
    signedInAs('finance');
    jest.spyOn(adminApi, 'dispute').mockResolvedValue(full);
    renderAt('/admin/disputes/7');
    await screen.findAllByRole('radio');
    await expectNoAxeViolations(width);
  });
});
