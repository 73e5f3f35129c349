// The audit log as an operator reads it (issue 47): amounts in dollars (older entries said cents), each object linked to
// its page in the console and to every entry about it, the date on one short line, and filters by operator, action,
// object and day that the next page keeps; axe-clean at a phone's width and a desktop's.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import type { AuditEntryView, AuditPageView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const entry = (id: number, over: Partial<AuditEntryView>): AuditEntryView => ({
  id,
  operatorId: 2,
  operatorEmail: 'lead@ops.test',
  role: 'operator',
  action: 'member.read',
  objectType: 'member',
  objectId: '7',
  reason: null,
  details: null,
  address: '203.0.113.9',
  at: '2026-03-01T08:00:00.000Z',
  ...over,
});
const operators = [
  { id: 2, email: 'lead@ops.test' },
  { id: 3, email: 'money@ops.test' },
];
const page = (entries: AuditEntryView[], nextBefore: number | null = null): AuditPageView => ({ entries, nextBefore, operators });

const split = entry(90, { action: 'dispute.split', objectType: 'milestone', objectId: '37', reason: 'Half was delivered.', details: 'split 60000 cents: 36000 cents to the expert, 24000 cents back to the client', at: '2026-03-03T17:45:00.000Z' });
const read = entry(89, {});
const signIn = entry(88, { action: 'sign-in', objectType: 'operator', objectId: '2' });
const search = entry(87, { action: 'member.search', objectType: 'member-search', objectId: null, details: '“hopper”: 2 members' });

describe('the audit log', () => {
  it('shows dollars, links each object to its page and to its entries, and the time on one short line', async () => {
    signedInAs('finance');
    jest.spyOn(adminApi, 'audit').mockResolvedValue(page([split, read, signIn, search]));
    renderAt('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Every operator action, newest first' });
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('dispute.split: split $600.00: $360.00 to the expert, $240.00 back to the client');
    expect(table).not.toHaveTextContent(/cents/);
    const when = within(first!).getByText('3/3/26, 5:45 PM');
    expect(when.tagName).toBe('TIME');
    expect(when).toHaveAttribute('datetime', '2026-03-03T17:45:00.000Z');
    expect(within(table).getByRole('columnheader', { name: 'When (UTC)' })).toBeInTheDocument();

    expect(within(first!).getByRole('link', { name: 'Milestone 37' })).toHaveAttribute('href', '/admin/disputes/37');
    expect(within(first!).getByRole('link', { name: 'All entries about milestone 37' })).toHaveAttribute('href', '/admin/audit?objectType=milestone&objectId=37');
    expect(within(table).getByRole('link', { name: 'Member 7' })).toHaveAttribute('href', '/admin/members?member=7');
    // An operator's page is what they did; a search has no object of its own to open.
    expect(within(table).getByRole('link', { name: 'Operator 2' })).toHaveAttribute('href', '/admin/audit?operatorId=2');
    expect(within(table).getByRole('cell', { name: 'Member search' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('4 entries shown.');
  });

  it('filters by operator, action, object and day, keeps the filters on the next page, and clears them', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    const audit = jest
      .spyOn(adminApi, 'audit')
      .mockResolvedValueOnce(page([split, read], 89))
      .mockResolvedValueOnce(page([split], 90))
      .mockResolvedValueOnce(page([entry(40, { action: 'dispute.split', objectType: 'milestone', objectId: '37', details: 'split $100.00: $50.00 to the expert, $50.00 back to the client' })]))
      .mockResolvedValue(page([split, read]));
    renderAt('/admin/audit');
    await screen.findByRole('table');
    expect(audit).toHaveBeenLastCalledWith({});

    await user.selectOptions(screen.getByLabelText('Operator'), 'lead@ops.test');
    await user.selectOptions(screen.getByLabelText('Action'), 'dispute.split');
    await user.selectOptions(screen.getByLabelText('Object'), 'Milestone');
    await user.type(screen.getByLabelText('Object number'), '37');
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '2026-03-03' } });
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    const filters = { operatorId: '2', action: 'dispute.split', objectType: 'milestone', objectId: '37', from: '2026-03-01', to: '2026-03-03' };
    expect(audit).toHaveBeenLastCalledWith(filters);
    expect(await screen.findByRole('table', { name: 'Operator actions matching the filters, newest first' })).toBeInTheDocument();
    // The form shows the filters applied.
    expect(screen.getByLabelText('Object number')).toHaveValue('37');
    expect(screen.getByLabelText('Operator')).toHaveValue('2');

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(audit).toHaveBeenLastCalledWith({ ...filters, before: '90' });
    // The older page is added below, and the focus is on its first entry.
    const added = await screen.findByRole('row', { name: /\$50\.00 to the expert/ });
    expect(added).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('2 entries shown.');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(audit).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('Object number')).toHaveValue('');
  });

  it("opens the log filtered to an entry's object from its 'all entries' link", async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    const audit = jest.spyOn(adminApi, 'audit').mockResolvedValue(page([split, read]));
    renderAt('/admin/audit');
    await user.click(await screen.findByRole('link', { name: 'All entries about milestone 37' }));
    expect(audit).toHaveBeenLastCalledWith({ objectType: 'milestone', objectId: '37' });
    expect(await screen.findByLabelText('Object')).toHaveValue('milestone');
    expect(screen.getByLabelText('Object number')).toHaveValue('37');
  });

  it('says what the server refuses, and when nothing matches', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest
      .spyOn(adminApi, 'audit')
      .mockResolvedValueOnce(page([]))
      .mockRejectedValueOnce(new AdminApiError(400, 'The “from” date must be on or before the “to” date.'));
    renderAt('/admin/audit');
    expect(await screen.findByText('No entry yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-03-04' } });
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The “from” date must be on or before the “to” date.');
  });

  it.each([375, 1280])('has no axe violations at %i px', async (width) => {
    signedInAs('finance');
    jest.spyOn(adminApi, 'audit').mockResolvedValue(page([split, read, signIn, search], 87));
    renderAt('/admin/audit');
    await screen.findByRole('table');
    await expectNoAxeViolations(width);
  });
});
