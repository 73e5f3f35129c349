import type { ReadableOwner } from '../users/access';
import type { RecordKind } from './kinds';

/** Bodies kept; the oldest goes first when full (about 4 KB each for 20 records). */
const MAX_BODIES = 5000;

/**
 * The record list bodies this process has built, each kept with the owner's `recordsVersion` it was built at.
 * Correct across processes without any message between them: the version is read from the database on every
 * request (in the owner check the route makes anyway), and every change to a record bumps it in the same
 * transaction (triggers, migration 0022). A body is built after its version was read, so it is never older than
 * the version it is kept under; a change in between only makes the next request build it again.
 */
export class RecordListBodies {
  private readonly bodies = new Map<string, { version: number; body: string }>();

  async get(kind: RecordKind, owner: ReadableOwner, build: () => Promise<string>): Promise<string> {
    const key = `${kind.key}:${owner.id}`;
    const kept = this.bodies.get(key);
    if (kept && kept.version === owner.recordsVersion) return kept.body;
    const body = await build();
    this.bodies.delete(key);
    if (this.bodies.size >= MAX_BODIES) this.bodies.delete(this.bodies.keys().next().value as string);
    this.bodies.set(key, { version: owner.recordsVersion, body });
    return body;
  }
}
