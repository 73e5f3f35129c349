// The developers' page (/developers): the chat embed in five steps. Every name a partner types (the script path,
// the element, its attributes, events and CSS custom properties) comes from CHAT_EMBED, the embed's contract; the
// origins come from the site's runtime configuration, so the snippets name the real chat remote and API.
import { CHAT_EMBED } from '@sciexperts/shared';

export const DEVELOPERS_PATH = '/developers';
export const DEVELOPERS_TITLE = 'Add SciExperts messages to your site';
export const DEVELOPERS_DESCRIPTION =
  'Embed the SciExperts chat on your own site: register a partner, paste one snippet, handle its events, theme it and allow it in your Content Security Policy. Members sign in on SciExperts, never on your page.';

/** The package partners install from npm (a workspace package of this repository). */
export const EMBED_PACKAGE = '@sciexperts/chat-embed';

export interface EmbedOrigins {
  /** The chat remote's origin: it serves the script. */
  chat: string;
  /** The API's origin (REST calls). */
  api: string;
  /** The socket's origin (http scheme; the policy also needs its ws scheme). */
  socket: string;
}

const { element, attributes: a, events, cssProperties: css } = CHAT_EMBED;

/** `<sciexperts-chat partner="…" with="…" theme="light"></sciexperts-chat>` */
export function elementSnippet(): string {
  return `<${element} ${a.partner}="YOUR_CLIENT_ID" ${a.with}="MEMBER_ID" ${a.theme}="light"></${element}>`;
}

export function scriptSnippet(origins: EmbedOrigins): string {
  return [`<script type="module" src="${origins.chat}${CHAT_EMBED.scriptPath}"></script>`, '', elementSnippet()].join('\n');
}

/** The package's one function, defineSciexpertsChat, told where this deployment's chat is served. */
export function npmSnippet(origins: EmbedOrigins): string {
  return [
    `npm install ${EMBED_PACKAGE}`,
    '',
    `// In your page's code, once: defines <${element}>`,
    `import { defineSciexpertsChat } from '${EMBED_PACKAGE}';`,
    '',
    `defineSciexpertsChat({ chatOrigin: '${origins.chat}' });`,
  ].join('\n');
}

export function eventsSnippet(): string {
  return [
    `const chat = document.querySelector('${element}');`,
    '',
    `chat.addEventListener('${events.unread}', (event) => {`,
    `  badge.textContent = event.detail.count > 0 ? String(event.detail.count) : '';`,
    '});',
    `chat.addEventListener('${events.message}', (event) => {`,
    `  const { conversationId, from, at } = event.detail;`,
    `  console.log('New message', conversationId, from, at);`,
    '});',
    `chat.addEventListener('${events.signedIn}', (event) => console.log('Signed in as', event.detail.memberId));`,
    `chat.addEventListener('${events.signedOut}', () => console.log('Signed out'));`,
    '',
    '// Open a conversation with a member, or sign out of the chat on this page:',
    `chat.open(MEMBER_ID);`,
    `chat.signOut();`,
  ].join('\n');
}

export function themeSnippet(): string {
  return [
    `${element} {`,
    `  ${css.accent}: #7a1f5c;`,
    `  ${css.background}: #ffffff;`,
    `  ${css.text}: #1b1f24;`,
    `  ${css.font}: Georgia, serif;`,
    `  ${css.radius}: 12px;`,
    '}',
  ].join('\n');
}

const wsOf = (origin: string): string => origin.replace(/^http/, 'ws');
const unique = (values: string[]): string => [...new Set(values)].join(' ');

/** The partner page's policy: the chat remote for the script, its styles, fonts and chunks; the API for calls and the socket. */
export function cspSnippet(origins: EmbedOrigins): string {
  return [
    'Content-Security-Policy:',
    `  script-src 'self' ${origins.chat};`,
    `  style-src 'self' ${origins.chat};`,
    `  font-src 'self' ${origins.chat};`,
    `  img-src ${unique(["'self'", 'data:', origins.chat, origins.api])};`,
    `  connect-src ${unique(["'self'", origins.chat, origins.api, origins.socket, wsOf(origins.socket)])}`,
  ].join('\n');
}

/** What each event's `detail` carries, for the events table. */
export const EVENT_DETAILS: ReadonlyArray<{ name: string; when: string; detail: string }> = [
  { name: events.message, when: 'A new message arrives in any of the member’s conversations.', detail: `{ conversationId, from, at }; also text when the element has the ${a.includeText} attribute.` },
  { name: events.unread, when: 'The number of unread messages changes.', detail: '{ count }' },
  { name: events.signedIn, when: 'A member has signed in through the SciExperts popup.', detail: '{ memberId }' },
  { name: events.signedOut, when: 'The member signed out, disconnected your site, or your site was suspended.', detail: 'none' },
];

/** The theming API, in the order of the sample. */
export const THEME_PROPERTIES: ReadonlyArray<{ name: string; what: string }> = [
  { name: css.accent, what: 'Buttons, links and your own messages.' },
  { name: css.background, what: 'The chat’s background.' },
  { name: css.text, what: 'The text colour.' },
  { name: css.font, what: 'The font family.' },
  { name: css.radius, what: 'The corner radius of the frame, bubbles and buttons.' },
];

/** The page's sections: the five steps are numbered in their headings; the contents (a numbered list) says the label. */
export const DEVELOPERS_SECTIONS = [
  { id: 'register', heading: '1. Register your site', label: 'Register your site' },
  { id: 'snippet', heading: '2. Paste the snippet', label: 'Paste the snippet' },
  { id: 'events', heading: '3. Handle the events', label: 'Handle the events' },
  { id: 'theme', heading: '4. Make it look like your site', label: 'Make it look like your site' },
  { id: 'csp', heading: '5. Allow it in your Content Security Policy', label: 'Allow it in your Content Security Policy' },
  { id: 'example', heading: 'See it working', label: 'See it working' },
] as const;
