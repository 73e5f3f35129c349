import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, CALL_MESSAGES, type Call, type CallList } from '@sciexperts/shared';
import { callsApi } from '@sciexperts/shared/member';
import { CallsPage } from './CallsPage';
import { aCall } from './aCall';

afterEach(() => jest.restoreAllMocks());

// Far ahead: the call has not started, so it can be cancelled.
const booked = aCall({ startsAt: '2099-03-02T14:15:00.000Z' });
const cancelled: Call = { ...booked, state: 'cancelled', cancelReason: 'Plans changed', cancelledByMe: true, past: true };
const before: CallList = { upcoming: [booked], past: [] };
const after: CallList = { upcoming: [], past: [cancelled] };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

beforeEach(() => {
  jest.spyOn(callsApi, 'availability').mockResolvedValue({ open: false, timeZone: 'UTC', weeklyHours: [], lengths: [30], minNoticeMinutes: 240, bufferMinutes: 10, awayDates: [] });
  jest.spyOn(callsApi, 'feed').mockResolvedValue({ active: false, url: null });
});

const upcoming = () => screen.getByRole('region', { name: 'Upcoming calls' });
const past = () => screen.getByRole('region', { name: 'Past calls' });

/** Opens the page, waits for the call, and asks to cancel it with a reason (the answers are the test's to give). */
async function cancelTheCall() {
  const user = userEvent.setup();
  render(<CallsPage />);
  const item = await within(upcoming()).findByRole('listitem');
  // The live regions on the page before anything is done: a screen reader announces text put into one of them.
  const regions = screen.getAllByRole('status');
  await user.click(within(item).getByRole('button', { name: 'Cancel call' }));
  await user.type(within(item).getByRole('textbox', { name: 'Why do you cancel?' }), 'Plans changed');
  await user.click(within(item).getByRole('button', { name: 'Cancel the call' }));
  return regions;
}

/** The confirmation is shown, in a live region that was there before, outside the lists, and holds the focus. */
function expectConfirmed(regions: HTMLElement[]) {
  const message = screen.getByText('The call is cancelled.');
  expect(message).toHaveAttribute('role', 'status');
  expect(regions).toContain(message);
  expect(upcoming()).not.toContainElement(message);
  expect(past()).not.toContainElement(message);
  expect(message.parentElement).toHaveFocus();
}

describe('cancelling a call on the calls page (issue 48)', () => {
  it('keeps the confirmation and the focus when the list is read again after the confirmation shows', async () => {
    const reread = deferred<CallList>();
    jest.spyOn(callsApi, 'list').mockResolvedValueOnce(before).mockReturnValueOnce(reread.promise);
    const cancel = jest.spyOn(callsApi, 'cancel').mockResolvedValue(cancelled);
    const regions = await cancelTheCall();
    expect(cancel).toHaveBeenCalledWith(1, 'Plans changed');
    await screen.findByText('The call is cancelled.');
    expectConfirmed(regions);
    expect(document.title).toBe('Scheduled Calls | SciExperts');

    // The list's answer arrives: the call moves to 'Past calls' (a new item there), the confirmation stays.
    await act(async () => reread.resolve(after));
    expect(within(upcoming()).queryByRole('listitem')).toBeNull();
    expect(within(past()).getByRole('listitem')).toHaveTextContent('Cancelled by you: Plans changed');
    expectConfirmed(regions);
  });

  it('keeps the confirmation and the focus when the list is read again before the confirmation renders', async () => {
    const answer = deferred<Call>();
    // The list answers at once: its new state lands in the same render as the cancel's outcome.
    jest.spyOn(callsApi, 'list').mockResolvedValueOnce(before).mockResolvedValueOnce(after);
    jest.spyOn(callsApi, 'cancel').mockReturnValue(answer.promise);
    const regions = await cancelTheCall();
    await act(async () => answer.resolve(cancelled));
    expect(within(past()).getByRole('listitem')).toHaveTextContent('Cancelled by you: Plans changed');
    expectConfirmed(regions);
  });

  it('keeps a refusal with the call, which stays where it was, and the focus on the form', async () => {
    const list = jest.spyOn(callsApi, 'list').mockResolvedValue(before);
    jest.spyOn(callsApi, 'cancel').mockRejectedValue(new ApiError(CALL_MESSAGES.notBooked, 409, null));
    await cancelTheCall();
    const item = within(upcoming()).getByRole('listitem');
    expect(await within(item).findByRole('status')).toHaveTextContent(CALL_MESSAGES.notBooked);
    expect(within(item).getByRole('button', { name: 'Cancel the call' })).toHaveFocus();
    expect(list).toHaveBeenCalledTimes(1);
  });
});
