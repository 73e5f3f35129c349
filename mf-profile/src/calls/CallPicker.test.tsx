import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError, CALL_MESSAGES, signIn, signOut, type CallList, type FreeSlots } from '@sciexperts/shared';
import { callsApi } from '@sciexperts/shared/member';
import { CallPicker } from './CallPicker';
import { CallsPage } from './CallsPage';
import { aCall } from './aCall';

// The viewer is in New York, the expert in Berlin: each time reads in the viewer's zone with the expert's beside it.
const realFormat = Intl.DateTimeFormat;
beforeEach(() => {
  jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(((locale?: string, options?: Intl.DateTimeFormatOptions) =>
    new realFormat(locale, { timeZone: 'America/New_York', ...options })) as unknown as typeof Intl.DateTimeFormat);
  // The editor's zone list, shortened: axe over the platform's four hundred zones takes seconds in jsdom.
  (Intl as unknown as { supportedValuesOf: (key: string) => string[] }).supportedValuesOf = () => ['America/New_York', 'Europe/Berlin', 'UTC'];
});
afterEach(() => jest.restoreAllMocks());

const open: FreeSlots = {
  expertId: 7,
  expertName: 'Ada Lovelace',
  open: true,
  timeZone: 'Europe/Berlin',
  lengths: [15, 30],
  lengthMinutes: 15,
  slots: ['2026-03-02T14:00:00.000Z', '2026-03-02T14:15:00.000Z', '2026-03-02T14:30:00.000Z', '2026-03-03T14:00:00.000Z'],
};

const call = aCall;

