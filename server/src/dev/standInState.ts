// What a local stand-in keeps across restarts of `npm start`: one JSON file in the data folder it is given, written
// whole to a temporary file and renamed over the old one (a crash mid-write leaves the previous file, never half of
// one), read once at start. A file that cannot be read or is not what this version writes is moved aside and the
// stand-in starts empty with a warning: a development tool must not refuse to start over its own state.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface StateFile<T> {
  /** The state kept in the file; null when there is none yet (or it was unreadable, which was logged). */
  load(): T | null;
  /** Writes the whole state; a failure is logged and the stand-in goes on in memory. */
  save(state: T): void;
  readonly path: string;
}

/**
 * @param folder  the data folder (created when missing)
 * @param name    the file's name in it
 * @param version written into the file; a file of another version is set aside
 * @param check   true when the parsed `state` has the shape this version writes
 */
export function stateFile<T>(folder: string, name: string, version: number, check: (state: unknown) => state is T, log: (line: string) => void): StateFile<T> {
  const file = path.join(path.resolve(folder), name);
  const setAside = (why: string) => {
    const aside = `${file}.unreadable-${Date.now()}`;
    try {
      renameSync(file, aside);
      log(`warning: ${why}; it was moved to ${aside} and the stand-in starts empty`);
    } catch {
      log(`warning: ${why}; the stand-in starts empty`);
    }
  };
  return {
    path: file,
    load() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log(`warning: ${file} could not be read (${(err as Error).message}); the stand-in starts empty`);
        return null;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        setAside(`${file} is not JSON`);
        return null;
      }
      const kept = parsed as { version?: unknown; state?: unknown } | null;
      if (typeof kept !== 'object' || kept === null || kept.version !== version) {
        setAside(`${file} is not a version ${version} state file`);
        return null;
      }
      if (!check(kept.state)) {
        setAside(`${file} does not hold the state this stand-in writes`);
        return null;
      }
      return kept.state;
    },
    save(state) {
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(temporary, JSON.stringify({ version, state }));
        renameSync(temporary, file);
      } catch (err) {
        log(`warning: the stand-in's state could not be written to ${file} (${(err as Error).message}); it is kept in memory only`);
      }
    },
  };
}
