// The dispute decision as each role meets it (issue 42): a role that may not settle disputes (support) reads the
// dispute but is offered no outcome and no 'Resolve' (the server refuses it too); a role that may sees nothing chosen
// at first, and every outcome asks for a confirmation stating each party's amount in dollars before money moves.
import { screen } from '@testing-library/react';
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