describe('the slot picker', () => {
  it('is used with the keyboard alone: day, a time by arrow keys, the agenda, then Book', async () => {
    const user = userEvent.setup();
    jest.spyOn(callsApi, 'slots').mockResolvedValue(open);
    const book = jest.spyOn(callsApi, 'book').mockResolvedValue(call());
    render(<CallPicker expertId={7} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a call with Ada Lovelace' });
    const day = await within(dialog).findByRole('combobox', { name: 'Day' });
    await waitFor(() => expect(day).toHaveFocus());
    // 14:00Z on 2 March is 09:00 in New York and 15:00 in Berlin.
    expect(within(dialog).getByRole('radio', { name: '09:00 your time (15:00 Berlin)' })).toBeInTheDocument();
    await user.tab();
    const first = within(dialog).getByRole('radio', { name: '09:00 your time (15:00 Berlin)' });
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    await user.keyboard('{ArrowDown}');
    const second = within(dialog).getByRole('radio', { name: '09:15 your time (15:15 Berlin)' });
    expect(second).toHaveFocus();
    expect(second).toBeChecked();
    await user.tab();
    expect(within(dialog).getByRole('textbox', { name: 'Agenda' })).toHaveFocus();
    await user.keyboard('Power analysis');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Book call' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // The viewer's zone goes with the booking: their invitation names their own time.
    expect(book).toHaveBeenCalledWith({ expertId: 7, startsAt: '2026-03-02T14:15:00.000Z', lengthMinutes: 15, agenda: 'Power analysis', timeZone: 'America/New_York' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your 15-minute call with Ada Lovelace is booked for Mon 2 Mar, 09:15 your time (15:15 Berlin).');
  });

  it("groups a day's times by part of the day and keeps the chosen time beside 'Book call'", async () => {
    const user = userEvent.setup();
    // 14:00Z is 09:00 in New York (morning), 18:00Z is 13:00 (afternoon), 23:00Z is 18:00 (evening).
    jest.spyOn(callsApi, 'slots').mockResolvedValue({ ...open, slots: ['2026-03-02T14:00:00.000Z', '2026-03-02T18:00:00.000Z', '2026-03-02T23:00:00.000Z'] });
    render(<CallPicker expertId={7} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a call with Ada Lovelace' });
    expect(within(within(dialog).getByRole('group', { name: 'Morning' })).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['09:00 your time (15:00 Berlin)']);
    expect(within(dialog).getByRole('group', { name: 'Afternoon' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Evening' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Night' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('No time chosen yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '13:00 your time (19:00 Berlin)' }));
    expect(within(dialog).getByText('Chosen: Mon 2 Mar, 13:00 your time (19:00 Berlin).')).toBeInTheDocument();
  });

  it('says a time was just taken and shows the free times now, without the taken one', async () => {
    const user = userEvent.setup();
    jest.spyOn(callsApi, 'slots').mockResolvedValue(open);
    jest.spyOn(callsApi, 'book').mockRejectedValue(new ApiError(CALL_MESSAGES.justTaken, 409, { message: CALL_MESSAGES.justTaken, slots: [open.slots[0], open.slots[2]] } as never));
    render(<CallPicker expertId={7} onClose={() => undefined} />);
    await user.click(await screen.findByRole('radio', { name: '09:15 your time (15:15 Berlin)' }));
    await user.click(screen.getByRole('button', { name: 'Book call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CALL_MESSAGES.justTaken);
    expect(screen.queryByRole('radio', { name: '09:15 your time (15:15 Berlin)' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '09:30 your time (15:30 Berlin)' })).not.toBeChecked();
  });

  it("offers 'Message' until the expert has opened their calendar", async () => {
    jest.spyOn(callsApi, 'slots').mockResolvedValue({ ...open, open: false, timeZone: null, lengths: [], lengthMinutes: null, slots: [] });
    render(<CallPicker expertId={7} onClose={() => undefined} />);
    expect(await screen.findByText('Ada Lovelace has not opened their calendar yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/chat?with=7');
  });

  it('lets the expert propose up to three of their times to a member, from a conversation', async () => {
    const user = userEvent.setup();
    jest.spyOn(callsApi, 'slots').mockResolvedValue(open);
    const propose = jest.spyOn(callsApi, 'propose').mockResolvedValue(call({ state: 'proposed', role: 'expert', startsAt: null, proposedTimes: [open.slots[0]!, open.slots[2]!] }));
    render(<CallPicker expertId={7} proposeTo={9} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Propose times for a call' });
    await user.click(await within(dialog).findByRole('checkbox', { name: '09:30 your time (15:30 Berlin)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '09:00 your time (15:00 Berlin)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '09:15 your time (15:15 Berlin)' }));
    // Three chosen: the fourth waits (on another day).
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), 'Tue 3 Mar');
    expect(within(dialog).getByRole('checkbox', { name: '09:00 your time (15:00 Berlin)' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), 'Mon 2 Mar');
    await user.click(within(dialog).getByRole('checkbox', { name: '09:15 your time (15:15 Berlin)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send times' }));
    expect(propose).toHaveBeenCalledWith({ memberId: 9, times: [open.slots[0], open.slots[2]], lengthMinutes: 15, agenda: '' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your 2 times are sent to Olivia, who chooses one on their Scheduled Calls page.');
  });

  it.each([1280, 375])('has no axe violations at %i px', async (width) => {
    jest.spyOn(callsApi, 'slots').mockResolvedValue(open);
    render(<CallPicker expertId={7} onClose={() => undefined} />);
    await screen.findByRole('combobox', { name: 'Day' });
    await expectNoAxeViolations(width);
  });
});

describe('the calls page', () => {
  const list: CallList = {
    upcoming: [call(), call({ id: 2, state: 'proposed', startsAt: null, proposedTimes: ['2026-03-03T14:00:00.000Z'] }), call({ id: 3, reschedule: { startsAt: '2026-03-03T14:00:00.000Z', times: ['2026-03-03T14:00:00.000Z', '2026-03-03T15:00:00.000Z'], byMe: false } })],
    past: [call({ id: 4, state: 'cancelled', cancelReason: 'Plans changed', cancelledByMe: false, past: true })],
  };
  /** A call that has not started (whatever today is), so it can be rescheduled. */
  const ahead: CallList = { upcoming: [call({ startsAt: '2099-03-02T14:15:00.000Z' })], past: [] };
  beforeEach(() => {
    jest.spyOn(callsApi, 'list').mockResolvedValue(list);
    jest.spyOn(callsApi, 'availability').mockResolvedValue({ open: false, timeZone: 'UTC', weeklyHours: [], lengths: [30], minNoticeMinutes: 240, bufferMinutes: 10, awayDates: [] });
    jest.spyOn(callsApi, 'feed').mockResolvedValue({ active: false, url: null });
  });

  // The clock is faked, not Intl (the fake timers' own Intl would drop the viewer's zone set above; jest's types
  // do not list 'Intl' yet, though its fake-timers fake it).
  it("lists upcoming and past calls with their state; 'Join' opens the room only from ten minutes before", async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T13:50:00.000Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'Intl' as never] });
    try {
      render(<CallsPage />);
      const upcoming = await within(screen.getByRole('region', { name: 'Upcoming calls' })).findAllByRole('listitem');
      expect(upcoming[0]).toHaveTextContent('15-minute call with Ada Lovelace');
      expect(upcoming[0]).toHaveTextContent('Mon 2 Mar, 09:15 your time (15:15 Berlin)');
      // 14:05 is ten minutes before 14:15: still 13:50 here, so 'Join' waits.
      expect(within(upcoming[0]!).getByRole('button', { name: 'Join' })).toHaveAttribute('aria-disabled', 'true');
      // Both zones on every answer, as the list gives them; each offered new time is its own button.
      expect(within(upcoming[1]!).getByRole('button', { name: 'Accept Tue 3 Mar, 09:00 your time (15:00 Berlin)' })).toBeInTheDocument();
      expect(within(upcoming[2]!).getByRole('button', { name: 'Accept new time Tue 3 Mar, 09:00 your time (15:00 Berlin)' })).toBeInTheDocument();
      expect(within(upcoming[2]!).getByRole('button', { name: 'Accept new time Tue 3 Mar, 10:00 your time (16:00 Berlin)' })).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Past calls' })).getByRole('listitem')).toHaveTextContent('Cancelled: Plans changed');
    } finally {
      jest.useRealTimers();
    }
  });

  it("makes 'Join' a link to the meeting room ten minutes before the start", async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T14:05:00.000Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'Intl' as never] });
    try {
      render(<CallsPage />);
      const [first] = await within(screen.getByRole('region', { name: 'Upcoming calls' })).findAllByRole('listitem');
      expect(within(first!).getByRole('link', { name: 'Join' })).toHaveAttribute('href', 'https://meet.jit.si/SciExperts-room');
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows a member without an expert profile 'Offer calls', not an expert's availability", async () => {
    const user = userEvent.setup();
    render(<CallsPage />);
    const offer = await screen.findByRole('button', { name: 'Offer calls' });
    expect(screen.queryByRole('heading', { name: 'Your availability' })).not.toBeInTheDocument();
    expect(screen.queryByText(/instead of a call/)).not.toBeInTheDocument();
    await user.click(offer);
    expect(await screen.findByRole('heading', { name: 'Your availability' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveFocus();
  });

  it('shows a member with an expert profile their availability at once', async () => {
    act(() => signIn('token', { id: 7, firstName: 'Ada', lastName: 'Lovelace', headline: 'Biostatistician', offeredServices: [] } as never));
    try {
      render(<CallsPage />);
      expect(await screen.findByRole('heading', { name: 'Your availability' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Offer calls' })).not.toBeInTheDocument();
    } finally {
      act(() => signOut());
    }
  });

  it('asks to move a call to up to three new times, on any days', async () => {
    const user = userEvent.setup();
    jest.spyOn(callsApi, 'slots').mockResolvedValue({ ...open, slots: [...open.slots, '2026-03-03T15:00:00.000Z'] });
    const reschedule = jest.spyOn(callsApi, 'reschedule').mockResolvedValue(call());
    jest.spyOn(callsApi, 'list').mockResolvedValue(ahead);
    render(<CallsPage />);
    const [first] = await within(screen.getByRole('region', { name: 'Upcoming calls' })).findAllByRole('listitem');
    await user.click(within(first!).getByRole('button', { name: 'Reschedule' }));
    await within(first!).findByRole('checkbox', { name: '09:00 your time (15:00 Berlin)' });
    // Nothing chosen: said at the call, nothing sent.
    await user.click(within(first!).getByRole('button', { name: 'Ask to move the call' }));
    expect(within(first!).getByText(CALL_MESSAGES.rescheduleCount)).toBeInTheDocument();
    expect(reschedule).not.toHaveBeenCalled();
    await user.click(within(first!).getByRole('checkbox', { name: '09:00 your time (15:00 Berlin)' }));
    await user.click(within(first!).getByRole('checkbox', { name: '09:30 your time (15:30 Berlin)' }));
    await user.selectOptions(within(first!).getByRole('combobox', { name: 'New time: day' }), 'Tue 3 Mar');
    await user.click(within(first!).getByRole('checkbox', { name: '10:00 your time (16:00 Berlin)' }));
    expect(within(first!).getByRole('checkbox', { name: '09:00 your time (15:00 Berlin)' })).toBeDisabled();
    await user.click(within(first!).getByRole('button', { name: 'Ask to move the call' }));
    expect(reschedule).toHaveBeenCalledWith(1, ['2026-03-02T14:00:00.000Z', '2026-03-02T14:30:00.000Z', '2026-03-03T15:00:00.000Z']);
    expect(await screen.findByText('Ada is asked to accept one of the new times.')).toBeInTheDocument();
  });

  it.each([1280, 375])('has no axe violations at %i px, the availability and a reschedule open', async (width) => {
    const user = userEvent.setup();
    jest.spyOn(callsApi, 'slots').mockResolvedValue(open);
    jest.spyOn(callsApi, 'list').mockResolvedValue(ahead);
    render(<CallsPage />);
    const [first] = await within(screen.getByRole('region', { name: 'Upcoming calls' })).findAllByRole('listitem');
    await user.click(await screen.findByRole('button', { name: 'Offer calls' }));
    await screen.findByRole('button', { name: 'Save availability' });
    await user.click(within(first!).getByRole('button', { name: 'Reschedule' }));
    await within(first!).findByRole('combobox', { name: 'New time: day' });
    await expectNoAxeViolations(width);
  });
});
