// Scheduled calls (see ../calls.ts). Server-only at run time. Shapes are checked here; what depends on the expert
// (offered lengths, hours, notice) and the limits with their own sentences are checked by
// server/src/modules/calls/rules.ts, which answers 400 with the sentences of CALL_MESSAGES.
import { Type } from 'typebox';
import { CALL_LIMITS as L, CALL_STATES } from '../calls';
import { Nullable, StringChoice } from './common';

const Instant = Type.String({ maxLength: 40, description: 'An ISO 8601 instant (UTC), e.g. 2026-03-02T09:00:00.000Z.' });
/** The zone of the member's browser, sent with a booking or an acceptance, so their invitations name their own time. */
const ViewerTimeZone = Type.Optional(Type.String({ maxLength: 64, description: "The member's IANA time zone, e.g. Asia/Tokyo; their invitations give times in it." }));

export const WeeklyInterval = Type.Object(
  {
    weekday: Type.Integer({ description: '1 = Monday … 7 = Sunday (ISO), in the expert’s time zone.' }),
    start: Type.String({ maxLength: 5, description: "'HH:mm', a quarter hour." }),
    end: Type.String({ maxLength: 5, description: "'HH:mm' after start; '24:00' for midnight." }),
  },
  { additionalProperties: false, title: 'WeeklyInterval' },
);

export const AvailabilityInput = Type.Object(
  {
    timeZone: Type.String({ maxLength: 64, description: 'An IANA time zone, e.g. Europe/Berlin.' }),
    weeklyHours: Type.Array(WeeklyInterval, { maxItems: L.weeklyHoursMax }),
    lengths: Type.Array(Type.Integer(), { maxItems: 3, description: 'Offered call lengths in minutes: 15, 30 and/or 60.' }),
    minNoticeMinutes: Type.Integer(),
    bufferMinutes: Type.Integer(),
    awayDates: Type.Array(Type.String({ maxLength: 10 }), { maxItems: L.awayDatesMax, description: "Whole days away, 'YYYY-MM-DD' in the expert's time zone." }),
  },
  { additionalProperties: false, title: 'AvailabilityInput' },
);

export const Availability = Type.Object(
  {
    open: Type.Boolean({ description: 'The member has set their availability (their calendar is open).' }),
    timeZone: Type.String(),
    weeklyHours: Type.Array(WeeklyInterval),
    lengths: Type.Array(Type.Integer()),
    minNoticeMinutes: Type.Integer(),
    bufferMinutes: Type.Integer(),
    awayDates: Type.Array(Type.String()),
  },
  { title: 'Availability' },
);

export const SlotsQuery = Type.Object(
  { length: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: 'Minutes; the shortest offered length by default.' })) },
  { additionalProperties: false },
);

export const FreeSlots = Type.Object(
  {
    expertId: Type.Integer(),
    expertName: Type.String(),
    open: Type.Boolean({ description: 'false: the expert has not opened their calendar; no slots.' }),
    timeZone: Nullable(Type.String({ description: "The expert's time zone." })),
    lengths: Type.Array(Type.Integer()),
    lengthMinutes: Nullable(Type.Integer()),
    slots: Type.Array(Instant, { description: 'Free start times, earliest first.' }),
  },
  { title: 'FreeSlots' },
);

export const BookCallInput = Type.Object(
  {
    expertId: Type.Integer({ minimum: 1 }),
    startsAt: Instant,
    lengthMinutes: Type.Integer(),
    agenda: Type.String({ description: `What the call is about, at most ${L.agendaMax} characters.` }),
    timeZone: ViewerTimeZone,
  },
  { additionalProperties: false, title: 'BookCallInput' },
);

export const ProposeCallInput = Type.Object(
  {
    memberId: Type.Integer({ minimum: 1 }),
    times: Type.Array(Instant, { description: `One to ${L.proposeMax} start times.` }),
    lengthMinutes: Type.Integer(),
    agenda: Type.String(),
  },
  { additionalProperties: false, title: 'ProposeCallInput' },
);

export const AcceptInput = Type.Object({ startsAt: Instant, timeZone: ViewerTimeZone }, { additionalProperties: false, title: 'AcceptCallInput' });
export const RescheduleInput = Type.Object(
  {
    times: Type.Optional(Type.Array(Instant, { description: `One to ${L.rescheduleMax} new start times; the other party accepts one.` })),
    startsAt: Type.Optional(Instant),
  },
  { additionalProperties: false, title: 'RescheduleCallInput', description: '`times`, or (as before) a single `startsAt`.' },
);
export const AcceptRescheduleInput = Type.Object(
  { startsAt: Type.Optional(Instant) },
  { additionalProperties: false, title: 'AcceptRescheduleInput', description: 'Which of the offered times; may be left out when only one was offered.' },
);
export const CancelInput = Type.Object({ reason: Type.String() }, { additionalProperties: false, title: 'CancelCallInput' });

const Party = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() });

export const Call = Type.Object(
  {
    id: Type.Integer(),
    state: StringChoice(CALL_STATES),
    /** The viewer's side of it. */
    role: StringChoice(['expert', 'client'] as const),
    expert: Party,
    client: Party,
    startsAt: Nullable(Instant),
    lengthMinutes: Type.Integer(),
    expertTimeZone: Type.String(),
    agenda: Type.String(),
    proposedTimes: Type.Array(Instant),
    clientTimeZone: Nullable(Type.String({ description: "The client's time zone when known (their availability, or the one sent when booking)." })),
    reschedule: Nullable(
      Type.Object({
        startsAt: Instant,
        times: Type.Array(Instant, { description: `The one to ${L.rescheduleMax} times offered, earliest first; startsAt is the first.` }),
        byMe: Type.Boolean(),
      }),
    ),
    meetingUrl: Type.String(),
    cancelReason: Nullable(Type.String()),
    cancelledByMe: Nullable(Type.Boolean()),
    noShowMarkedByMe: Nullable(Type.Boolean()),
    sequence: Type.Integer({ description: 'The iCalendar SEQUENCE of its latest invitation.' }),
    past: Type.Boolean({ description: 'Its end has passed.' }),
  },
  { title: 'Call' },
);

export const CallList = Type.Object({ upcoming: Type.Array(Call), past: Type.Array(Call) }, { title: 'CallList' });
export const NextCall = Type.Object({ call: Nullable(Call) }, { title: 'NextCall' });

/** 409 of a booking: the sentence and, when the time was just taken, the expert's free slots now. */
export const CallTaken = Type.Object(
  { message: Type.String(), slots: Type.Optional(Type.Array(Instant, { description: 'Only when the time was just taken.' })) },
  { title: 'CallTaken' },
);

export const CalendarFeed = Type.Object(
  { active: Type.Boolean(), url: Nullable(Type.String({ description: 'The webcal:// address; only in the answer that created it.' })) },
  { title: 'CalendarFeed' },
);

export const FeedParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,64}\\.ics$' }) }, { additionalProperties: false });
