import net from 'node:net';
import type { ChatServer } from '../src/chat/gateway';
import { attachRedisAdapter } from '../src/chat/redis';
import { connectRedis } from '../src/redis/client';

/*
 * A deployment that names a Redis (REDIS_URL) must have one: at start, the shared stores and the chat adapter refuse
 * to run without it and say which address did not answer, instead of starting a process that cannot keep its limits.
 */

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Redis unreachable at start', () => {
  it('the shared stores refuse to start and name the address', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    await expect(connectRedis(url, 'test')).rejects.toThrow(`REDIS_URL is set to ${url} but Redis is unreachable`);
  });

  it('the chat adapter refuses to start and names the address, without touching the socket server', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const io = {} as ChatServer;
    await expect(attachRedisAdapter(io, url)).rejects.toThrow(`REDIS_URL is set to ${url} but Redis is unreachable`);
  });
});
