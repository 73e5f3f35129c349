import { randomBytes } from 'node:crypto';
import {
  CALL_LIMITS as L,
  CALL_MESSAGES as M,
  CALL_PATHS as P,
  type Availability as AvailabilityT,
  type Call as CallT,
  type CallList as CallListT,
  type CalendarFeed as CalendarFeedT,
  type FreeSlots as FreeSlotsT,
} from '@sciexperts/shared/contracts';
import {
  AcceptInput,
  AcceptRescheduleInput,
  Availability,
  AvailabilityInput,
  BookCallInput,
  CalendarFeed,
  Call,
  CallList,
  CallTaken,
  CancelInput,
  FeedParams,
  FreeSlots,
  IdParams,
  NextCall,
  ProposeCallInput,
  RescheduleInput,
  SlotsQuery,
} from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors, open } from '../../http/schemas';
import { bearerToken } from '../../auth/tokens';
import { refuseIfBlocked } from '../blocks/rules';
import { memberName, notify, type NewNotification } from '../notifications/notify';
import { feedOf, feedUrlOf, hashToken, meetingUrlOf, sendInvitation } from './calendar';
import * as repo from './repository';
import { checkAgenda, checkAvailability, checkLength, checkReason, checkViewerZone, instantOf } from './rules';
import { freeSlots, isClear, isOffered, type AvailabilityRules } from './slots';

const tags = ['Calls'];
/** The OpenAPI description of the feed's answer: an iCalendar text. */
const CalendarFile = { description: 'The calls as iCalendar (RFC 5545).', content: { 'text/calendar': { schema: Type.String() } } };
const Id = IdParams('id');
const conflict = (message: string) => new HttpError(409, message);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Open to visitors; a member's bearer, when sent and valid, reads as that member (invalid: a visitor, never an error). */
const optionalBearer: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];

export const CALL_JOBS = { invite: 'calls.invite', reminder: 'calls.reminder' } as const;
interface InvitePayload {
  callId: number;
  sequence: number;
}
interface ReminderPayload {
  callId: number;
  startsAt: string;
  kind: '24h' | '15m';
}
const REMINDERS: Array<{ kind: ReminderPayload['kind']; before: number }> = [
  { kind: '24h', before: 24 * HOUR },
  { kind: '15m', before: 15 * MINUTE },
];

/**
 * Scheduled calls between a member and an expert: availability, free slots (computed in the expert's time zone,
 * see slots.ts), instant booking with the database as the double-booking guard, proposals of up to three times,
 * reschedules the other party accepts, cancellations with a reason, no-shows, iCalendar invitations and a private
 * calendar feed, and reminders a day and a quarter of an hour before. Only a call's two parties see or change it
 * (404 for anyone else).
 */
