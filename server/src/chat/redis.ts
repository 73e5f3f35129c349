import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { markClustered, type ChatServer } from './gateway';

export interface RedisAdapterHandle {
  close(): Promise<void>;
}

/**
 * Shares delivery between processes through one Redis stream. The Streams adapter (not pub/sub) is the one that keeps
 * connectionStateRecovery working across processes. Fails with a clear message when Redis cannot be reached.
 */
export async function attachRedisAdapter(io: ChatServer, url: string, streamName = 'sciexperts-chat'): Promise<RedisAdapterHandle> {
  const client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: (retries) => Math.min(retries * 200, 3000) } });
  // node-redis emits 'error' on every failed reconnect; without a listener Node would crash the process.
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
  // A short block keeps shutdown quick: the reading connection closes after its current XREAD returns.
  io.adapter(createAdapter(client, { streamName, blockTimeInMs: 1000 }));
  markClustered(io);
  return {
    async close() {
      await Promise.resolve(io.of('/').adapter.close());
      // quit() waits for Redis to answer, for ever while it is unreachable: a process stopping then must not hang.
      await (client.isReady ? client.quit() : client.disconnect()).catch(() => undefined);
    },
  };
}
