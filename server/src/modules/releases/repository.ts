// The release registry's data (migration 0052_releases). Every change of what is live runs in one transaction that
// reads the remote's channel row (locked on PostgreSQL), checks the rule, writes the channel with a new generation,
// its history event and, for an operator, the audit entry: a change without its record cannot exist.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  RELEASE_LIMITS,
  type AuditAction,
  RELEASE_MESSAGES as M,
  releaseEntry,
  type LiveReleases,
  type ReleaseAction,
  type ReleaseEventView,
  type ReleaseRegistration,
  type ReleasesOverview,
  type ReleaseView,
  type SharedRequirement,
} from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { ReleaseChannelsTable, ReleaseEventsTable, ReleasesTable } from '../../db/schemaReleases';
import { HttpError, notFound } from '../../http/errors';
import { SERVER_ROOT } from '../../paths';
import { writeAudit } from '../admin/audit';
import type { OperatorIdentity } from '../admin/operators';
import { gateReasons, type ShellProfile } from './rules';

type ReleaseRow = Selectable<ReleasesTable>;
type ChannelRow = Selectable<ReleaseChannelsTable>;
type EventRow = Selectable<ReleaseEventsTable>;

/** Who changes the registry: an operator (audited in the console's log too), or the automatic rollback. */
export type Actor = { operator: Pick<OperatorIdentity, 'id' | 'email' | 'role'>; address: string } | { automatic: true };
const actorName = (actor: Actor) => ('automatic' in actor ? 'automatic' : actor.operator.email);
/**
 * Who the audit log names for the automatic rollback: no operator's row (the log's operatorId has no foreign key; 0 is
 * never an operator's id), the release role it acts for, and a name that says what it is.
 */
export const SYSTEM_AUDIT_OPERATOR = { id: 0, email: 'automatic rollback', role: 'release' } as const satisfies Pick<OperatorIdentity, 'id' | 'email' | 'role'>;

// ---- what the shell provides -------------------------------------------------------------------------------------

// The checkout the server runs from (server/.. in the sources and the compiled server alike).
const REPO_ROOT = path.resolve(SERVER_ROOT, '..');

/** sha256 of the exposes contract (line endings normalised): the same function as scripts/lib/releases.mjs. */
export function exposesContractHash(file = path.join(REPO_ROOT, 'shared', 'src', 'contracts', 'exposes.ts')): string {
  return createHash('sha256').update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n')).digest('hex');
}

function installedVersion(pkg: string): string | undefined {
  // Looked up as Node would from the shell's folder, by hand: packages that export no package.json are read all the same.
  for (let dir = path.join(REPO_ROOT, 'shell'); ; dir = path.dirname(dir)) {
    const file = pkg === '@sciexperts/shared' ? path.join(REPO_ROOT, 'shared', 'package.json') : path.join(dir, 'node_modules', pkg, 'package.json');
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
    } catch {
      if (dir === path.dirname(dir) || pkg === '@sciexperts/shared') return undefined;
    }
  }
}

/**
 * The live shell, as deployed with this server: the singletons installed for it, its federation runtime, and the
 * exposes contract in `shared/contracts` (the shell is built from the same checkout; it is never rebuilt for a release).
 */
export function currentShellProfile(): ShellProfile {
  const shared: Record<string, string> = {};
  for (const name of ['react', 'react-dom', 'react-router-dom', '@sciexperts/shared']) {
    const version = installedVersion(name);
    if (version) shared[name] = version;
  }
  let exposesHash = 'unknown';
  try {
    exposesHash = exposesContractHash();
  } catch {
    // Deployed without the contracts' sources: the gate then refuses every release on this check (force says so).
  }
  return { shared, runtimeVersion: installedVersion('@module-federation/enhanced') ?? '0.0.0', exposesHash };
}

// ---- views -------------------------------------------------------------------------------------------------------

function eventView(row: EventRow): ReleaseEventView {
  return {
    id: row.id,
    remote: row.remote,
    action: row.action as ReleaseAction,
    version: row.version,
    previousVersion: row.previousVersion,
    canaryPercent: row.canaryPercent,
    actor: row.actor,
    details: row.details,
    reason: row.reason,
    at: row.at,
  };
}

function releaseView(row: ReleaseRow, stats: { pageLoads: number; errors: number } | undefined): ReleaseView {
  return {
    remote: row.remote,
    version: row.version,
    entry: releaseEntry(row.remote, row.version),
    filesHash: row.filesHash,
    commit: row.commit,
    shared: JSON.parse(row.shared) as SharedRequirement[],
    runtimeVersion: row.runtimeVersion,
    exposesHash: row.exposesHash,
    releasedBy: row.releasedBy,
    releasedAt: row.releasedAt,
    pageLoads: Number(stats?.pageLoads ?? 0),
    errors: Number(stats?.errors ?? 0),
  };
}

