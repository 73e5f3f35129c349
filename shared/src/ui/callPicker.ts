import { useEffect, useState } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { CALL_PATHS, type FreeSlots } from '../contracts/calls';
import { pathTo } from '../contracts/paths';
import { authStore, isSignedIn } from '../auth/authStore';
import { request } from '../api/http';
import { openLoginModal } from './loginModalStore';

/**
 * 'Schedule a call' from any page of any remote (a public profile, a conversation, a proposal, a workspace): the
 * remote renders its own button and calls `requestCall`; the shell renders mf-profile's picker (`mf_profile/
 * CallPicker`) while this store says so. Remotes never import each other, so the picker is reached only through
 * this store, as the sign-in modal is. A signed-out visitor signs in first and comes back to the picker: the
 * return address carries `?scheduleCall=<expertId>`, which the shell's host turns back into an open picker.
 */
interface CallPickerState {
  expertId: number | null;
  /** Set when the expert (expertId) proposes times to this member instead of a member booking. */
  proposeTo?: number | null;
  /** Asked for while signed out (a sign-up stays on the page): the host opens it once the member is signed in. */
  pending: number | null;
}

export const CALL_PICKER_PARAM = 'scheduleCall';

export const callPickerStore = createStore<CallPickerState>(() => ({ expertId: null, pending: null, proposeTo: null }));

export function openCallPicker(expertId: number): void {
  callPickerStore.setState({ expertId, pending: null, proposeTo: null });
}

/** The expert (signed in) proposes up to three of their free times to a member: the same picker, choosing times. */
export function openCallProposal(expertId: number, memberId: number): void {
  callPickerStore.setState({ expertId, pending: null, proposeTo: memberId });
}

export function closeCallPicker(): void {
  callPickerStore.setState({ expertId: null, pending: null, proposeTo: null });
}

export function useCallPicker(): CallPickerState {
  return useStore(callPickerStore);
}

/** What a 'Schedule a call' button does: the picker, or sign-in first with the way back to it. */
export function requestCall(expertId: number, here: { pathname: string; search: string } = window.location): void {
  if (isSignedIn(authStore.getState())) {
    openCallPicker(expertId);
    return;
  }
  const params = new URLSearchParams(here.search);
  params.set(CALL_PICKER_PARAM, String(expertId));
  callPickerStore.setState({ pending: expertId });
  openLoginModal('login', `${here.pathname}?${params.toString()}`, { stayAfterSignUp: true });
}

export type ExpertCalendar = 'loading' | 'open' | 'closed' | 'unknown';

/** The one call the buttons make (an object, so a page's tests mock it like any API client). */
export const expertCalendarApi = {
  status: (expertId: number) => request<FreeSlots>('get', pathTo(CALL_PATHS.slots, { id: expertId }), { fallbackError: 'Could not load the calendar.' }),
};

/**
 * Whether the expert has opened their calendar, for the button's words: until they have, it says so and the page
 * offers 'Message' instead. 'unknown' when the API could not be asked (the button stays, the picker says why).
 */
export function useExpertCalendar(expertId: number | null | undefined): ExpertCalendar {
  const [state, setState] = useState<ExpertCalendar>('loading');
  useEffect(() => {
    if (!expertId) return;
    let live = true;
    setState('loading');
    expertCalendarApi.status(expertId).then(
      (answer) => live && setState(answer.open ? 'open' : 'closed'),
      () => live && setState('unknown'),
    );
    return () => {
      live = false;
    };
  }, [expertId]);
  return state;
}
