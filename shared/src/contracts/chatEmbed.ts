// The partner-facing names of issue 45 that `@sciexperts/chat-embed` bundles: this file imports nothing, so the
// loader carries these constants and nothing else of the contracts (re-exported by ./partners).

export const OAUTH_PATHS = {
  /** GET ?client_id&redirect_uri&…: what the consent screen names; POST: the member's decision, answers the code. */
  authorize: '/api/OAuth/Authorize',
  /** POST: a code (with its PKCE verifier) or a refresh token for a chat-scoped access token. */
  token: '/api/OAuth/Token',
  /** POST: a partner page signing out ends its refresh token (RFC 7009). */
  revoke: '/api/OAuth/Revoke',
} as const;

/** What the popup posts to its opener (targetOrigin: the partner's registered redirect origin). */
export const OAUTH_MESSAGE_TYPE = 'sciexperts:authorization';

/**
 * The chat embed's public interface (`@sciexperts/chat-embed`, issue 45): one place for the package, the script the
 * chat remote serves, the developers' page and the tests, so none of them spells a name of its own.
 */
export const CHAT_EMBED = {
  /** The loader as one ES module for `<script type="module" src>`, served by the chat remote's origin. */
  scriptPath: '/sciexperts-chat.js',
  /** The custom element the loader defines. */
  element: 'sciexperts-chat',
  /** Its attributes: the partner's client id, a member to talk to, the colour scheme, and whether message events carry the text. */
  attributes: { partner: 'partner', with: 'with', theme: 'theme', includeText: 'include-text' },
  themes: ['light', 'dark'],
  /** DOM events dispatched on the element (bubbling, composed). */
  events: {
    /** detail: { conversationId, from, at } and `text` only when the host set `include-text`. */
    message: 'sciexperts:message',
    /** detail: { count } — unread messages across the member's conversations. */
    unread: 'sciexperts:unread',
    /** detail: { memberId } */
    signedIn: 'sciexperts:signed-in',
    signedOut: 'sciexperts:signed-out',
  },
  /** The theming API: CSS custom properties a host page sets on the element (inherited into its shadow root). */
  cssProperties: {
    accent: '--sciexperts-chat-accent',
    background: '--sciexperts-chat-background',
    text: '--sciexperts-chat-text',
    font: '--sciexperts-chat-font',
    radius: '--sciexperts-chat-radius',
  },
  /** The sign-in button's words when no member is signed in. */
  signInLabel: 'Sign in with SciExperts',
} as const;

/** Served by the chat's origin beside the script: `{ site, api, socket }`, where the popup, the API and the socket are. */
export const CHAT_EMBED_CONFIG_PATH = '/embed-config.json';
/** The federation runtime and the chat's mount, an ES module the loader imports once a member is signed in. */
export const CHAT_EMBED_RUNTIME_PATH = '/sciexperts-chat-runtime.js';
