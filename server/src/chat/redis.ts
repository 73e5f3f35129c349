import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { connectAtStart } from '../redis/client';
import { markClustered, type ChatServer } from './gateway';

export interface RedisAdapterHandle {
  close(): Promise<void>;
}

/**
 * Shares delivery between processes through one Redis stream (the Streams adapter: a process that misses the stream
 * for a moment reads on from where it was, where pub/sub would drop what was published meanwhile). Fails with a clear
 * message when Redis cannot be reached.
 */
export async function attachRedisAdapter(io: ChatServer, url: string, streamName = 'sciexperts-chat'): Promise<RedisAdapterHandle> {
  const client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: (retries) => Math.min(retries * 200, 3000) } });
  await connectAtStart(client, url);
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
