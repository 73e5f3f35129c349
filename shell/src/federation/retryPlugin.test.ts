import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { retryPlugin } from './retryPlugin';

type Hooks = Required<Pick<ModuleFederationRuntimePlugin, 'fetch' | 'loadEntryError' | 'getModuleFactory'>>;
const sleep = jest.fn(async () => undefined);
const plugin = () => retryPlugin({ retries: 2, delayMs: 100, sleep }) as unknown as Hooks;

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  sleep.mockClear();
});

describe('the federation retry plugin', () => {
  it('fetches a manifest again after a dropped connection, waiting longer each time', async () => {
    const manifest = new Response('{"ok":true}');
    const fetchMock = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(new Response('', { status: 503 })).mockResolvedValueOnce(manifest);
    global.fetch = fetchMock;
    const response = await plugin().fetch('http://localhost:8084/mf-manifest.json', {});
    expect(response).toBe(manifest);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });

  it('gives up after its retries, and never retries an answer that is not transient', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(plugin().fetch('http://down/mf-manifest.json', {})).rejects.toThrow('Failed to fetch');
    expect(global.fetch).toHaveBeenCalledTimes(3);

    const missing = new Response('', { status: 404 });
    global.fetch = jest.fn().mockResolvedValue(missing);
    await expect(plugin().fetch('http://gone/mf-manifest.json', {})).resolves.toBe(missing);
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it('loads remoteEntry.js again, dropping the failed load the runtime still holds under its key', async () => {
    const exports = { get: jest.fn(), init: jest.fn() };
    const globalLoading: Record<string, Promise<unknown> | undefined> = { 'mf_x:entry': new Promise(() => undefined) };
    const getRemoteEntry = jest.fn().mockImplementationOnce(async () => {
      expect(globalLoading['mf_x:entry']).toBeUndefined();
      throw new Error('ScriptNetworkError');
    });
    getRemoteEntry.mockResolvedValueOnce(exports);
    const args = { getRemoteEntry, origin: {}, remoteInfo: { name: 'mf_x' }, globalLoading, uniqueKey: 'mf_x:entry' };
    await expect(plugin().loadEntryError(args as never)).resolves.toBe(exports);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);

    getRemoteEntry.mockReset();
    getRemoteEntry.mockRejectedValue(new Error('ScriptNetworkError'));
    await expect(plugin().loadEntryError(args as never)).resolves.toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it("asks the container for an exposed module again when one of its chunks failed", async () => {
    const factory = () => ({ default: 'page' });
    const get = jest.fn().mockRejectedValueOnce(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' })).mockResolvedValueOnce(factory);
    const result = await plugin().getModuleFactory({ remoteEntryExports: { get, init: jest.fn() }, expose: './Page', moduleInfo: {} } as never);
    expect(result).toBe(factory);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
