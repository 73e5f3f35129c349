import { Worker } from 'node:worker_threads';

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint) inside whichever commit crosses 1,000
 * pages, and with `synchronous = NORMAL` that checkpoint is also where the file is flushed to disk. better-sqlite3 is
 * synchronous, so that commit held the event loop: storing chat messages back to back, 137 of 10,000 commits took
 * over 5 ms (up to 24 ms) and the average commit 0.35 ms; with the checkpoint elsewhere, 14 took over 5 ms and the
 * average was 0.18 ms (decision 0025). Every socket and request of the process waits behind such a commit.
 *
 * So the API's connection never checkpoints (`wal_autocheckpoint = 0`), and a worker thread with a connection of its
 * own runs a PASSIVE checkpoint every `everyMs`: it copies what no reader still needs, never blocks the writer, and
 * leaves durability as it was (a commit is in the log before it is acknowledged). Should the worker stop on its own,
 * the connection checkpoints for itself again (`onLost`).
 */
export interface Checkpointer {
  /** Stops the worker after a last checkpoint; the caller closes its own connection afterwards. */
  stop(): Promise<void>;
}

// Plain JavaScript, run as the worker's own code (no loader needed in the thread); the driver's path comes from here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next turn tries again */ }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export function startCheckpointer(file: string, onLost: () => void, everyMs = 1000): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, everyMs, driver: require.resolve('better-sqlite3') } });
  // Never what keeps a process alive (a test that forgets to close its database still exits).
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => undefined);
  void exited.then(() => {
    if (!stopping) onLost();
  });
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
