import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@sciexperts/shared/router';
import { authStore, callPickerStore, loginModalStore, type User } from '@sciexperts/shared';
import { ScheduleCallButton } from './ScheduleCallButton';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScheduleCallButton expertId={42} expertName="Ada Lovelace" />
    </MemoryRouter>,
  );

beforeEach(() =>
  act(() => {
    callPickerStore.setState({ expertId: null, pending: null });
    loginModalStore.setState({ open: false, tab: 'login', returnTo: null, stayAfterSignUp: false });
  }),
);

describe("'Schedule a call' on a proposal or in a workspace", () => {
  it("opens the expert's slot picker for a member", async () => {
    act(() => authStore.setState({ status: 'ready', token: 't', user: { id: 7 } as User }));
    renderAt('/profile/workspace/3');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Schedule a call with Ada Lovelace' }));
    expect(callPickerStore.getState()).toMatchObject({ expertId: 42, pending: null, proposeTo: null });
  });

  it('asks a signed-out visitor to sign in first and brings them back to the picker', async () => {
    act(() => authStore.setState({ status: 'ready', token: null, user: null }));
    renderAt('/projects/9?tab=proposals');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Schedule a call with Ada Lovelace' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, returnTo: '/projects/9?tab=proposals&scheduleCall=42' });
    expect(callPickerStore.getState()).toMatchObject({ expertId: null, pending: 42, proposeTo: null });
  });
});