const stateOf = (remote: string, c: ChannelRow | undefined) => ({
  remote,
  live: c?.liveVersion ?? null,
  canary: c?.canaryVersion ? { version: c.canaryVersion, percent: Number(c.canaryPercent ?? 0) } : null,
});

export async function overview(db: Db): Promise<ReleasesOverview> {
  const [rows, channels, stats] = await Promise.all([
    db.kysely.selectFrom('releases').selectAll().orderBy('remote').orderBy('id', 'desc').execute(),
    db.kysely.selectFrom('releaseChannels').selectAll().execute(),
    db.kysely.selectFrom('releaseStats').selectAll().execute(),
  ]);
  const statsOf = new Map(stats.map((s) => [`${s.remote}@${s.version}`, { pageLoads: Number(s.pageLoads), errors: Number(s.errors) }]));
  const remotes = [...new Set([...rows.map((r) => r.remote), ...channels.map((c) => c.remote)])].sort();
  return {
    remotes: remotes.map((remote) => ({
      ...stateOf(
        remote,
        channels.find((c) => c.remote === remote),
      ),
      releases: rows.filter((r) => r.remote === remote).map((r) => releaseView(r, statsOf.get(`${r.remote}@${r.version}`))),
    })),
  };
}

export async function history(db: Db, remote: string, limit: number = RELEASE_LIMITS.historyMax): Promise<ReleaseEventView[]> {
  const rows = await db.kysely.selectFrom('releaseEvents').selectAll().where('remote', '=', remote).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(eventView);
}

/** What the page servers apply per visitor: each remote's live release and canary, with their entries on the site. */
export async function liveReleases(db: Db): Promise<LiveReleases & { generation: string }> {
  const channels = await db.kysely.selectFrom('releaseChannels').selectAll().orderBy('remote').execute();
  return {
    // Every change bumps its remote's generation: the list of (remote, generation) is the answer's version.
    generation: channels.map((c) => `${c.remote}.${c.generation}`).join(','),
    remotes: channels
      .filter((c) => c.liveVersion !== null || c.canaryVersion !== null)
      .map((c) => ({
        remote: c.remote,
        live: c.liveVersion ? { version: c.liveVersion, entry: releaseEntry(c.remote, c.liveVersion) } : null,
        canary: c.canaryVersion ? { version: c.canaryVersion, entry: releaseEntry(c.remote, c.canaryVersion), percent: Number(c.canaryPercent ?? 0) } : null,
      })),
  };
}

// ---- changes -------------------------------------------------------------------------------------------------------

