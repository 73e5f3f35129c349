import { webcrypto } from 'node:crypto';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { CHAT_EMBED, OAUTH_MESSAGE_TYPE, OAUTH_PATHS } from '../../shared/src/contracts/chatEmbed';
import { defineSciexpertsChat } from './index';
import { mounts } from './testing/fakeRuntime';
import type { SciexpertsChatElement } from './types';

// jsdom has neither constructable stylesheets nor crypto.subtle.
if (!('replaceSync' in CSSStyleSheet.prototype)) Object.assign(CSSStyleSheet.prototype, { replaceSync: () => undefined });
if (!globalThis.crypto.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });

const CHAT = 'https://chat.sciexperts.test';
const SITE = 'https://sciexperts.test';
const API = 'https://api.sciexperts.test';
const tokens = (n: number) => ({ access_token: `at-${n}`, refresh_token: `rt-${n}`, expires_in: 900, token_type: 'Bearer', scope: 'chat', user_id: 7 });

type Call = { url: string; body: Record<string, unknown> | null };
let calls: Call[];
let answers: Array<{ status: number; json: unknown }>;

beforeAll(() => defineSciexpertsChat({ chatOrigin: CHAT }));

beforeEach(() => {
  calls = [];
  answers = [];
  mounts.length = 0;
  sessionStorage.clear();
  document.body.replaceChildren();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
    if (url.endsWith('/embed-config.json')) return new Response(JSON.stringify({ site: SITE, api: API, socket: API }));
    const next = answers.shift() ?? { status: 500, json: {} };
    return new Response(JSON.stringify(next.json), { status: next.status });
  }) as typeof fetch;
});

function place(attributes: Record<string, string> = {}): SciexpertsChatElement {
  const element = document.createElement('sciexperts-chat');
  element.setAttribute('partner', 'sx_portal');
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, v);
  document.body.append(element);
  return element;
}
const inside = (element: Element) => within(element.shadowRoot as unknown as HTMLElement);

function heard(element: Element) {
  const events: Array<{ type: string; detail: unknown }> = [];
  for (const type of Object.values(CHAT_EMBED.events)) document.addEventListener(type, (e) => e.target === element && events.push({ type, detail: (e as CustomEvent).detail }));
  return events;
}

/** Clicks the button and posts `answer`'s messages to the page once the popup is open; the popup's address. */
async function signIn(element: Element, answer: (popup: Window, url: URL) => MessageEventInit[]) {
  const popup = { closed: false } as unknown as Window;
  let opened: URL | null = null;
  window.open = jest.fn((url?: string | URL) => {
    opened = new URL(String(url));
    return popup;
  }) as typeof window.open;
  await userEvent.click(inside(element).getByRole('button', { name: CHAT_EMBED.signInLabel }));
  await waitFor(() => expect(opened).not.toBeNull());
  for (const init of answer(popup, opened!)) window.dispatchEvent(new MessageEvent('message', init));
  return opened!;
}

