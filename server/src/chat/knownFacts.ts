/**
 * Facts a chat process learned from the database that cannot become false again (a member exists, two members have
 * conversed), so each is asked once instead of on every message. Bounded: past `limit` the oldest half is forgotten
 * and asked again when next needed, which costs a query, never a wrong answer.
 */
export class KnownFacts<Key> {
  private readonly facts = new Set<Key>();

  constructor(private readonly limit = 100_000) {}

  has(key: Key): boolean {
    return this.facts.has(key);
  }

  add(key: Key): void {
    if (this.facts.has(key)) return;
    if (this.facts.size >= this.limit) {
      // A Set iterates in insertion order: drop the oldest half in one pass rather than one entry per insert.
      let drop = Math.max(1, Math.floor(this.limit / 2));
      for (const old of this.facts) {
        if (drop-- <= 0) break;
        this.facts.delete(old);
      }
    }
    this.facts.add(key);
  }

  delete(key: Key): void {
    this.facts.delete(key);
  }

  get size(): number {
    return this.facts.size;
  }
}