async function record(
  trx: Kysely<Database>,
  actor: Actor,
  e: { remote: string; action: ReleaseAction; version: string | null; previousVersion: string | null; canaryPercent?: number | null; details?: string | null; reason?: string | null },
  now: Date,
): Promise<ReleaseEventView> {
  const row = await trx
    .insertInto('releaseEvents')
    .values({
      remote: e.remote,
      action: e.action,
      version: e.version,
      previousVersion: e.previousVersion,
      canaryPercent: e.canaryPercent ?? null,
      actor: actorName(actor),
      details: e.details ?? null,
      reason: e.reason ?? null,
      at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const auditDetails = [
    e.action === 'canary' ? `${e.canaryPercent} % of visitors` : null,
    e.previousVersion !== null || e.action === 'promote' || e.action === 'rollback' ? `live before: ${e.previousVersion ?? 'the built remote'}` : null,
    e.details,
  ].filter(Boolean);
  // The automatic rollback is audited too (the operators read one log), under the job's name: no operator did it.
  await writeAudit(trx, {
    operator: 'operator' in actor ? actor.operator : SYSTEM_AUDIT_OPERATOR,
    action: `release.${e.action}` as AuditAction,
    objectType: 'release',
    objectId: `${e.remote}@${e.version ?? 'built'}`,
    reason: e.reason ?? null,
    details: auditDetails.join('; ') || null,
    address: 'operator' in actor ? actor.address : 'release canary check',
    at: now,
  });
  return eventView(row);
}

export type RegisterOutcome = { created: boolean; release: ReleaseView };

/**
 * Registers a release; registering does not make it live. The same version with the same files answers the stored
 * release (a retried upload); with other files it is refused: a version names one set of files for ever.
 */
export async function registerRelease(db: Db, input: ReleaseRegistration, actor: Actor, now: Date): Promise<RegisterOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('releases').selectAll().where('remote', '=', input.remote).where('version', '=', input.version).executeTakeFirst();
    if (existing) {
      if (existing.filesHash !== input.filesHash) throw new HttpError(409, M.immutable);
      return { created: false, release: releaseView(existing, undefined) };
    }
    const inserted = await trx
      .insertInto('releases')
      .values({
        remote: input.remote,
        version: input.version,
        filesHash: input.filesHash,
        commit: input.commit,
        shared: JSON.stringify(input.shared),
        runtimeVersion: input.runtimeVersion,
        exposesHash: input.exposesHash,
        releasedBy: actorName(actor),
        releasedAt: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['remote', 'version']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // A concurrent registration of the same version won: the same answer as above.
    if (!inserted) {
      const won = await trx.selectFrom('releases').selectAll().where('remote', '=', input.remote).where('version', '=', input.version).executeTakeFirstOrThrow();
      if (won.filesHash !== input.filesHash) throw new HttpError(409, M.immutable);
      return { created: false, release: releaseView(won, undefined) };
    }
    await record(trx, actor, { remote: input.remote, action: 'register', version: input.version, previousVersion: null, details: `files ${input.filesHash.slice(0, 12)}${input.commit ? `, commit ${input.commit}` : ''}` }, now);
    return { created: true, release: releaseView(inserted, undefined) };
  });
}

/** The remote's channel row, locked for the transaction on PostgreSQL (SQLite runs one writer at a time). */
async function lockChannel(trx: Kysely<Database>, dialect: Db['dialect'], remote: string, now: Date): Promise<ChannelRow> {
  await trx.insertInto('releaseChannels').values({ remote, liveVersion: null, canaryVersion: null, canaryPercent: null, canarySince: null, updatedAt: now.toISOString() }).onConflict((oc) => oc.column('remote').doNothing()).execute();
  const q = trx.selectFrom('releaseChannels').selectAll().where('remote', '=', remote);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirstOrThrow();
}

async function writeChannel(trx: Kysely<Database>, remote: string, values: Pick<ChannelRow, 'liveVersion' | 'canaryVersion' | 'canaryPercent' | 'canarySince'>, now: Date): Promise<void> {
  await trx
    .updateTable('releaseChannels')
    .set({ ...values, generation: sql<number>`"generation" + 1`, updatedAt: now.toISOString() })
    .where('remote', '=', remote)
    .execute();
}

export interface ChangeResult {
  state: ReturnType<typeof stateOf>;
  event: ReleaseEventView;
}

/**
 * Makes a registered version live for everyone (`percent` null) or for a canary share of visitors, if the live shell
 * can run it. A refusing gate answers 409 with each reason; `force` passes it, and the change records what it overrode.
 */
export async function changeLive(
  db: Db,
  input: { remote: string; version: string; percent: number | null; force: boolean; reason: string | null },
  shell: ShellProfile,
  actor: Actor,
  now: Date,
): Promise<ChangeResult> {
  return db.kysely.transaction().execute(async (trx) => {
    const release = await trx.selectFrom('releases').selectAll().where('remote', '=', input.remote).where('version', '=', input.version).executeTakeFirst();
    if (!release) throw notFound(M.notFound);
    const channel = await lockChannel(trx, db.dialect, input.remote, now);
    if (channel.liveVersion === input.version) throw new HttpError(409, M.liveAlready);
    const reasons = gateReasons({ shared: JSON.parse(release.shared) as SharedRequirement[], runtimeVersion: release.runtimeVersion, exposesHash: release.exposesHash }, shell);
    if (reasons.length > 0 && !input.force) {
      throw new HttpError(409, `${M.gateRefused}: ${reasons.join('; ')}.`, reasons.map((message) => ({ field: 'gate', message })));
    }
    const forced = reasons.length > 0 ? `forced past the gate: ${reasons.join('; ')}` : null;
    if (input.percent === null) {
      await writeChannel(trx, input.remote, { liveVersion: input.version, canaryVersion: null, canaryPercent: null, canarySince: null }, now);
      const event = await record(trx, actor, { remote: input.remote, action: 'promote', version: input.version, previousVersion: channel.liveVersion, details: forced, reason: input.reason }, now);
      return { state: stateOf(input.remote, { ...channel, liveVersion: input.version, canaryVersion: null }), event };
    }
    await writeChannel(trx, input.remote, { liveVersion: channel.liveVersion, canaryVersion: input.version, canaryPercent: input.percent, canarySince: now.toISOString() }, now);
    const event = await record(
      trx,
      actor,
      { remote: input.remote, action: 'canary', version: input.version, previousVersion: channel.liveVersion, canaryPercent: input.percent, details: forced, reason: input.reason },
      now,
    );
    return { state: stateOf(input.remote, { ...channel, canaryVersion: input.version, canaryPercent: input.percent }), event };
  });
}

/**
 * One step back: a canary is dropped (everyone gets the live version); without one, the live version before the
 * current one comes back (null: the remote as built with the site). 409 when there is nothing to go back to.
 * `onlyCanary`: the automatic rollback, which must not touch live if the canary is already gone.
 */
export async function rollback(db: Db, remote: string, actor: Actor, now: Date, options: { reason?: string | null; details?: string | null; onlyCanary?: string } = {}): Promise<ChangeResult> {
  return db.kysely.transaction().execute(async (trx) => {
    const known = await trx.selectFrom('releaseChannels').select('remote').where('remote', '=', remote).executeTakeFirst();
    if (!known) throw notFound(M.remoteUnknown);
    const channel = await lockChannel(trx, db.dialect, remote, now);
    if (options.onlyCanary !== undefined && channel.canaryVersion !== options.onlyCanary) throw new HttpError(409, M.nothingToRollBack);
    const action: ReleaseAction = 'operator' in actor ? 'rollback' : 'auto-rollback';
    if (channel.canaryVersion !== null) {
      await writeChannel(trx, remote, { liveVersion: channel.liveVersion, canaryVersion: null, canaryPercent: null, canarySince: null }, now);
      const event = await record(
        trx,
        actor,
        { remote, action, version: channel.liveVersion, previousVersion: channel.liveVersion, canaryPercent: null, details: [`canary ${channel.canaryVersion} dropped`, options.details].filter(Boolean).join('; '), reason: options.reason ?? null },
        now,
      );
      return { state: stateOf(remote, { ...channel, canaryVersion: null }), event };
    }
    if (channel.liveVersion === null) throw new HttpError(409, M.nothingToRollBack);
    // The promotion that made the current version live says what was live before it.
    const made = await trx
      .selectFrom('releaseEvents')
      .select('previousVersion')
      .where('remote', '=', remote)
      .where('action', '=', 'promote')
      .where('version', '=', channel.liveVersion)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!made) throw new HttpError(409, M.nothingToRollBack);
    const back = made.previousVersion;
    await writeChannel(trx, remote, { liveVersion: back, canaryVersion: null, canaryPercent: null, canarySince: null }, now);
    const event = await record(trx, actor, { remote, action, version: back, previousVersion: channel.liveVersion, details: options.details ?? null, reason: options.reason ?? null }, now);
    return { state: stateOf(remote, { ...channel, liveVersion: back }), event };
  });
}

