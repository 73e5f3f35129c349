const API_CLIENT = 'API client';
/** The User-Agent's first product token ("curl" of "curl/8.5.0"): a short plain name, since the label is shown and mailed. */
const PRODUCT = /^([A-Za-z][\w.-]{0,39})(?:\/\S*)?(?:\s|$)/;

/**
 * "Firefox on Linux" from a User-Agent, for the member's list of sessions: a label to recognise a device by, not a
 * fact to act on. A dozen well-known tokens cover what members use; a parsing library (ua-parser-js is AGPL from
 * version 2) would add a dependency for the same label.
 *
 * A sign-in through the API (a script, curl, an app's HTTP library) is no browser: it is named "API client" with the
 * User-Agent's product ("API client (curl)"), so the member can tell it from a stranger's browser. Every browser
 * sends a User-Agent, so a request without one is an API client too.
 */
export function describeDevice(userAgent: string | null): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return API_CLIENT;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  // Browsers (and the bots posing as them) start with "Mozilla/"; anything else names its own product first.
  const product = /^Mozilla\//.test(ua) ? null : PRODUCT.exec(ua)?.[1];
  if (product) return `${API_CLIENT} (${product})`;
  if (system) return `A browser on ${system}`;
  return 'Unknown device';
}
