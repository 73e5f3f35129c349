/** A unique constraint refused the write (PostgreSQL 23505 or SQLite's UNIQUE constraint). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** PostgreSQL refused a text value (22021: a NUL character, which its text type cannot hold; SQLite stores it). */
export function isUnstorableText(err: unknown): boolean {
  return (err as { code?: string })?.code === '22021';
}
