// Scheduled calls between a member and an expert (docs/decisions/0036-scheduled-calls.md): the expert's
// availability, the free slots computed from it, booking, proposals, reschedules, cancellations, calendar
// invitations and a private calendar feed. Paths, limits and the sentences the API answers with, shared by the
// server and the clients. Types are Static<> of the TypeBox schemas in ./schemas/calls (type-only import).
import type { Static } from 'typebox';
import { DIRECTORY_MESSAGES } from './directory';
import type * as S from './schemas/calls';

export const CALL_PATHS = {
  /** The signed-in member's own availability (GET, PUT). */
  availability: '/api/Calls/Availability',
  /** An expert's free slots for one length, over the next CALL_LIMITS.horizonDays (public). */
  slots: '/api/Calls/Experts/:id/Slots',
  /** The member's calls (GET), or book one (POST). */
  calls: '/api/Calls',
  /** The next upcoming call, for the dashboard. */
  nextCall: '/api/Calls/Next',
  call: '/api/Calls/:id',
  /** The expert proposes up to three times to a member. */
  propose: '/api/Calls/Propose',
  /** The member accepts one of the proposed times. */
  accept: '/api/Calls/:id/Accept',
  reschedule: '/api/Calls/:id/Reschedule',
  acceptReschedule: '/api/Calls/:id/Reschedule/Accept',
  declineReschedule: '/api/Calls/:id/Reschedule/Decline',
  cancel: '/api/Calls/:id/Cancel',
  noShow: '/api/Calls/:id/NoShow',
  /** The member's private calendar feed: whether it exists (GET), a new secret URL (POST, revokes the old), revoke (DELETE). */
  feed: '/api/Calls/Feed',
  /**
   * The feed itself, read by calendar apps with the secret in the path. Outside /api/Calls, so that no call path
   * (/api/Calls/:id/Accept …) can match a feed's address: a router or generated client matching by pattern could not
   * tell a token from a call id there.
   */
  feedFile: '/api/CalendarFeeds/:token',
  /** Where feeds lived before: answers 301 to feedFile, for calendars that subscribed then. */
  legacyFeedFile: '/api/Calls/Feed/:token',
} as const;

/** The member area's page listing a member's calls. */
export const CALLS_PAGE_PATH = '/profile/calls';

export const CALL_LENGTHS = [15, 30, 60] as const;
export type CallLength = (typeof CALL_LENGTHS)[number];

export const CALL_LIMITS = {
  /** Days ahead the picker offers. */
  horizonDays: 28,
  /** Slots start on this grid of minutes past the hour, in the expert's time zone. */
  stepMinutes: 15,
  /** Characters of a call's agenda. */
  agendaMax: 1000,
  /** Characters of a cancellation's reason. */
  reasonMax: 500,
  /** Times an expert may propose at once. */
  proposeMax: 3,
  /** New times a reschedule may offer at once, as a proposal does. */
  rescheduleMax: 3,
  /** Weekly hours intervals an availability may hold. */
  weeklyHoursMax: 28,
  /** Away dates an availability may hold. */
  awayDatesMax: 366,
  noticeMaxMinutes: 14 * 24 * 60,
  /** Buffers are whole multiples of 5 minutes up to an hour. */
  bufferMaxMinutes: 60,
  /** 'Join' becomes active this many minutes before the start. */
  joinEarlyMinutes: 10,
} as const;

/**
 * Where a call stands: 'proposed' (the expert offered times, the member has not chosen), 'booked', 'cancelled',
 * 'no-show' (marked afterwards by one party). A booked call whose end has passed is shown as past; a booked call may
 * carry a pending reschedule that the other party accepts or declines (then it keeps its time).
 */
export const CALL_STATES = ['proposed', 'booked', 'cancelled', 'no-show'] as const;
export type CallState = (typeof CALL_STATES)[number];

export const CALL_MESSAGES = {
  notFound: 'This call is not available.',
  /**
   * The other member cannot be called: missing, deleted, suspended, hidden by an operator or private (for a visitor,
   * also not listed). The same 404 as their profile, so a call reveals nothing the profile does not.
   */
  expertNotFound: DIRECTORY_MESSAGES.profileUnavailable,
  calendarClosed: 'This expert has not opened their calendar yet.',
  notOffered: 'This expert does not offer that time. Choose one of the free slots.',
  lengthNotOffered: 'This expert does not offer calls of that length.',
  past: 'That time has already passed. Choose one of the free slots.',
  justTaken: 'That time was just taken. Here are the free slots now.',
  agendaTooLong: `The agenda can be at most ${CALL_LIMITS.agendaMax} characters.`,
  reasonTooLong: `The reason can be at most ${CALL_LIMITS.reasonMax} characters.`,
  reasonRequired: 'Say why you cancel the call.',
  self: 'You cannot schedule a call with yourself.',
  notPending: 'This call has no change waiting for your answer.',
  notProposed: 'This call is not waiting for you to choose a time.',
  notAProposedTime: 'Choose one of the proposed times.',
  proposeCount: `Propose one to ${CALL_LIMITS.proposeMax} times.`,
  rescheduleCount: `Offer one to ${CALL_LIMITS.rescheduleMax} new times.`,
  notBooked: 'Only a booked call can be changed.',
  started: 'This call has already started.',
  notEnded: 'A no-show can be marked once the call has started.',
  ownProposal: 'Wait for the other party to answer your proposal.',
  invalidTime: 'Times are ISO 8601 instants, for example 2026-03-02T09:00:00Z.',
  invalidTimeZone: 'Choose a valid time zone.',
  invalidHours: 'Each weekly interval is a weekday (1 = Monday to 7 = Sunday) and a start before its end, in quarter hours.',
  invalidAwayDate: 'Away dates are written YYYY-MM-DD.',
  invalidBuffer: 'The buffer is a multiple of 5 minutes, at most an hour.',
  invalidNotice: 'The minimum notice is between 0 minutes and 14 days.',
  lengthsRequired: 'Offer at least one call length.',
  availabilitySaved: 'Your availability is saved.',
  feedRevoked: 'Your calendar feed address no longer works.',
} as const;

/** The words the UI shows (issue text, word for word where it gives them). */
export const CALL_TEXT = {
  schedule: 'Schedule a call',
  message: 'Message',
  join: 'Join',
  noCalendar: 'has not opened their calendar yet',
} as const;

export type Availability = Static<typeof S.Availability>;
export type AvailabilityInput = Static<typeof S.AvailabilityInput>;
export type WeeklyInterval = Static<typeof S.WeeklyInterval>;
export type FreeSlots = Static<typeof S.FreeSlots>;
export type Call = Static<typeof S.Call>;
export type CallList = Static<typeof S.CallList>;
export type NextCall = Static<typeof S.NextCall>;
export type BookCallInput = Static<typeof S.BookCallInput>;
export type ProposeCallInput = Static<typeof S.ProposeCallInput>;
export type CallTaken = Static<typeof S.CallTaken>;
export type CalendarFeed = Static<typeof S.CalendarFeed>;
export type RescheduleInput = Static<typeof S.RescheduleInput>;

/** Whether 'Join' is active: from ten minutes before the start until the end. */
export function canJoin(call: Pick<Call, 'state' | 'startsAt' | 'lengthMinutes'>, now: Date): boolean {
  if (call.state !== 'booked' || !call.startsAt) return false;
  const start = Date.parse(call.startsAt);
  return now.getTime() >= start - CALL_LIMITS.joinEarlyMinutes * 60_000 && now.getTime() < start + call.lengthMinutes * 60_000;
}
