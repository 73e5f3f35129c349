/** A member id from the URL or an attribute; anything else is no id. */
export function parseCounterpart(value: string | null | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,8}$/.test(value)) return null;
  return Number(value);
}
