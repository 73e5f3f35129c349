import { TokenService, type Revocation, type RevocationBus } from '../src/auth/tokens';
import { deleteSession } from '../src/modules/account/repository';
import { member, startApp, type Harness } from './helpers';

/** The bus between processes, in memory: what one publishes every subscriber gets; each subscriber's link can drop. */
function memoryBus() {
  const subscribers: Array<{ onRevocation: (r: Revocation) => void; trusted: (ok: boolean) => void }> = [];
  const busFor = (index: number): RevocationBus => ({
    publish: async (r) => subscribers.forEach((s) => s.onRevocation(r)),
    subscribe: async (onRevocation, trusted) => {
      subscribers[index] = { onRevocation, trusted };
      trusted(true);
    },
  });
  return { busFor, link: (index: number, ok: boolean) => subscribers[index]?.trusted(ok) };
}

// Two processes' token services over one database: each caches "this session is active" for a minute here, so only
// the bus (or a dropped link turning the cache off) can make the other see a revocation at once.
describe('session revocations between processes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp();
  });
  afterAll(() => h?.close());

  const services = () => {
    const bus = memoryBus();
    const make = (i: number) => new TokenService(h.db, h.config.tokenSecret, 3600, { sessionCacheMs: 60_000, bus: bus.busFor(i) });
    return { one: make(0), two: make(1), bus };
  };

  it('a logout on one evicts the session from the other’s cache at once', async () => {
    const { one, two } = services();
    await Promise.all([one.listenForRevocations(), two.listenForRevocations()]);
    const m = await member(h);
    const token = await one.issue(m.id);
    const session = await two.verify(token);
    expect(session).not.toBeNull();
    await one.revokeSession(session!.sessionId);
    expect(await two.verify(token)).toBeNull();
  });

  it('a password reset (all sessions) on one ends them on the other', async () => {
    const { one, two } = services();
    await Promise.all([one.listenForRevocations(), two.listenForRevocations()]);
    const m = await member(h);
    const token = await one.issue(m.id);
    expect(await two.verify(token)).not.toBeNull();
    await one.revokeUserSessions(m.id);
    expect(await two.verify(token)).toBeNull();
  });

  it('while its link is down (or before it subscribed) a process asks the database every time', async () => {
    const { one, two, bus } = services();
    const m = await member(h);
    const token = await one.issue(m.id);
    // Not yet subscribed: nothing is cached, so a row deleted behind its back is seen at once.
    const early = await two.verify(token);
    await deleteSession(h.db, early!.sessionId);
    expect(await two.verify(token)).toBeNull();

    await two.listenForRevocations();
    const token2 = await one.issue(m.id);
    const cached = await two.verify(token2);
    expect(cached).not.toBeNull();
    // The link drops: what was cached may have missed a revocation, so it is forgotten and the cache is off.
    bus.link(1, false);
    await deleteSession(h.db, cached!.sessionId);
    expect(await two.verify(token2)).toBeNull();
  });
});
