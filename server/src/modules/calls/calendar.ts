// Calendar invitations and feeds of scheduled calls. Every change of a booked call raises its SEQUENCE and sends
// both parties an iCalendar file with the call's stable UID: METHOD:REQUEST while it stands (Google, Outlook and
// Apple Calendar add it, then update the same event), METHOD:CANCEL once cancelled (they remove it).
import { createHash } from 'node:crypto';
import { CALL_PATHS } from '@sciexperts/shared/contracts';
import { createEvents, type EventAttributes } from 'ics';
import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import type { CallWithParties } from './repository';

const MINUTE = 60_000;
const PRODUCT_ID = '-//SciExperts//Scheduled calls//EN';

export const meetingUrlOf = (config: Pick<Config, 'callMeetingUrlTemplate'>, room: string) =>
  (config.callMeetingUrlTemplate ?? 'https://meet.jit.si/{room}').replace('{room}', encodeURIComponent(room));

const name = (first: string, last: string) => `${first} ${last}`.trim();

/** Line breaks as LF, and no control character but TAB and LF: RFC 5545 allows none other in a value, escaped or not. */
const clean = (value: string) =>
  Array.from(value.replace(/\r\n?/g, '\n'))
    .filter((c) => {
      const code = c.charCodeAt(0);
      return c === '\t' || c === '\n' || (code >= 0x20 && code !== 0x7f);
    })
    .join('');

/**
 * A TEXT value (SUMMARY, DESCRIPTION): cleaned here, then `ics` escapes '\\', ';', ',' and LF as RFC 5545 says. A bare
 * CR, which `ics` passed through raw, is a line break like any other.
 */
export const calendarText = (value: string) => clean(value);

/**
 * A parameter value (an organizer's or attendee's CN). RFC 5545 has no escape inside a quoted parameter value, so a
 * DQUOTE there ends it: `ics` writes `\"`, which every parser reads as the end of the name and the rest as the
 * address (a name could name its own address). RFC 6868's caret encoding is used instead: '^' as '^^', a line break
 * as '^n', '"' as "^'". Parsers that know RFC 6868 (ical.js, and so Thunderbird) give the name back exactly;
 * others show the carets, never another address.
 */
