import { formatCents } from '@sciexperts/shared';

export { formatCents };

/** '3 d 4 h', '2 h 5 min', '12 min': how long a request has waited. */
export function waited(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min`;
}

export const dateTime = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';

/** '3/1/26, 8:30 AM': short enough for one line in a table; the column says it is UTC. */
export const shortDateTime = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

/** '26 h 5 min', '3 h 0 min', '12 min': a wait measured against a promise in hours, so never in days. */
export function hoursAndMinutes(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
