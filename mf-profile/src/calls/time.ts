// How calls' times read: in the viewer's own time zone, with the expert's beside it when it differs.

export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/** 'Mon 2 Mar' in the zone. */
export const dayOf = (iso: string, zone: string) => formatter(zone, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
/** '09:30' in the zone. */
export const timeOf = (iso: string, zone: string) => formatter(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
/** The hour (0–23) in the zone. */
export const hourOf = (iso: string, zone: string) => Number(timeOf(iso, zone).slice(0, 2));
/** 'Mon 2 Mar, 09:30' in the zone. */
export const dayTimeOf = (iso: string, zone: string) => `${dayOf(iso, zone)}, ${timeOf(iso, zone)}`;
/** A zone's readable name: 'Europe/Berlin' → 'Berlin'. */
export const zoneLabel = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/** '09:30 your time (15:30 Berlin)' — the expert's time only when it differs from the viewer's. */
export function bothZones(iso: string, viewer: string, expert: string | null): string {
  const mine = timeOf(iso, viewer);
  if (!expert || expert === viewer) return mine;
  const theirs = timeOf(iso, expert);
  const sameDay = dayOf(iso, viewer) === dayOf(iso, expert);
  return `${mine} your time (${sameDay ? theirs : dayTimeOf(iso, expert)} ${zoneLabel(expert)})`;
}

/** '09:00 your time (15:00 Berlin)' → ['09:00', '15:00 Berlin']: a time cell's two lines. */
export function splitZones(text: string): [string, string | null] {
  const match = /^(\S+) your time \((.+)\)$/.exec(text);
  return match ? [match[1]!, match[2]!] : [text, null];
}