export const callsModule: Module = async (app) => {
  const { db, jobs, mailer, config, tokens } = app.ctx;
  const host = new URL(config.publicUrl).hostname;
  /** What every new call starts with, booked or proposed: its own calendar UID and room, nothing moved or ended. */
  const freshCall = (now: string) => ({
    rescheduleStartsAt: null,
    rescheduleTimes: '[]',
    rescheduleById: null,
    uid: repo.newUid(host),
    sequence: 0,
    room: repo.newRoom(),
    cancelReason: null,
    cancelledById: null,
    noShowById: null,
    createdAt: now,
    updatedAt: now,
  });
  const k = db.kysely as Kysely<Database>;
  const clock = () => app.ctx.clock();

  jobs.work<InvitePayload>(CALL_JOBS.invite, async (job) => {
    const call = await repo.callWithParties(k, job.payload.callId);
    // A later change sent its own invitation (with a higher SEQUENCE): this one is stale.
    if (!call || call.sequence !== job.payload.sequence || !call.startsAt) return;
    await sendInvitation(mailer, call, config, clock());
  });

  jobs.work<ReminderPayload>(CALL_JOBS.reminder, async (job) => {
    const { callId, startsAt, kind } = job.payload;
    await k.transaction().execute(async (trx) => {
      const call = await repo.callWithParties(trx, callId);
      // Moved or cancelled since: the reminder of the new time was queued with it.
      if (!call || call.state !== 'booked' || call.startsAt !== startsAt) return;
      const when = kind === '24h' ? 'tomorrow' : 'in 15 minutes';
      const items: NewNotification[] = [
        [call.clientId, memberName({ firstName: call.expertFirstName, lastName: call.expertLastName })],
        [call.expertId, memberName({ firstName: call.clientFirstName, lastName: call.clientLastName })],
      ].map(([userId, other]) => ({
        userId: userId as number,
        type: 'call-reminder',
        text: `Your call with ${other} starts ${when}.`,
        link: '/profile/calls',
        // Once per call, time and reminder, however often the job runs.
        sourceKey: `call:${callId}:${startsAt}:${kind}`,
      }));
      await notify(trx, jobs, items, clock());
    });
  });

  /** Queues the invitation of the call's current SEQUENCE and its reminders, in the change's transaction. */
  const afterChange = async (trx: Kysely<Database>, call: { id: number; sequence: number; startsAt: string | null; state: string }) => {
    await jobs.send<InvitePayload>(CALL_JOBS.invite, { callId: call.id, sequence: call.sequence }, { trx, singletonKey: `${call.id}:${call.sequence}` });
    if (call.state !== 'booked' || !call.startsAt) return;
    const start = Date.parse(call.startsAt);
    for (const r of REMINDERS) {
      const runAt = new Date(start - r.before);
      if (runAt.getTime() <= clock().getTime()) continue;
      await jobs.send<ReminderPayload>(CALL_JOBS.reminder, { callId: call.id, startsAt: call.startsAt, kind: r.kind }, { trx, runAt, singletonKey: `${call.id}:${call.startsAt}:${r.kind}` });
    }
  };

  const slotsFor = async (expertId: number, rules: AvailabilityRules, lengthMinutes: number) =>
    freeSlots(rules, await repo.busySpansOf(k, expertId, clock()), { lengthMinutes, now: clock() }).map((t) => new Date(t).toISOString());

  const view = (c: repo.CallWithParties, me: number): CallT => {
    const now = clock().getTime();
    const start = c.startsAt ? Date.parse(c.startsAt) : null;
    return {
      id: c.id,
      state: c.state as CallT['state'],
      role: c.expertId === me ? 'expert' : 'client',
      expert: { id: c.expertId, firstName: c.expertFirstName, lastName: c.expertLastName },
      client: { id: c.clientId, firstName: c.clientFirstName, lastName: c.clientLastName },
      startsAt: c.startsAt,
      lengthMinutes: c.lengthMinutes,
      expertTimeZone: c.expertTimeZone ?? 'UTC',
      clientTimeZone: repo.clientZoneOf(c),
      agenda: c.agenda,
      proposedTimes: c.state === 'proposed' ? (JSON.parse(c.proposedTimes) as string[]) : [],
      reschedule: c.rescheduleStartsAt ? { startsAt: c.rescheduleStartsAt, times: repo.rescheduleTimesOf(c), byMe: c.rescheduleById === me } : null,
      meetingUrl: meetingUrlOf(config, c.room),
      cancelReason: c.cancelReason,
      cancelledByMe: c.cancelledById === null ? null : c.cancelledById === me,
      noShowMarkedByMe: c.noShowById === null ? null : c.noShowById === me,
      sequence: c.sequence,
      past: start !== null && start + c.lengthMinutes * MINUTE <= now,
    };
  };

  /** The member `viewer` may have a call with, or the same 404 as that member's profile (repository.callableMember). */
  const callable = async (id: number, viewer: number | undefined) => {
    const found = await repo.callableMember(k, id, viewer);
    if (!found) throw notFound(M.expertNotFound);
    return found;
  };
  /** Another party's state and blocks, checked before any change between the two: 404 as their profile, then the block's 409. */
  const reachable = async (me: number, other: number) => {
    const found = await callable(other, me);
    await refuseIfBlocked(db, me, other);
    return found;
  };

  /** The expert's rules, or 409 when they have not opened their calendar. */
  const rulesOf = async (expertId: number) => {
    const rules = await repo.availabilityOf(k, expertId);
    if (!rules) throw conflict(M.calendarClosed);
    return rules;
  };

  /** 400 unless `start` is one of the expert's offered, future times for that length. */
  const checkOffered = (rules: AvailabilityRules, start: number, lengthMinutes: number, field = 'startsAt') => {
    const now = clock();
    if (start <= now.getTime()) throw badRequest([{ field, message: M.past }]);
    if (start > now.getTime() + (L.horizonDays + 1) * 24 * HOUR || !isOffered(rules, start, lengthMinutes, now)) throw badRequest([{ field, message: M.notOffered }]);
  };

  api(app).get(
    P.slots,
    {
      schema: {
        tags,
        operationId: 'getCallSlots',
        summary: "An expert's free call slots for one length over the next four weeks, earliest first",
        description:
          "Public. `open: false` (and no slots) until the expert sets their availability. Times are instants; the expert's time zone is given for showing them beside the viewer's. 404, as the expert's profile, for a deleted, suspended, hidden or private expert, and for a visitor also one whose public profile is not listed.",
        security: optionalBearer,
        params: Id,
        querystring: SlotsQuery,
        response: { 200: FreeSlots, ...errors(400, 404) },
      },
    },
    async (request): Promise<FreeSlotsT> => {
      const expertId = Number(request.params.id);
      const token = bearerToken(request.headers.authorization);
      const viewer = token ? (await tokens.verify(token))?.userId : undefined;
      const expert = await callable(expertId, viewer);
      const rules = await repo.availabilityOf(k, expertId);
      const expertName = memberName(expert);
      if (!rules) return { expertId, expertName, open: false, timeZone: null, lengths: [], lengthMinutes: null, slots: [] };
      const lengthMinutes = request.query.length === undefined ? rules.lengths[0]! : checkLength(Number(request.query.length), rules.lengths);
      return { expertId, expertName, open: true, timeZone: rules.timeZone, lengths: [...rules.lengths], lengthMinutes, slots: await slotsFor(expertId, rules, lengthMinutes) };
    },
  );

  api(app).get(
    P.feedFile,
    {
      schema: {
        tags,
        operationId: 'getCalendarFeed',
        summary: "A member's calls as an iCalendar feed, for calendar apps; the secret in the address is the only key",
        security: open,
        params: FeedParams,
        response: { 200: CalendarFile, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const feed = await k.selectFrom('calendarFeeds').select('userId').where('tokenHash', '=', hashToken(token)).executeTakeFirst();
      if (!feed) throw notFound('This calendar address no longer works.');
      reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store');
      return feedOf(await repo.callsOf(k, feed.userId), config, clock());
    },
  );

  // Feeds made before they moved out of /api/Calls: calendars keep polling the address they subscribed to.
  api(app).get(
    P.legacyFeedFile,
    {
      schema: {
        tags,
        operationId: 'getCalendarFeedLegacy',
        // Not in the published document: it exists for subscriptions made before, and /api/Calls/Feed/{token} is
        // the very pattern a call's /api/Calls/{id}/Accept also matches.
        hide: true,
        summary: 'The former address of a calendar feed: a permanent redirect to the same token under /api/CalendarFeeds',
        deprecated: true,
        security: open,
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
        response: { 301: Type.Object({ location: Type.String() }, { description: 'Moved: the same token under /api/CalendarFeeds (also in the Location header).' }), ...errors(400) },
      },
    },
    async (request, reply) => {
      const location = P.feedFile.replace(':token', encodeURIComponent(request.params.token));
      reply.code(301).header('location', location);
      return { location };
    },
  );

  await app.register(async (inner: FastifyInstance) => {
    requireSession(inner);
    const r = api(inner);

    /** The call, or 404 unless the member is one of its two parties. */
    const callFor = async (id: string, me: number) => {
      const call = await repo.callWithParties(k, Number(id));
      if (!call || (call.expertId !== me && call.clientId !== me)) throw notFound(M.notFound);
      return call;
    };
    const fresh = async (id: number, me: number) => view((await repo.callWithParties(k, id))!, me);

    r.get(
      P.availability,
      { schema: { tags, operationId: 'getMyAvailability', summary: 'The signed-in member’s call availability (`open: false` until set)', security: bearer, response: { 200: Availability, ...errors(401) } } },
      async (request): Promise<AvailabilityT> => {
        const rules = await repo.availabilityOf(k, auth(request).userId);
        if (!rules) return { open: false, timeZone: 'UTC', weeklyHours: [], lengths: [30], minNoticeMinutes: 240, bufferMinutes: 10, awayDates: [] };
        return { open: true, ...rules, weeklyHours: [...rules.weeklyHours], lengths: [...rules.lengths], awayDates: [...rules.awayDates] };
      },
    );

    r.put(
      P.availability,
      {
        schema: {
          tags,
          operationId: 'setMyAvailability',
          summary: 'Set time zone, weekly hours, offered lengths, minimum notice, buffer and away dates; opens the calendar',
          description: 'Calls already booked keep their times.',
          security: bearer,
          body: AvailabilityInput,
          response: { 200: Availability, ...errors(400, 401) },
        },
      },
      async (request): Promise<AvailabilityT> => {
        const rules = checkAvailability(request.body);
        await repo.saveAvailability(k, auth(request).userId, rules, clock());
        return { open: true, ...rules, weeklyHours: [...rules.weeklyHours], lengths: [...rules.lengths], awayDates: [...rules.awayDates] };
      },
    );

    r.get(
      P.calls,
      { schema: { tags, operationId: 'listMyCalls', summary: 'The member’s calls: upcoming (and proposed) soonest first, past latest first', security: bearer, response: { 200: CallList, ...errors(401) } } },
      async (request): Promise<CallListT> => {
        const me = auth(request).userId;
        const all = (await repo.callsOf(k, me)).map((c) => view(c, me));
        const isPast = (c: CallT) => c.past || c.state === 'cancelled' || c.state === 'no-show';
        return { upcoming: all.filter((c) => !isPast(c)), past: all.filter(isPast).reverse() };
      },
    );

    r.get(
      P.nextCall,
      { schema: { tags, operationId: 'getNextCall', summary: 'The member’s next booked call that has not ended (the dashboard’s)', security: bearer, response: { 200: NextCall, ...errors(401) } } },
      async (request) => {
        const me = auth(request).userId;
        const next = (await repo.callsOf(k, me)).map((c) => view(c, me)).find((c) => c.state === 'booked' && !c.past);
        return { call: next ?? null };
      },
    );

    r.post(
      P.calls,
      {
        schema: {
          tags,
          operationId: 'bookCall',
          summary: "Book one of an expert's free slots, at once",
          description:
            "400 for a time in the past or not offered (hours, notice, away dates, grid), a length the expert does not offer, or an agenda too long; 409 when the expert has not opened their calendar, either member blocked the other (with the block's sentence), or the time was just taken (with the free slots now); 404, as the expert's profile, for a deleted, suspended, hidden or private expert. Nothing is booked then.",
          security: bearer,
          body: BookCallInput,
          response: { 201: Call, 409: CallTaken, ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const me = auth(request).userId;
        const { expertId } = request.body;
        if (expertId === me) throw badRequest([{ field: 'expertId', message: M.self }]);
        const agenda = checkAgenda(request.body.agenda);
        const start = instantOf(request.body.startsAt, 'startsAt');
        const clientTimeZone = checkViewerZone(request.body.timeZone);
        await callable(expertId, me);
        const rules = await rulesOf(expertId);
        const lengthMinutes = checkLength(request.body.lengthMinutes, rules.lengths);
        checkOffered(rules, start, lengthMinutes);
        await refuseIfBlocked(db, me, expertId);
        // A call the expert booked with someone else is not in their blocks (those are the calls they give): it is
        // checked here. Two calls they give at once are refused by the blocks' unique index below.
        if (!isClear(start, lengthMinutes, rules.bufferMinutes, await repo.busySpansOf(k, expertId, clock()))) {
          reply.code(409);
          return { message: M.justTaken, slots: await slotsFor(expertId, rules, lengthMinutes) };
        }
        const now = clock().toISOString();
        try {
          const id = await k.transaction().execute(async (trx) => {
            const row = await trx
              .insertInto('calls')
              .values({
                expertId,
                clientId: me,
                state: 'booked',
                startsAt: new Date(start).toISOString(),
                lengthMinutes,
                agenda,
                proposedTimes: '[]',
                ...freshCall(now),
                clientTimeZone,
              })
              .returning(['id', 'sequence', 'startsAt', 'state'])
              .executeTakeFirstOrThrow();
            await repo.claim(trx, expertId, row.id, start, lengthMinutes, rules.bufferMinutes);
            await afterChange(trx, row);
            const client = (await repo.memberOf(trx, me))!;
            await notify(trx, jobs, [{ userId: expertId, type: 'call-booked', text: `${memberName(client)} booked a ${lengthMinutes}-minute call with you.`, link: '/profile/calls', sourceKey: `call:${row.id}:booked` }], clock());
            return row.id;
          });
          reply.code(201);
          return fresh(id, me);
        } catch (err) {
          if (err instanceof repo.SlotTaken) {
            reply.code(409);
            return { message: M.justTaken, slots: await slotsFor(expertId, rules, lengthMinutes) };
          }
          throw err;
        }
      },
    );

    r.post(
      P.propose,
      {
        schema: {
          tags,
          operationId: 'proposeCall',
          summary: 'The expert proposes one to three times to a member, who accepts one',
          description:
            "Each time must be one of the expert’s free slots now; the times are not held until accepted. 404, as the member's profile, for a deleted, suspended, hidden or private member; 409 with the block's sentence when either blocked the other.",
          security: bearer,
          body: ProposeCallInput,
          response: { 201: Call, ...errors(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        const me = auth(request).userId;
        const { memberId, times } = request.body;
        if (memberId === me) throw badRequest([{ field: 'memberId', message: M.self }]);
        if (times.length < 1 || times.length > L.proposeMax) throw badRequest([{ field: 'times', message: M.proposeCount }]);
        const agenda = checkAgenda(request.body.agenda);
        const rules = await rulesOf(me);
        const lengthMinutes = checkLength(request.body.lengthMinutes, rules.lengths);
        const starts = [...new Set(times.map((t, i) => instantOf(t, `times.${i}`)))].sort((a, b) => a - b);
        starts.forEach((s) => checkOffered(rules, s, lengthMinutes, 'times'));
        await reachable(me, memberId);
        const now = clock().toISOString();
        const id = await k.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('calls')
            .values({
              expertId: me,
              clientId: memberId,
              state: 'proposed',
              startsAt: null,
              lengthMinutes,
              agenda,
              proposedTimes: JSON.stringify(starts.map((s) => new Date(s).toISOString())),
              ...freshCall(now),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const expert = (await repo.memberOf(trx, me))!;
          await notify(trx, jobs, [{ userId: memberId, type: 'call-booked', text: `${memberName(expert)} proposed ${starts.length === 1 ? 'a time' : `${starts.length} times`} for a call. Choose one.`, link: '/profile/calls', sourceKey: `call:${row.id}:proposed` }], clock());
          return row.id;
        });
        reply.code(201);
        return fresh(id, me);
      },
    );

    /** Moves a booked or proposed call to `start`: claims its new blocks, raises SEQUENCE, queues invitation and reminders. */
    const moveTo = async (call: repo.CallWithParties, start: number, rules: AvailabilityRules, tell: NewNotification | null, clientTimeZone: string | null = call.clientTimeZone) => {
      try {
        await k.transaction().execute(async (trx) => {
          await repo.release(trx, call.id);
          await repo.claim(trx, call.expertId, call.id, start, call.lengthMinutes, rules.bufferMinutes);
          const sequence = call.state === 'proposed' ? 0 : call.sequence + 1;
          const row = await trx
            .updateTable('calls')
            .set({ state: 'booked', startsAt: new Date(start).toISOString(), proposedTimes: '[]', rescheduleStartsAt: null, rescheduleTimes: '[]', rescheduleById: null, clientTimeZone, sequence, updatedAt: clock().toISOString() })
            .where('id', '=', call.id)
            // The state this request read: a concurrent change makes this one a no-op, answered 409 below.
            .where('state', '=', call.state)
            .where('sequence', '=', call.sequence)
            .returning(['id', 'sequence', 'startsAt', 'state'])
            .executeTakeFirst();
          if (!row) throw conflict(M.notPending);
          await afterChange(trx, row);
          if (tell) await notify(trx, jobs, [tell], clock());
        });
      } catch (err) {
        if (err instanceof repo.SlotTaken) throw conflict(M.justTaken);
        throw err;
      }
    };

    r.post(
      P.accept,
      {
        schema: {
          tags,
          operationId: 'acceptProposedCall',
          summary: 'The member accepts one of the times the expert proposed; the call is booked',
          security: bearer,
          params: Id,
          body: AcceptInput,
          response: { 200: Call, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const me = auth(request).userId;
        const call = await callFor(request.params.id, me);
        if (call.state !== 'proposed' || call.clientId !== me) throw conflict(M.notProposed);
        const start = instantOf(request.body.startsAt, 'startsAt');
        const clientTimeZone = checkViewerZone(request.body.timeZone) ?? call.clientTimeZone;
        const proposed = (JSON.parse(call.proposedTimes) as string[]).map((t) => Date.parse(t));
        if (!proposed.includes(start)) throw badRequest([{ field: 'startsAt', message: M.notAProposedTime }]);
        if (start <= clock().getTime()) throw badRequest([{ field: 'startsAt', message: M.past }]);
        await reachable(me, call.expertId);
        const rules = await rulesOf(call.expertId);
        const client = memberName({ firstName: call.clientFirstName, lastName: call.clientLastName });
        await moveTo(call, start, rules, { userId: call.expertId, type: 'call-booked', text: `${client} accepted your proposed call.`, link: '/profile/calls', sourceKey: `call:${call.id}:accepted` }, clientTimeZone);
        return fresh(call.id, me);
      },
    );

    r.post(
      P.reschedule,
      {
        schema: {
          tags,
          operationId: 'rescheduleCall',
          summary: 'Ask to move a booked call to one of up to three other free slots; the other party accepts one, or the call keeps its time',
          description:
            "`times`: one to three free slots of the expert (or, as before, one `startsAt`); a new request replaces a pending one. 400 when none or more than three are given, or one is past, not offered or the call's current time. 409 when the call is not booked or has started. 404, as their profile, when the other party is deleted, suspended, hidden or private; 409 with the block's sentence when either blocked the other. Nothing changes and nobody is notified then.",
          security: bearer,
          params: Id,
          body: RescheduleInput,
          response: { 200: Call, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const me = auth(request).userId;
        const call = await callFor(request.params.id, me);
        if (call.state !== 'booked') throw conflict(M.notBooked);
        if (Date.parse(call.startsAt!) <= clock().getTime()) throw conflict(M.started);
        const { times: given, startsAt: single } = request.body;
        const field = given ? 'times' : 'startsAt';
        const raw = given ?? (single === undefined ? [] : [single]);
        if (raw.length < 1 || raw.length > L.rescheduleMax) throw badRequest([{ field: 'times', message: M.rescheduleCount }]);
        const starts = [...new Set(raw.map((t, i) => instantOf(t, given ? `times.${i}` : 'startsAt')))].sort((a, b) => a - b);
        const other = me === call.expertId ? call.clientId : call.expertId;
        await reachable(me, other);
        const rules = await rulesOf(call.expertId);
        const current = Date.parse(call.startsAt!);
        for (const s of starts) {
          // The call's own time is no move; isOffered would refuse it anyway (its blocks are taken by the call itself).
          if (s === current) throw badRequest([{ field, message: M.notOffered }]);
          checkOffered(rules, s, call.lengthMinutes, field);
        }
        const times = starts.map((s) => new Date(s).toISOString());
        const start = starts[0]!;
        const myName = me === call.expertId ? memberName({ firstName: call.expertFirstName, lastName: call.expertLastName }) : memberName({ firstName: call.clientFirstName, lastName: call.clientLastName });
        await k.transaction().execute(async (trx) => {
          await trx.updateTable('calls').set({ rescheduleStartsAt: new Date(start).toISOString(), rescheduleTimes: JSON.stringify(times), rescheduleById: me, updatedAt: clock().toISOString() }).where('id', '=', call.id).execute();
          const ask = times.length === 1 ? 'Accept the new time or keep the current one.' : `Accept one of ${times.length} new times or keep the current one.`;
          await notify(trx, jobs, [{ userId: other, type: 'call-changed', text: `${myName} asks to move your call. ${ask}`, link: '/profile/calls', sourceKey: `call:${call.id}:reschedule:${times.join(',')}:${call.sequence}` }], clock());
        });
        return fresh(call.id, me);
      },
    );

    r.post(
      P.acceptReschedule,
      {
        schema: {
          tags,
          operationId: 'acceptCallReschedule',
          summary: 'Accept one of the new times the other party asked for; both calendars update (same UID, higher SEQUENCE)',
          description:
            "`startsAt`: which of the offered times (may be left out when only one was offered; 400 when it is not one of them). 409 when the new time was taken meanwhile; the call then keeps its time. 404, as their profile, when the other party is deleted, suspended, hidden or private; 409 with the block's sentence when either blocked the other (the request stays).",
          security: bearer,
          params: Id,
          body: AcceptRescheduleInput,
          response: { 200: Call, ...errors(400, 401, 404, 409) },
        },
        // Clients from before several times could be offered send no body at all: that is the empty choice.
        preValidation: async (request: { body: unknown }) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
      },
      async (request) => {
        const me = auth(request).userId;
        const call = await callFor(request.params.id, me);
        if (call.state !== 'booked' || !call.rescheduleStartsAt || call.rescheduleById === me) throw conflict(M.notPending);
        const offered = repo.rescheduleTimesOf(call).map((t) => Date.parse(t));
        const chosen = request.body.startsAt;
        const start = chosen === undefined ? (offered.length === 1 ? offered[0]! : Number.NaN) : instantOf(chosen, 'startsAt');
        if (!offered.includes(start)) throw badRequest([{ field: 'startsAt', message: M.notAProposedTime }]);
        if (start <= clock().getTime()) throw conflict(M.past);
        await reachable(me, me === call.expertId ? call.clientId : call.expertId);
        const rules = await rulesOf(call.expertId);
        try {
          await moveTo(call, start, rules, { userId: call.rescheduleById!, type: 'call-changed', text: 'Your call was moved to the new time you asked for.', link: '/profile/calls', sourceKey: `call:${call.id}:moved:${call.sequence + 1}` });
        } catch (err) {
          // Falls back: the request is dropped, the call keeps its time.
          await k.updateTable('calls').set({ rescheduleStartsAt: null, rescheduleTimes: '[]', rescheduleById: null }).where('id', '=', call.id).where('sequence', '=', call.sequence).execute();
          throw err;
        }
        return fresh(call.id, me);
      },
    );

    r.post(
      P.declineReschedule,
      {
        schema: {
          tags,
          operationId: 'declineCallReschedule',
          summary: 'Keep the current time: the request to move the call is dropped (either party)',
          security: bearer,
          params: Id,
          response: { 200: Call, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const me = auth(request).userId;
        const call = await callFor(request.params.id, me);
        if (call.state !== 'booked' || !call.rescheduleStartsAt) throw conflict(M.notPending);
        await k.updateTable('calls').set({ rescheduleStartsAt: null, rescheduleTimes: '[]', rescheduleById: null, updatedAt: clock().toISOString() }).where('id', '=', call.id).execute();
        return fresh(call.id, me);
      },
    );

    r.post(
      P.cancel,
      {
        schema: {
          tags,
          operationId: 'cancelCall',
          summary: 'Cancel a booked or proposed call with a reason, up to its start; both calendars remove it',
          security: bearer,
          params: Id,
          body: CancelInput,
          response: { 200: Call, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const me = auth(request).userId;
        const call = await callFor(request.params.id, me);
        const reason = checkReason(request.body.reason);
        if (call.state !== 'booked' && call.state !== 'proposed') throw conflict(M.notBooked);
        if (call.startsAt && Date.parse(call.startsAt) <= clock().getTime()) throw conflict(M.started);
        const other = me === call.expertId ? call.clientId : call.expertId;
        await k.transaction().execute(async (trx) => {
          await repo.release(trx, call.id);
          const sequence = call.state === 'booked' ? call.sequence + 1 : call.sequence;
          const row = await trx
            .updateTable('calls')
            .set({ state: 'cancelled', cancelReason: reason, cancelledById: me, rescheduleStartsAt: null, rescheduleTimes: '[]', rescheduleById: null, sequence, updatedAt: clock().toISOString() })
            .where('id', '=', call.id)
            .where('state', '=', call.state)
            .returning(['id', 'sequence', 'startsAt', 'state'])
            .executeTakeFirst();
          if (!row) throw conflict(M.notBooked);
          if (call.state === 'booked') await afterChange(trx, row);
          await notify(trx, jobs, [{ userId: other, type: 'call-changed', text: `Your call was cancelled: ${reason}`, link: '/profile/calls', sourceKey: `call:${call.id}:cancelled` }], clock());
        });
        return fresh(call.id, me);
      },
    );

    r.post(
      P.noShow,
      {
        schema: {
          tags,
          operationId: 'markCallNoShow',
          summary: 'Mark, once the call has started, that the other party did not come',
          security: bearer,
          params: Id,
          response: { 200: Call, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const me = auth(request).userId;
        const call = await callFor(request.params.id, me);
        if (call.state !== 'booked') throw conflict(M.notBooked);
        if (Date.parse(call.startsAt!) > clock().getTime()) throw conflict(M.notEnded);
        await k.updateTable('calls').set({ state: 'no-show', noShowById: me, updatedAt: clock().toISOString() }).where('id', '=', call.id).where('state', '=', 'booked').execute();
        return fresh(call.id, me);
      },
    );

    r.get(P.call, { schema: { tags, operationId: 'getCall', summary: 'One call, for its two parties only', security: bearer, params: Id, response: { 200: Call, ...errors(400, 401, 404) } } }, async (request) => {
      const me = auth(request).userId;
      return view(await callFor(request.params.id, me), me);
    });

    r.get(
      P.feed,
      { schema: { tags, operationId: 'getMyCalendarFeed', summary: 'Whether the member has a calendar feed address (the address itself is shown only when made)', security: bearer, response: { 200: CalendarFeed, ...errors(401) } } },
      async (request): Promise<CalendarFeedT> => {
        const row = await k.selectFrom('calendarFeeds').select('userId').where('userId', '=', auth(request).userId).executeTakeFirst();
        return { active: Boolean(row), url: null };
      },
    );

    r.post(
      P.feed,
      { schema: { tags, operationId: 'createMyCalendarFeed', summary: 'A new secret webcal:// address listing the member’s calls; the previous one stops working', security: bearer, response: { 200: CalendarFeed, ...errors(401) } } },
      async (request): Promise<CalendarFeedT> => {
        const userId = auth(request).userId;
        const token = randomBytes(24).toString('base64url');
        const values = { tokenHash: hashToken(token), createdAt: clock().toISOString() };
        await k.insertInto('calendarFeeds').values({ userId, ...values }).onConflict((oc) => oc.column('userId').doUpdateSet(values)).execute();
        return { active: true, url: feedUrlOf(config.publicUrl, token) };
      },
    );

    r.delete(
      P.feed,
      { schema: { tags, operationId: 'revokeMyCalendarFeed', summary: 'The calendar feed address stops working', security: bearer, response: { 200: CalendarFeed, ...errors(401) } } },
      async (request): Promise<CalendarFeedT> => {
        await k.deleteFrom('calendarFeeds').where('userId', '=', auth(request).userId).execute();
        return { active: false, url: null };
      },
    );
  });
};
