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
 *
 * A PASSIVE checkpoint alone lets the log grow without end under steady writes. The writer starts the log over only
 * when a commit begins with every frame already copied, and a checkpoint takes milliseconds while commits come every
 * few: at 500 chat messages a second the log grew by 18 MB a second, to 540 MB in the bench's 30 s, and the first
 * commit after the load (the log copied at last) held the event loop for 158 ms cutting it back to
 * `journal_size_limit` (decision 0025). A checkpoint mode that waits for the writer (RESTART) would block the API's
 * commits from the worker, and fail at once a transaction that read before it writes. So when the worker finds more
 * than `restartAfterFrames` frames in the log it asks the API's connection (`onLogLong`) to copy, between two
 * transactions, the few frames written since the worker's own checkpoint: the next commit then starts the log over,
 * and the file stays near that size.
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
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (result && result.log > workerData.restartAfterFrames) parentPort.postMessage(result.log);
  } catch { /* busy or closing: the next turn tries again */ }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * 2,048 frames of 4 KB pages: about 8 MB of log. With a second's writes on top (18 MB at 500 chat messages a second)
 * the file stays under the 32 MB `journal_size_limit` the API's connection sets, so a restart need not cut it back.
 */
const RESTART_AFTER_FRAMES = 2048;

export interface CheckpointerOptions {
  /** Should the worker stop on its own: the connection then checkpoints for itself again. */
  onLost: () => void;
  /** The log holds more than `restartAfterFrames` frames after the worker's checkpoint: copy the rest, so it restarts. */
  onLogLong: () => void;
  everyMs?: number;
  restartAfterFrames?: number;
}

export function startCheckpointer(file: string, { onLost, onLogLong, everyMs = 1000, restartAfterFrames = RESTART_AFTER_FRAMES }: CheckpointerOptions): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, everyMs, restartAfterFrames, driver: require.resolve('better-sqlite3') } });
  let stopping = false;
  worker.on('message', () => {
    if (!stopping) onLogLong();
  });
  // Never what keeps a process alive (a test that forgets to close its database still exits). After the listener,
  // which would hold the process otherwise.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => undefined);
  void exited.then(() => {
    if (!stopping) onLost();
  });
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      // Held while it stops: unref'd, an otherwise idle process ended under the caller's await of the exit (exit code
      // 0, and nothing after the close ran: the search bench stopped silently after closing its loading connection).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
