// The partners' origins, as every API process sees them (docs/decisions/0050-partner-apps-and-scoped-tokens.md).
// CORS, the chat socket's handshake and a partner token's own origin check ask this cache, not the database: one read
// of the partners table fills it, and a change made by any process (register, suspend, reinstate) empties it in every
// process through Redis pub/sub, so a change takes effect without a restart. While the link to Redis is down (a
// message may be missed) the cache is read again at most once a second; without Redis (one process) it is emptied by
// the change itself. A minute's age is the safety net either way.
import type { Db } from '../../db/connect';
import type { SharedRedis } from '../../redis/client';
import type {} from '../../db/schemaPartners';

interface CachedPartner {
  id: number;
  clientId: string;
  name: string;
  origins: ReadonlySet<string>;
}

const TRUSTED_MAX_AGE_MS = 60_000;
const UNTRUSTED_MAX_AGE_MS = 1_000;

export class PartnerRegistry {
  private byId = new Map<number, CachedPartner>();
  /** Origin → the active partners that registered it. */
  private byOrigin = new Map<string, number[]>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by every change: a read that started before one does not count as fresh after it. */
  private generation = 0;
  private loading: Promise<void> | null = null;
  private trusted: boolean;

  constructor(
    private readonly db: Db,
    private readonly redis: SharedRedis | null,
  ) {
    this.trusted = redis === null;
  }

  private get channel(): string {
    return `${this.redis?.prefix ?? 'sciexperts'}:partners`;
  }

  /** Subscribes to the other processes' changes; the app awaits it before taking requests. */
  async listen(): Promise<void> {
    await this.redis?.subscribe(this.channel, () => this.forget(), {
      onReady: () => {
        this.forget();
        this.trusted = true;
      },
      onDown: () => {
        this.forget();
        this.trusted = false;
      },
    });
  }

  private forget(): void {
    this.generation++;
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /** After a change in the partners table: this process reads it again at once, and so does every other one. */
  async changed(): Promise<void> {
    this.forget();
    // A failed publish leaves the others on their minute (their own link is down too, so they re-read every second).
    await this.redis?.publish(this.channel, 'changed').catch(() => undefined);
  }

  private async fresh(): Promise<void> {
    const maxAge = this.trusted ? TRUSTED_MAX_AGE_MS : UNTRUSTED_MAX_AGE_MS;
    if (Date.now() - this.loadedAt < maxAge) return;
    this.loading ??= this.load().finally(() => (this.loading = null));
    await this.loading;
    // A change arrived during that read: read again, so nothing older than the change is used.
    if (this.loadedAt === Number.NEGATIVE_INFINITY) await this.fresh();
  }

  private async load(): Promise<void> {
    const started = this.generation;
    const rows = await this.db.kysely.selectFrom('partners').select(['id', 'clientId', 'name', 'origins']).where('status', '=', 'active').execute();
    const byId = new Map<number, CachedPartner>();
    const byOrigin = new Map<string, number[]>();
    for (const row of rows) {
      const origins = new Set(JSON.parse(row.origins) as string[]);
      byId.set(row.id, { id: row.id, clientId: row.clientId, name: row.name, origins });
      for (const origin of origins) byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), row.id]);
    }
    this.byId = byId;
    this.byOrigin = byOrigin;
    if (started === this.generation) this.loadedAt = Date.now();
  }

  /** An active partner registered this origin. */
  async isPartnerOrigin(origin: string): Promise<boolean> {
    await this.fresh();
    return this.byOrigin.has(origin);
  }

  /** The partner is active and registered this origin. */
  async partnerHasOrigin(partnerId: number, origin: string): Promise<boolean> {
    await this.fresh();
    return this.byId.get(partnerId)?.origins.has(origin) ?? false;
  }
}
