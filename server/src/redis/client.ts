import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** How long a health check waits for Redis's PONG before calling it unreachable. */
const HEALTH_TIMEOUT_MS = 1000;

/**
 * The server's one connection to Redis (REDIS_URL), shared by everything that must hold across API processes: the
 * throttles and limits, the session revocations, the chat adapter. Commands fail at once while the connection is down
 * (no offline queue): a throttle that cannot be checked must say so now, not answer minutes later when Redis is back.
 * node-redis reconnects by itself, so everything resumes without a restart once Redis answers again.
 */
export interface SharedRedis {
  /** The command connection. */
  readonly client: RedisClient;
  /** Key prefix of this deployment (REDIS_KEY_PREFIX): several sites, or test runs, can share one Redis. */
  readonly prefix: string;
  /** True when the connection is up and answers a PING within a second (readiness, throttles' 503). */
  health(): Promise<boolean>;
  /**
   * A second connection in subscriber mode (created on first use): Redis forbids other commands on a subscribing
   * connection. `onReady` runs on every (re)connection, `onDown` whenever it is lost, so a subscriber that relies on
   * messages (a cache evicted by them) knows when it may have missed some.
   */
  subscribe(channel: string, listener: (message: string) => void, events?: { onReady?: () => void; onDown?: () => void }): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  close(): Promise<void>;
}

const reconnectStrategy = (retries: number) => Math.min(100 + retries * 200, 2000);

function newClient(url: string): RedisClient {
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 3000, reconnectStrategy } });
  // node-redis emits 'error' on every failed reconnect; without a listener Node would crash the process. The callers
  // see the failure as a rejected command and answer for it (503 on sign-in, for instance).
  client.on('error', () => undefined);
  return client;
}

/**
 * Connects `client` (to `url`) at start, or fails within 4 s with a clear message: a deployment that names a Redis
 * must have one. Its 'error' listener stays: node-redis emits 'error' on every failed reconnect, and without a
 * listener Node would crash the process.
 */
export async function connectAtStart(client: RedisClient, url: string): Promise<void> {
  let lastError: Error | null = null;
  client.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => setTimeout(() => reject(lastError ?? new Error('timed out')), 4000).unref()),
    ]);
  } catch (err) {
    await client.disconnect().catch(() => undefined);
    throw new Error(`REDIS_URL is set to ${url} but Redis is unreachable: ${(err as Error).message}`);
  }
}

/**
 * Connects to Redis; fails with a clear message when it cannot be reached at start (a deployment that names a Redis
 * must have one). Once started, losing Redis is survived and recovered from without a restart.
 */
export async function connectRedis(url: string, prefix: string): Promise<SharedRedis> {
  const client = newClient(url);
  await connectAtStart(client, url);

  let subscriber: RedisClient | null = null;
  let subscriberStarting: Promise<RedisClient> | null = null;
  const readyHandlers: Array<() => void> = [];
  const downHandlers: Array<() => void> = [];
  const startSubscriber = (): Promise<RedisClient> => {
    subscriberStarting ??= (async () => {
      const s = newClient(url);
      s.on('ready', () => readyHandlers.forEach((f) => f()));
      // 'end' on close; 'reconnecting' and 'error' when the link breaks: messages sent meanwhile are lost.
      for (const event of ['end', 'reconnecting', 'error']) s.on(event, () => downHandlers.forEach((f) => f()));
      await s.connect();
      subscriber = s;
      return s;
    })();
    return subscriberStarting;
  };

  return {
    client,
    prefix,
    async health() {
      if (!client.isReady) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const pong = await Promise.race([
          client.ping(),
          new Promise<string>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), HEALTH_TIMEOUT_MS);
            timer.unref();
          }),
        ]);
        return pong === 'PONG';
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async subscribe(channel, listener, events = {}) {
      if (events.onReady) readyHandlers.push(events.onReady);
      if (events.onDown) downHandlers.push(events.onDown);
      const s = await startSubscriber();
      await s.subscribe(channel, listener);
      // The connection was ready before this subscription existed: tell the new subscriber it may start trusting it.
      if (s.isReady) events.onReady?.();
    },
    async publish(channel, message) {
      await client.publish(channel, message);
    },
    async close() {
      readyHandlers.length = 0;
      downHandlers.length = 0;
      const s = subscriber ?? (subscriberStarting ? await subscriberStarting.catch(() => null) : null);
      // quit() waits for Redis to answer: while it is unreachable, a stopping process just drops the connection.
      const end = (c: RedisClient) => (c.isReady ? c.quit() : c.disconnect()).catch(() => c.disconnect().catch(() => undefined));
      if (s) await end(s);
      await end(client);
    },
  };
}

/** Readiness: true without Redis (nothing to reach), else whether the shared connection answers now. */
export async function redisHealth(redis: SharedRedis | null | undefined): Promise<boolean> {
  return redis ? redis.health() : true;
}
