/** A unique constraint refused the write (PostgreSQL 23505 or SQLite's UNIQUE constraint). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** PostgreSQL refused a text value (22021: a NUL character, which its text type cannot hold; SQLite stores it). */
export function isUnstorableText(err: unknown): boolean {
  return (err as { code?: string })?.code === '22021';
}

/** A foreign key refused the write: the row it points at does not exist (PostgreSQL 23503 or SQLite's FOREIGN KEY constraint). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(e?.message ?? '');
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service cannot reach its database right now. Please try again in a moment.';

/** Connection-level failures (PostgreSQL restarting, unreachable or cut off): the request may be tried again. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE classes 08 (connection exception) and 57P (the server is shutting down, or not accepting connections yet). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3])/;
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|terminating connection/i;

/** The database could not be reached or dropped the connection: an outage, not the request's fault nor a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  // Node reports a refused connection to every address of a name as an AggregateError.
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner));
}
