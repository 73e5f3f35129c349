import { BoundedSet } from '../src/chat/boundedSet';

describe('BoundedSet', () => {
  it('remembers what was added, forgets what was deleted', () => {
    const facts = new BoundedSet<string>();
    expect(facts.has('1:2')).toBe(false);
    facts.add('1:2');
    expect(facts.has('1:2')).toBe(true);
    facts.delete('1:2');
    expect(facts.has('1:2')).toBe(false);
  });

  it('stays within its limit by forgetting the oldest half, never the newest fact', () => {
    const facts = new BoundedSet<number>(10);
    for (let i = 1; i <= 25; i++) {
      facts.add(i);
      expect(facts.size).toBeLessThanOrEqual(10);
      expect(facts.has(i)).toBe(true);
    }
    expect(facts.has(1)).toBe(false);
    expect(facts.has(25)).toBe(true);
  });
});
