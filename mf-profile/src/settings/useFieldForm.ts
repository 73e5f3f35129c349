import { useState } from 'react';
import { ApiError } from '@sciexperts/shared';

export type FieldErrors = Record<string, string>;

/**
 * One settings form's sending state: busy while the call runs (a second submit is dropped), the server's 400
 * details by field, or its message, and the success message. Forms stay small and alike.
 */
export function useFieldForm() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function send(call: () => Promise<{ message: string }>, local: FieldErrors = {}): Promise<boolean> {
    if (busy) return false;
    setDone(null);
    setFailure(null);
    setErrors(local);
    if (Object.keys(local).length > 0) return false;
    setBusy(true);
    try {
      const { message } = await call();
      setDone(message);
      return true;
    } catch (error) {
      const details = error instanceof ApiError ? (error.body?.details ?? []) : [];
      const byField = Object.fromEntries(details.filter((d) => d.field).map((d) => [d.field!, d.message]));
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setFailure(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, failure, done, send };
}
