// The concierge's shortlist as a project draft (docs/decisions/0041-reconciliation-and-concierge-drafts.md). Once
// an operator has answered a request, the member whose CONFIRMED e-mail address is the request's finds a draft made
// from it in My Projects, with the shortlisted experts invited. Invitations of a draft are held: the experts are told
// (and see the project) when the member publishes it. A request makes one draft, whoever claims it first and however
// often claiming runs: the claim is one conditional UPDATE of the request, in the transaction that writes the draft.
import { BUDGET_OPTIONS, PROJECT_LIMITS, SERVICE_CATALOGUE, type ProjectInput } from '@sciexperts/shared/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { isListedMember } from '../directory/repository';
import { checkProject, earliestToday, isRealDate } from '../projects/rules';

export interface ConciergeDraft {
  requestId: number;
  projectId: number;
  invited: number[];
}

/** What the requester named as a budget, as a fixed amount the draft can hold: the top of the range ("up to"). */
const BUDGET_CENTS: Record<string, number> = {
  'under-1000': 100_000,
  '1000-5000': 500_000,
  '5000-20000': 2_000_000,
  'over-20000': 2_000_000,
};
/** "Not sure yet" (or anything unknown): the smallest range's top, which the draft's text says to change. */
const UNSURE_BUDGET_CENTS = 100_000;
/** When the request's deadline has passed by the time the draft is made, the draft names a duration instead. */
const FALLBACK_DURATION = '1-4-weeks' as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const TITLE_WORDS_MAX = 80;

/** The request's first sentence (or line), shortened at a word to at most 80 characters. */
export function draftTitle(need: string): string {
  const clean = need.replace(CONTROL, ' ').trim();
  const first = (clean.split(/\r?\n/)[0] ?? clean).split(/(?<=[.!?])\s/)[0]!.trim();
  if (first.length <= TITLE_WORDS_MAX) return first.replace(/[.]$/, '');
  const cut = first.slice(0, TITLE_WORDS_MAX - 1);
  const atWord = cut.lastIndexOf(' ') > 40 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s,;:.]+$/, '')}…`;
}

/** The project's input made from a request; it passes the projects domain's own rules (checkProject). */
export function draftInput(request: { need: string; budget: string; deadline: string; createdAt: string }, service: string, now: Date): ProjectInput {
  const label = BUDGET_OPTIONS.find((o) => o.value === request.budget)?.label ?? 'Not sure yet';
  const cents = BUDGET_CENTS[request.budget] ?? UNSURE_BUDGET_CENTS;
  const deadlineFits = isRealDate(request.deadline) && request.deadline >= earliestToday(now);
  const footer = [
    `From your concierge request of ${request.createdAt.slice(0, 10)}.`,
    `Budget you named: ${label} (this draft says USD ${(cents / 100).toLocaleString('en-US')}; change it before publishing).`,
    deadlineFits ? null : `Deadline you named: ${request.deadline} (passed; this draft gives a duration instead).`,
  ].filter((line): line is string => line !== null);
  const need = request.need.replace(CONTROL, ' ').trim().slice(0, PROJECT_LIMITS.descriptionMax - 400);
  return {
    title: draftTitle(request.need),
    description: `${need}\n\n${footer.join('\n')}`,
    service,
    practiceAreas: [],
    budget: { type: 'fixed', amountCents: cents },
    ...(deadlineFits ? { deadline: request.deadline } : { duration: FALLBACK_DURATION }),
    // The request was private: the member chooses to make the project public.
    visibility: 'invite-only',
  };
}

/** The service most of the shortlisted experts offer (the catalogue's first when none does). */
async function serviceOf(db: Db, expertIds: number[]): Promise<string> {
  const names = SERVICE_CATALOGUE.map((s) => s.name as string);
  if (expertIds.length > 0) {
    const rows = await db.kysely
      .selectFrom('offeredServices as o')
      .innerJoin('services as s', 's.id', 'o.serviceId')
      .select(['s.name', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('o.userId', 'in', expertIds)
      .groupBy('s.name')
      .execute();
    const best = rows.filter((r) => names.includes(r.name)).sort((a, b) => Number(b.n) - Number(a.n) || names.indexOf(a.name) - names.indexOf(b.name))[0];
    if (best) return best.name;
  }
  return names[0]!;
}

/**
 * Makes the drafts of every answered request whose address is the member's confirmed e-mail and that no one has
 * claimed yet. Returns the drafts made now (none for an unconfirmed, deleted or suspended member).
 */
export async function claimConciergeDrafts(db: Db, userId: number, now: Date): Promise<ConciergeDraft[]> {
  const member = await db.kysely.selectFrom('users').select(['email', 'emailVerifiedAt', 'deletedAt', 'suspendedAt']).where('id', '=', userId).executeTakeFirst();
  if (!member || !member.emailVerifiedAt || member.deletedAt || member.suspendedAt) return [];
  const waiting = await db.kysely
    .selectFrom('conciergeRequests')
    .selectAll()
    .where(sql<boolean>`lower(${sql.ref('email')}) = ${member.email.toLowerCase()}`)
    .where('answeredAt', 'is not', null)
    .where('draftMemberId', 'is', null)
    .orderBy('id')
    .execute();
  const made: ConciergeDraft[] = [];
  for (const request of waiting) {
    const shortlist = (JSON.parse(request.shortlist ?? '[]') as number[]).filter((id) => id !== userId);
    // Experts suspended or hidden since the shortlist was sent are left out of the invitations.
    const listed: number[] = [];
    for (const id of shortlist) if (await isListedMember(db, id)) listed.push(id);
    const values = checkProject(draftInput(request, await serviceOf(db, listed), now), now);
    const at = now.toISOString();
    const draft = await db.kysely.transaction().execute(async (trx) => {
      // The claim: one request, one draft (a second claimer, waiting on the row in PostgreSQL, then matches nothing).
      const claimed = await trx.updateTable('conciergeRequests').set({ draftMemberId: userId }).where('id', '=', request.id).where('draftMemberId', 'is', null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      const project = await trx
        .insertInto('projects')
        .values({ ...values, practiceAreas: JSON.stringify(values.practiceAreas), ownerId: userId, status: 'draft', createdAt: at, updatedAt: at, publishedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Held invitations: nobody is told while the project is a draft (see tellHeldInvitations at publication).
      if (listed.length > 0) await trx.insertInto('projectInvitations').values(listed.map((expertId) => ({ projectId: project.id, expertId, status: 'invited', createdAt: at }))).execute();
      await trx.updateTable('conciergeRequests').set({ draftProjectId: project.id }).where('id', '=', request.id).execute();
      return { requestId: request.id, projectId: project.id, invited: listed };
    });
    if (draft) made.push(draft);
  }
  return made;
}

/** The member whose confirmed address is this one, if any (the requester may already be a member). */
export async function confirmedMemberWithEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`lower(${sql.ref('email')}) = ${email.trim().toLowerCase()}`)
    .where('emailVerifiedAt', 'is not', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Where a member may newly qualify (a sign-in, an address confirmed): makes their drafts, never failing the caller's
 * own work; a failure is logged and the next sign-in tries again.
 */
export async function claimConciergeDraftsQuietly(db: Db, log: { error: (obj: object, msg: string) => void }, userId: number, now: Date): Promise<void> {
  try {
    await claimConciergeDrafts(db, userId, now);
  } catch (err) {
    log.error({ err, userId }, 'concierge drafts not made');
  }
}
