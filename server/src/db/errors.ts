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
