import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@sciexperts/shared/router';
import { authStore, callPickerStore, expertCalendarApi, type FreeSlots, type User } from '@sciexperts/shared';
import { ChatCallAction } from './ChatCallAction';

const calendar = (open: boolean): FreeSlots => ({ expertId: 42, expertName: 'Ada Lovelace', open, timeZone: open ? 'Europe/Berlin' : null, lengths: open ? [30] : [], lengthMinutes: open ? 30 : null, slots: [] });

beforeEach(() => {
  act(() => {
    authStore.setState({ status: 'ready', token: 't', user: { id: 7, firstName: 'Grace', lastName: 'Hopper' } as User });
    callPickerStore.setState({ expertId: null, pending: null, proposeTo: null });
  });
});
afterEach(() => jest.restoreAllMocks());

describe("a conversation's 'Schedule a call'", () => {
  it('opens the slot picker for a counterpart whose calendar is open', async () => {
    jest.spyOn(expertCalendarApi, 'status').mockResolvedValue(calendar(true));
    render(
      <MemoryRouter initialEntries={['/chat?with=42']}>
        <ChatCallAction counterpartId={42} />
      </MemoryRouter>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Schedule a call' }));
    expect(callPickerStore.getState().expertId).toBe(42);
  });

  it("lets a member whose own calendar is open propose times to the counterpart", async () => {
    jest.spyOn(expertCalendarApi, 'status').mockImplementation(async (id) => calendar(id === 7));
    render(
      <MemoryRouter>
        <ChatCallAction counterpartId={42} />
      </MemoryRouter>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Propose times' }));
    expect(screen.queryByRole('button', { name: 'Schedule a call' })).toBeNull();
    expect(callPickerStore.getState()).toEqual({ expertId: 7, pending: null, proposeTo: 42 });
  });

  it('offers nothing when neither has an open calendar', async () => {
    const status = jest.spyOn(expertCalendarApi, 'status').mockResolvedValue(calendar(false));
    render(
      <MemoryRouter>
        <ChatCallAction counterpartId={42} />
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(status).toHaveBeenCalledWith(42);
    expect(screen.queryByRole('button', { name: 'Schedule a call' })).toBeNull();
  });
});
