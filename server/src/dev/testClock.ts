import { readFileSync } from 'node:fs';

/**
 * Tests only (TEST_CLOCK_FILE, never in production): the server's "now" for scheduled work is the real time plus
 * the milliseconds written in the file (no file, or no number: plus nothing). The e2e suite moves the API's time
 * forward this way to watch a reminder fall due, then writes 0 again. The file is read at most every 200 ms.
 */
export function fileClock(file: string): () => Date {
  let readAt = 0;
  let offset = 0;
  return () => {
    const now = Date.now();
    if (now - readAt >= 200) {
      readAt = now;
      try {
        offset = Number(readFileSync(file, 'utf8').trim()) || 0;
      } catch {
        offset = 0;
      }
    }
    return new Date(now + offset);
  };
}