export const calendarParam = (value: string) =>
  clean(value)
    .replace(/\^/g, '^^')
    .replace(/\n/g, '^n')
    .replace(/"/g, "^'");

function eventOf(call: CallWithParties, config: Pick<Config, 'callMeetingUrlTemplate' | 'siteUrl'>, now: Date, cancelled: boolean): EventAttributes {
  const start = Date.parse(call.startsAt!);
  const url = meetingUrlOf(config, call.room);
  const expert = name(call.expertFirstName, call.expertLastName);
  const client = name(call.clientFirstName, call.clientLastName);
  const expertCn = calendarParam(expert);
  return {
    uid: call.uid,
    sequence: call.sequence,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: start + call.lengthMinutes * MINUTE,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: calendarText(`Call: ${client} and ${expert}`),
    description: calendarText(`${call.agenda ? `${call.agenda}\n\n` : ''}Join: ${url}\nYour calls: ${config.siteUrl}/profile/calls`),
    location: url,
    url,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: expertCn, email: call.expertEmail },
    attendees: [
      { name: calendarParam(client), email: call.clientEmail, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' },
      { name: expertCn, email: call.expertEmail, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' },
    ],
    productId: PRODUCT_ID,
    // DTSTAMP from the app's clock, so a test that moves time reads what it expects.
    ...({ timestamp: now.getTime() } as object),
  };
}

/** The invitation (or cancellation) of a call as an .ics text. */
export function invitationOf(call: CallWithParties, config: Pick<Config, 'callMeetingUrlTemplate' | 'siteUrl'>, now: Date): { method: 'REQUEST' | 'CANCEL'; ics: string } {
  const cancelled = call.state === 'cancelled';
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const { error, value } = createEvents([eventOf(call, config, now, cancelled)], { productId: PRODUCT_ID, method });
  if (error || !value) throw error ?? new Error('iCalendar generation failed');
  return { method, ics: value };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string, withDate: boolean) => {
  const key = `${zone}|${withDate}`;
  let f = formatters.get(key);
  if (!f) {
    const date = withDate ? ({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const) : {};
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...date, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, f);
  }
  return f;
};
/** A zone's readable name: 'Asia/Tokyo' → 'Tokyo', 'UTC' → 'UTC'. */
const zoneLabel = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
const dayOf = (at: Date, zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'numeric', year: 'numeric' }).format(at);

/**
 * When a call is, for one recipient: in their own zone, with the other party's beside it when it differs, as the
 * picker shows it ('Mon, 30 Nov 2026, 14:30 Tokyo time (06:30 Berlin time for Ada)'). An unknown zone reads as UTC,
 * named so; the other party's time carries its date when that is another day.
 */
export function whenFor(iso: string, mine: string | null, theirs: string | null, theirFirstName: string): string {
  const at = new Date(iso);
  const own = mine ?? 'UTC';
  const head = `${formatter(own, true).format(at)} ${mine ? `${zoneLabel(own)} time` : 'UTC'}`;
  if (!theirs || theirs === own) return head;
  const other = formatter(theirs, dayOf(at, theirs) !== dayOf(at, own)).format(at);
  return `${head} (${other} ${zoneLabel(theirs)} time for ${theirFirstName})`;
}

/**
 * Mails the call's current invitation to both parties: its times in each recipient's own zone (the expert's
 * availability; the client's availability or the zone their browser sent), and the invitation as the one
 * text/calendar part calendar clients act on.
 */
export async function sendInvitation(mailer: Mailer, call: CallWithParties, config: Pick<Config, 'callMeetingUrlTemplate' | 'siteUrl'>, now: Date): Promise<void> {
  const { method, ics } = invitationOf(call, config, now);
  const url = meetingUrlOf(config, call.room);
  const expertZone = call.expertTimeZone ?? null;
  const clientZone = call.clientOwnTimeZone ?? call.clientTimeZone ?? null;
  for (const [email, first, mine, theirs, theirFirst] of [
    [call.clientEmail, call.clientFirstName, clientZone, expertZone, call.expertFirstName],
    [call.expertEmail, call.expertFirstName, expertZone, clientZone, call.clientFirstName],
  ] as const) {
    const when = whenFor(call.startsAt!, mine, theirs, theirFirst);
    const subject = method === 'CANCEL' ? `Cancelled: call on ${when}` : call.sequence === 0 ? `Call booked: ${when}` : `Call moved: ${when}`;
    const text =
      method === 'CANCEL'
        ? `Hello ${first},\n\nThe call on ${when} is cancelled${call.cancelReason ? `: ${call.cancelReason}` : '.'}\nThe invitation in this e-mail removes it from your calendar.`
        : `Hello ${first},\n\nYour ${call.lengthMinutes}-minute call starts ${when}.\nJoin: ${url}\nThe invitation in this e-mail adds it to your calendar (or updates it).\nYour calls: ${config.siteUrl}/profile/calls`;
    await mailer.send({ to: email, subject, text, calendar: { method, content: ics } });
  }
}

/** A member's calendar feed: every booked or cancelled call with a time, no METHOD (a subscription, not an invitation). */
export function feedOf(calls: readonly CallWithParties[], config: Pick<Config, 'callMeetingUrlTemplate' | 'siteUrl'>, now: Date): string {
  const events = calls.filter((c) => c.startsAt && (c.state === 'booked' || c.state === 'cancelled' || c.state === 'no-show')).map((c) => eventOf(c, config, now, c.state === 'cancelled'));
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, calName: 'SciExperts calls' });
  if (error || value === null) throw error ?? new Error('iCalendar generation failed');
  // ics returns an empty string for no events; a calendar app wants a valid empty calendar.
  return value || `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:${PRODUCT_ID}\r\nX-WR-CALNAME:SciExperts calls\r\nEND:VCALENDAR\r\n`;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The webcal:// address of a feed token (calendar apps subscribe to it). */
export const feedUrlOf = (publicUrl: string, token: string) => `${publicUrl.replace(/^https?:/, 'webcal:')}${CALL_PATHS.feedFile.replace(':token', `${token}.ics`)}`;
