// What every test of an expert's public profile starts from: a signed-out visitor, the sign-in dialog closed, and
// the expert's calendar open (the profile's 'Schedule a call' asks for it).
import { act } from '@testing-library/react';
import { authStore, expertCalendarApi, loginModalStore } from '@sciexperts/shared';

export function onProfileSignedOut(): void {
  jest.spyOn(expertCalendarApi, 'status').mockResolvedValue({ expertId: 42, expertName: 'Ada Lovelace', open: true, timeZone: 'Europe/Berlin', lengths: [30], lengthMinutes: 30, slots: [] });
  act(() => {
    authStore.setState({ status: 'ready', token: null, user: null });
    loginModalStore.setState({ open: false, tab: 'login', returnTo: null, stayAfterSignUp: false });
  });
}