// ---- figures -------------------------------------------------------------------------------------------------------

/** Adds page loads or error reports to each (remote, version)'s figures. */
export async function addFigures(db: Db, entries: Array<{ remote: string; version: string; pageLoads: number; errors: number }>): Promise<void> {
  if (entries.length === 0) return;
  // One statement per (remote, version), merged first: a batch never names one key twice (PostgreSQL refuses that).
  const merged = new Map<string, { remote: string; version: string; pageLoads: number; errors: number }>();
  for (const e of entries) {
    const key = `${e.remote}@${e.version}`;
    const m = merged.get(key) ?? { remote: e.remote, version: e.version, pageLoads: 0, errors: 0 };
    m.pageLoads += e.pageLoads;
    m.errors += e.errors;
    merged.set(key, m);
  }
  await db.kysely
    .insertInto('releaseStats')
    .values([...merged.values()])
    .onConflict((oc) =>
      oc.columns(['remote', 'version']).doUpdateSet({
        pageLoads: sql<number>`"releaseStats"."pageLoads" + excluded."pageLoads"`,
        errors: sql<number>`"releaseStats"."errors" + excluded."errors"`,
      }),
    )
    .execute();
}

/**
 * The entries about a registered release, or about the built remote ('built') of a remote that has releases: figures
 * about anything else are dropped, so a made-up version can neither grow the table nor the metrics' series.
 */
export async function registeredOnly<T extends { remote: string; version: string }>(db: Db, entries: T[]): Promise<T[]> {
  const remotes = [...new Set(entries.map((e) => e.remote))];
  if (remotes.length === 0) return [];
  const rows = await db.kysely.selectFrom('releases').select(['remote', 'version']).where('remote', 'in', remotes).execute();
  const known = new Set(rows.map((r) => `${r.remote}@${r.version}`));
  const withReleases = new Set(rows.map((r) => r.remote));
  return entries.filter((e) => (e.version === 'built' ? withReleases.has(e.remote) : known.has(`${e.remote}@${e.version}`)));
}

export async function figuresOf(db: Db, remote: string, version: string): Promise<{ pageLoads: number; errors: number }> {
  const row = await db.kysely.selectFrom('releaseStats').select(['pageLoads', 'errors']).where('remote', '=', remote).where('version', '=', version).executeTakeFirst();
  return { pageLoads: Number(row?.pageLoads ?? 0), errors: Number(row?.errors ?? 0) };
}

export async function canaries(db: Db): Promise<ChannelRow[]> {
  return db.kysely.selectFrom('releaseChannels').selectAll().where('canaryVersion', 'is not', null).execute();
}