describe('<sciexperts-chat>', () => {
  it('shows "Sign in with SciExperts" when nobody is signed in', () => {
    const element = place();
    expect(inside(element).getByRole('button', { name: CHAT_EMBED.signInLabel })).toBeInTheDocument();
  });

  it('opens the popup with PKCE S256, takes the code only from that popup, from the site, with its state; keeps the refresh token in sessionStorage and mounts a chat-scoped chat', async () => {
    const element = place({ with: '42' });
    const events = heard(element);
    answers.push({ status: 200, json: tokens(1) });
    const url = await signIn(element, (popup, asked) => {
      const state = asked.searchParams.get('state');
      const good = { type: OAUTH_MESSAGE_TYPE, code: 'the-code', state };
      return [
        { origin: 'https://evil.test', source: popup, data: good },
        { origin: SITE, source: window, data: good },
        { origin: SITE, source: popup, data: { ...good, state: 'another' } },
        { origin: SITE, source: popup, data: good },
      ];
    });
    expect(url.origin + url.pathname).toBe(`${SITE}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'sx_portal', redirect_uri: window.location.origin, scope: 'chat', code_challenge_method: 'S256', response_mode: 'web_message' });
    await inside(element).findByText('chat');

    const exchanges = calls.filter((c) => c.url === `${API}${OAUTH_PATHS.token}`);
    expect(exchanges).toHaveLength(1);
    const body = exchanges[0]!.body!;
    expect(body).toMatchObject({ grant_type: 'authorization_code', client_id: 'sx_portal', code: 'the-code', redirect_uri: window.location.origin });
    const digest = Buffer.from(await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(String(body.code_verifier)))).toString('base64url');
    expect(url.searchParams.get('code_challenge')).toBe(digest);

    expect(sessionStorage.getItem('sciexperts-chat:sx_portal')).toBe('rt-1');
    expect(mounts).toHaveLength(1);
    expect(mounts[0]!.options).toMatchObject({ token: 'at-1', userId: 7, counterpartId: 42, chatScoped: true, apiBaseUrl: API, socketUrl: API });
    expect(events).toContainEqual({ type: CHAT_EMBED.events.signedIn, detail: { memberId: 7 } });
  });

  it('turns the chat’s events into DOM events: the text only with include-text', async () => {
    sessionStorage.setItem('sciexperts-chat:sx_portal', 'rt-0');
    answers.push({ status: 200, json: tokens(1) });
    const element = place();
    const events = heard(element);
    await inside(element).findByText('chat');
    const { onEvent } = mounts[0]!.options;
    onEvent!({ type: 'message', counterpartId: 9, senderId: 9, at: '2026-11-29T10:00:00Z', text: 'secret' });
    onEvent!({ type: 'unread', count: 3 });
    element.setAttribute('include-text', '');
    onEvent!({ type: 'message', counterpartId: 9, senderId: 9, at: '2026-11-29T10:01:00Z', text: 'hello' });
    expect(events.filter((e) => e.type !== CHAT_EMBED.events.signedIn)).toEqual([
      { type: CHAT_EMBED.events.message, detail: { conversationId: 9, from: 9, at: '2026-11-29T10:00:00Z' } },
      { type: CHAT_EMBED.events.unread, detail: { count: 3 } },
      { type: CHAT_EMBED.events.message, detail: { conversationId: 9, from: 9, at: '2026-11-29T10:01:00Z', text: 'hello' } },
    ]);
  });

  it('when the server closes the chat and the grant has ended, goes back to the sign-in button and forgets the tokens', async () => {
    sessionStorage.setItem('sciexperts-chat:sx_portal', 'rt-0');
    answers.push({ status: 200, json: tokens(1) });
    const element = place();
    const events = heard(element);
    await inside(element).findByText('chat');
    answers.push({ status: 400, json: { message: 'The code or refresh token is invalid, expired or already used.' } });
    mounts[0]!.options.onEvent!({ type: 'closed' });
    expect(await inside(element).findByRole('button', { name: CHAT_EMBED.signInLabel })).toBeInTheDocument();
    expect(mounts[0]!.unmounted).toBe(true);
    expect(sessionStorage.getItem('sciexperts-chat:sx_portal')).toBeNull();
    expect(events).toContainEqual({ type: CHAT_EMBED.events.signedOut, detail: {} });
    expect(calls.filter((c) => c.url === `${API}${OAUTH_PATHS.token}`).at(-1)!.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'rt-1' });
  });

  it('gives a renewed token to the open chat without mounting it again; a chat the server closed is mounted afresh', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      sessionStorage.setItem('sciexperts-chat:sx_portal', 'rt-0');
      answers.push({ status: 200, json: tokens(1) });
      const element = place();
      await inside(element).findByText('chat');
      expect(mounts[0]!.options.getToken!()).toBe('at-1');
      // The access token is renewed a minute before it ends: the chat that is open reads the new one (what is being
      // typed in it stays), it is not mounted again.
      answers.push({ status: 200, json: tokens(2) });
      await jest.advanceTimersByTimeAsync(900_000);
      await waitFor(() => expect(sessionStorage.getItem('sciexperts-chat:sx_portal')).toBe('rt-2'));
      expect(mounts).toHaveLength(1);
      expect(mounts[0]!.unmounted).toBe(false);
      expect(mounts[0]!.options.getToken!()).toBe('at-2');
      // The server closed the chat's socket (its token had ended first): a refresh that works mounts it again.
      answers.push({ status: 200, json: tokens(3) });
      mounts[0]!.options.onEvent!({ type: 'closed' });
      await waitFor(() => expect(mounts).toHaveLength(2));
      expect(mounts[0]!.unmounted).toBe(true);
      expect(mounts[1]!.options).toMatchObject({ token: 'at-3' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('signOut() revokes both tokens and shows the sign-in button', async () => {
    sessionStorage.setItem('sciexperts-chat:sx_portal', 'rt-0');
    answers.push({ status: 200, json: tokens(1) });
    const element = place();
    await inside(element).findByText('chat');
    answers.push({ status: 200, json: {} }, { status: 200, json: {} });
    await element.signOut();
    const revoked = calls.filter((c) => c.url === `${API}${OAUTH_PATHS.revoke}`).map((c) => c.body);
    expect(revoked).toEqual(
      expect.arrayContaining([
        { token: 'rt-1', client_id: 'sx_portal', token_type_hint: 'refresh_token' },
        { token: 'at-1', client_id: 'sx_portal', token_type_hint: 'access_token' },
      ]),
    );
    expect(inside(element).getByRole('button', { name: CHAT_EMBED.signInLabel })).toBeInTheDocument();
  });

  it('says so when SciExperts cannot be reached, and asks again at the next click', async () => {
    const working = globalThis.fetch;
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    // A fresh element class has no answer kept yet: define one under another name for this test.
    const { createElementClass } = await import('./element');
    customElements.define('sciexperts-chat-offline', createElementClass({ chatOrigin: 'https://other-chat.sciexperts.test' }));
    const offline = document.createElement('sciexperts-chat-offline');
    offline.setAttribute('partner', 'sx_portal');
    document.body.append(offline);
    await userEvent.click(inside(offline).getByRole('button', { name: CHAT_EMBED.signInLabel }));
    expect(await inside(offline).findByRole('status')).toHaveTextContent('Signing in is not possible right now: Failed to fetch');
    globalThis.fetch = working;
    window.open = jest.fn(() => null) as typeof window.open;
    await userEvent.click(inside(offline).getByRole('button', { name: CHAT_EMBED.signInLabel }));
    expect(await inside(offline).findByRole('status')).toHaveTextContent('Allow pop-ups for this site to sign in with SciExperts.');
  });
});
