import {
  CALL_PATHS,
  type Availability,
  type AvailabilityInput,
  type BookCallInput,
  type CalendarFeed,
  type Call,
  type CallList,
  type FreeSlots,
  type NextCall,
  type ProposeCallInput,
} from '../contracts/calls';
import { pathTo } from '../contracts/paths';
import { request } from './http';

/** What the client says when the server gave no message of its own (not reached); the server's sentences win. */
const FAILED = {
  load: 'Failed to load the calls. Please try again.',
  slots: 'Failed to load the free times. Please try again.',
  save: 'Failed to save. Please try again.',
  book: 'Failed to book the call. Please try again.',
  change: 'Failed to change the call. Please try again.',
} as const;

/** Scheduled calls (server/src/modules/calls). A 409 of `book` carries the free slots now in ApiError's body. */
export const callsApi = {
  slots: (expertId: number, lengthMinutes?: number) => request<FreeSlots>('get', pathTo(CALL_PATHS.slots, { id: expertId }, { length: lengthMinutes }), { fallbackError: FAILED.slots }),
  book: (body: BookCallInput) => request<Call>('post', CALL_PATHS.calls, { json: body, fallbackError: FAILED.book }),
  /** The expert's one to three proposed times to a member, who accepts one on their calls page. */
  propose: (body: ProposeCallInput) => request<Call>('post', CALL_PATHS.propose, { json: body, fallbackError: FAILED.book }),
  list: () => request<CallList>('get', CALL_PATHS.calls, { fallbackError: FAILED.load }),
  next: () => request<NextCall>('get', CALL_PATHS.nextCall, { fallbackError: FAILED.load }),
  availability: () => request<Availability>('get', CALL_PATHS.availability, { fallbackError: FAILED.load }),
  saveAvailability: (body: AvailabilityInput) => request<Availability>('put', CALL_PATHS.availability, { json: body, fallbackError: FAILED.save }),
  /** `timeZone`: the member's browser zone, so their invitations give their own time. */
  accept: (id: number, startsAt: string, timeZone?: string) => request<Call>('post', pathTo(CALL_PATHS.accept, { id }), { json: { startsAt, timeZone }, fallbackError: FAILED.change }),
  /** One to CALL_LIMITS.rescheduleMax new times; the other party accepts one. */
  reschedule: (id: number, times: string[]) => request<Call>('post', pathTo(CALL_PATHS.reschedule, { id }), { json: { times }, fallbackError: FAILED.change }),
  acceptReschedule: (id: number, startsAt: string) => request<Call>('post', pathTo(CALL_PATHS.acceptReschedule, { id }), { json: { startsAt }, fallbackError: FAILED.change }),
  declineReschedule: (id: number) => request<Call>('post', pathTo(CALL_PATHS.declineReschedule, { id }), { fallbackError: FAILED.change }),
  cancel: (id: number, reason: string) => request<Call>('post', pathTo(CALL_PATHS.cancel, { id }), { json: { reason }, fallbackError: FAILED.change }),
  noShow: (id: number) => request<Call>('post', pathTo(CALL_PATHS.noShow, { id }), { fallbackError: FAILED.change }),
  feed: () => request<CalendarFeed>('get', CALL_PATHS.feed, { fallbackError: FAILED.load }),
  newFeed: () => request<CalendarFeed>('post', CALL_PATHS.feed, { fallbackError: FAILED.save }),
  revokeFeed: () => request<CalendarFeed>('delete', CALL_PATHS.feed, { fallbackError: FAILED.save }),
};

export type CallsApi = typeof callsApi;
