// The developers' live example (DEVELOPERS_EXAMPLE.examplePath, framed by the site's /developers): a partner page as
// a partner would write it, served by the chat remote. Its only script (no inline code, so a strict CSP holds) loads
// the embed's script from this origin, puts the element on the page as the demo partner, and logs every event the
// element dispatches. Every name comes from the embed's contract.
import { CHAT_EMBED, DEVELOPERS_EXAMPLE } from '@sciexperts/shared';
import './developersExample.css';

const status = document.getElementById('chat-status');
const slot = document.getElementById('chat-slot');
const log = document.getElementById('event-log');
const empty = document.getElementById('event-log-empty');
const signOut = document.getElementById('sign-out');

/** What the element offers beyond HTMLElement (the embed package documents these). */
type ChatElement = HTMLElement & { open?: (memberId: number) => void; signOut?: () => void };

function say(text: string): void {
  if (status) status.textContent = text;
}

function record(name: string, detail: unknown): void {
  if (!log) return;
  const item = document.createElement('li');
  item.textContent = detail === null || detail === undefined ? name : `${name} ${JSON.stringify(detail)}`;
  log.append(item);
  if (empty) empty.hidden = true;
}

function createChat(): ChatElement {
  const chat = document.createElement(CHAT_EMBED.element) as ChatElement;
  chat.setAttribute(CHAT_EMBED.attributes.partner, DEVELOPERS_EXAMPLE.partner.clientId);
  chat.setAttribute(CHAT_EMBED.attributes.theme, 'light');
  // ?with=<member id> opens the conversation with that member, as a partner's "Message this expert" link would.
  const withMember = new URLSearchParams(window.location.search).get('with');
  if (withMember && /^\d+$/.test(withMember)) chat.setAttribute(CHAT_EMBED.attributes.with, withMember);
  // The theming API, set as a partner's stylesheet would (through the CSSOM: the page's policy has no inline styles).
  chat.style.display = 'block';
  chat.style.setProperty(CHAT_EMBED.cssProperties.accent, '#3b1e54');
  chat.style.setProperty(CHAT_EMBED.cssProperties.radius, '12px');
  for (const name of Object.values(CHAT_EMBED.events)) chat.addEventListener(name, (event) => record(name, (event as CustomEvent<unknown>).detail));
  chat.addEventListener(CHAT_EMBED.events.signedIn, () => {
    if (signOut) signOut.hidden = false;
  });
  chat.addEventListener(CHAT_EMBED.events.signedOut, () => {
    if (signOut) signOut.hidden = true;
  });
  return chat;
}

function loadEmbed(): void {
  const chat = createChat();
  slot?.append(chat);
  signOut?.addEventListener('click', () => chat.signOut?.());
  say('Loading the chat…');
  const script = document.createElement('script');
  script.type = 'module';
  script.src = new URL(CHAT_EMBED.scriptPath, window.location.origin).href;
  script.addEventListener('error', () => say(`The chat’s script (${CHAT_EMBED.scriptPath}) did not load, so the chat cannot start here.`));
  document.head.append(script);
  void customElements.whenDefined(CHAT_EMBED.element).then(() => say(''));
}

loadEmbed();
