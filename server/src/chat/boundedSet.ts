/**
 * What a chat process remembers of the database so as not to ask again on every message: facts that cannot become
 * false (two members have conversed) and hints whose mistake costs a query, never a wrong answer (a conversation's
 * notification is still unread). Bounded: past `limit` the oldest half is forgotten and asked again when next needed.
 */
export class BoundedSet<Key> {
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
