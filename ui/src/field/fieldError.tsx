export const errorIdOf = (controlId: string) => `${controlId}-error`;

/**
 * The attributes that tie a form control to its error message: aria-invalid while there is an error, and
 * aria-describedby pointing at the message (plus any hint the control already had).
 */
export function fieldErrorProps(controlId: string, error: string | null | undefined, hintId?: string) {
  const describedBy = [error ? errorIdOf(controlId) : null, hintId ?? null].filter(Boolean).join(' ');
  return {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A control's error message, rendered only while there is one; `fieldErrorProps` points the control at it. */
export function FieldError({ controlId, error, className }: { controlId: string; error: string | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <p id={errorIdOf(controlId)} className={className}>
      {error}
    </p>
  );
}
