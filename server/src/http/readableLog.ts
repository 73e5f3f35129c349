// The API's log as a person reads it in a terminal (`npm start`): one short line per event, a request as
// "GET /api/Projects 200 4 ms". Production keeps pino's JSON lines, which log collectors parse. No dependency:
// pino hands a destination stream each record as one JSON line, and this turns it into text.
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };

interface Record_ {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

const BASE_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

const clock = (ms: number | undefined) => new Date(ms ?? Date.now()).toISOString().slice(11, 19);

/** One pino record as a line of text; a line that is not JSON is passed through. */
export function formatLogLine(line: string): string {
  let r: Record_;
  try {
    r = JSON.parse(line) as Record_;
  } catch {
    return line;
  }
  const level = LEVELS[r.level ?? 30] ?? 'INFO ';
  let text: string;
  if (r.msg === 'request completed' && r.res) {
    text = `${r.req?.method ?? ''} ${r.req?.url ?? ''} ${r.res.statusCode ?? ''} ${Math.round(r.responseTime ?? 0)} ms`.trim();
  } else {
    const extra = Object.entries(r)
      .filter(([key]) => !BASE_KEYS.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    text = [r.msg ?? '', ...extra].filter(Boolean).join(' ');
  }
  const error = r.err ? `\n  ${r.err.stack ?? `${r.err.type ?? 'Error'}: ${r.err.message ?? ''}`}` : '';
  return `${clock(r.time)} ${level} ${text}${error}`;
}

/** A destination for pino that writes readable lines to `out` (stdout by default). */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${formatLogLine(line)}\n`);
      done();
    },
  });
}
