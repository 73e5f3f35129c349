// <sciexperts-chat>: the sign-in button, the OAuth 2.0 code + PKCE popup, the tokens, and the chat mounted from the
// chat remote's origin (docs/decisions/0050-partner-apps-and-scoped-tokens.md). Kept small: the federation runtime
// and the chat come from the chat's origin only once a member is signed in.
import { CHAT_EMBED, CHAT_EMBED_CONFIG_PATH, CHAT_EMBED_RUNTIME_PATH, OAUTH_MESSAGE_TYPE, OAUTH_PATHS } from '../../shared/src/contracts/chatEmbed';
import type { ChatEvent, DirectMessageProps } from '../../shared/src/contracts/exposes';
import { STYLES } from './styles';
import type { SciexpertsChatElement, SciexpertsChatOptions } from './types';

const { attributes: A, events: E } = CHAT_EMBED;
/** Refreshed this long before the access token ends. */
const REFRESH_MARGIN_S = 60;

interface Endpoints {
  site: string;
  api: string;
  socket: string;
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user_id: number;
}

type RuntimeModule = { mountChat(chatOrigin: string, element: Element, options: DirectMessageProps): Promise<() => void> };

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const random = (n: number) => b64url(crypto.getRandomValues(new Uint8Array(n)));

async function post<T>(url: string, body: object): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' });
  const json = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw Object.assign(new Error(json.message ?? `HTTP ${response.status}`), { status: response.status });
  return json;
}

export function createElementClass(options: SciexpertsChatOptions): CustomElementConstructor {
  const chatOrigin = new URL(options.chatOrigin).origin;
  /** Once per page; a failure (the network) is not kept, so the next attempt asks again. */
  const once = <T>(load: () => Promise<T>) => {
    let pending: Promise<T> | null = null;
    return () =>
      (pending ??= load().catch((error: unknown) => {
        pending = null;
        throw error;
      }));
  };
  // The site and API the chat's origin names (its /embed-config.json), unless the page gave them.
  const where = once<Endpoints>(() =>
    options.siteOrigin && options.apiOrigin
      ? Promise.resolve({ site: options.siteOrigin, api: options.apiOrigin, socket: options.apiOrigin })
      : fetch(`${chatOrigin}${CHAT_EMBED_CONFIG_PATH}`, { credentials: 'omit' })
          .then((r) => (r.ok ? (r.json() as Promise<Endpoints>) : Promise.reject(new Error(`${CHAT_EMBED_CONFIG_PATH}: HTTP ${r.status}`))))
          .then((c) => ({ site: options.siteOrigin ?? c.site, api: options.apiOrigin ?? c.api, socket: options.apiOrigin ?? c.socket })),
  );
  const loadRuntime = once(() => import(/* webpackIgnore: true */ `${chatOrigin}${CHAT_EMBED_RUNTIME_PATH}`) as Promise<RuntimeModule>);

  return class extends HTMLElement implements SciexpertsChatElement {
    static get observedAttributes() {
      return [A.partner, A.with, A.theme];
    }
    private shadow: ShadowRoot | null = null;
    private access: Tokens | null = null;
    private timer: ReturnType<typeof setTimeout> | undefined;
    private unmount: (() => void) | null = null;
    private mounting = 0;
    private styleWatch: MutationObserver | null = null;
    private closedAt = 0;
    /** The mounted chat's socket was closed or refused: a new token then mounts it again. */
    private chatClosed = false;
    private refreshing: Promise<boolean> | null = null;

    private get partner() {
      return this.getAttribute(A.partner) ?? '';
    }
    /** The refresh token lives in this tab's sessionStorage (decision 0050): a reload keeps the member signed in. */
    private get storageKey() {
      return `sciexperts-chat:${this.partner}`;
    }

    connectedCallback() {
      if (!this.shadow) {
        this.shadow = this.attachShadow({ mode: 'open' });
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(STYLES);
        this.shadow.adoptedStyleSheets = [sheet];
      }
      // Moved in the page: the refresh timer stopped while it was out, so the tokens are renewed now.
      if (this.access) return void this.refresh(this.access.refresh_token);
      const saved = sessionStorage.getItem(this.storageKey);
      if (saved) void this.refresh(saved);
      else this.showSignIn();
    }

    disconnectedCallback() {
      clearTimeout(this.timer);
      this.unmountChat();
    }

    attributeChangedCallback(name: string, before: string | null, after: string | null) {
      if (before === after || !this.isConnected) return;
      if (name === A.with && this.access) void this.mount();
      if (name === A.partner && this.access) {
        // Another partner: the member signs in to it anew (the old partner's refresh token is forgotten).
        sessionStorage.removeItem(`sciexperts-chat:${before ?? ''}`);
        this.endLocally();
      }
    }

    open(memberId: number) {
      this.setAttribute(A.with, String(memberId));
    }

    async signOut() {
      const refresh = sessionStorage.getItem(this.storageKey) ?? this.access?.refresh_token;
      const access = this.access?.access_token;
      this.endLocally();
      const { api } = await where();
      const revoke = (token: string | undefined, hint: string) =>
        token ? post(`${api}${OAUTH_PATHS.revoke}`, { token, client_id: this.partner, token_type_hint: hint }).catch(() => undefined) : undefined;
      await Promise.all([revoke(refresh, 'refresh_token'), revoke(access, 'access_token')]);
    }

    private emit(type: string, detail: object) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }

    private render(...nodes: Node[]) {
      this.shadow?.replaceChildren(...nodes);
    }

    private showSignIn(problem?: string) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'sign-in';
      button.textContent = CHAT_EMBED.signInLabel;
      button.addEventListener('click', () => {
        this.signIn(button).catch((error: Error) => this.showSignIn(`Signing in is not possible right now: ${error.message}`));
      });
      const status = document.createElement('p');
      status.setAttribute('role', 'status');
      status.textContent = problem ?? '';
      this.render(button, status);
    }

    /** OAuth 2.0 authorization code with PKCE S256 (RFC 7636) in a popup on SciExperts' origin; the code comes back by postMessage. */
    private async signIn(button: HTMLButtonElement) {
      const { site, api } = await where();
      const verifier = random(32);
      const challenge = b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
      const state = random(16);
      const redirect = location.origin;
      const url = new URL('/oauth/authorize', site);
      const query = { client_id: this.partner, redirect_uri: redirect, response_type: 'code', scope: 'chat', code_challenge: challenge, code_challenge_method: 'S256', state, response_mode: 'web_message' };
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      const popup = window.open(url.href, 'sciexperts-sign-in', 'popup,width=480,height=680');
      if (!popup) return this.showSignIn('Allow pop-ups for this site to sign in with SciExperts.');
      button.disabled = true;
      const siteOrigin = new URL(site).origin;
      const code = await new Promise<string | null>((resolve) => {
        const done = (value: string | null) => {
          removeEventListener('message', onMessage);
          clearInterval(closed);
          resolve(value);
        };
        // Only the popup, from SciExperts' origin, answering this request's state.
        const onMessage = (event: MessageEvent) => {
          const data = event.data as { type?: string; code?: string | null; state?: string | null } | null;
          if (event.origin !== siteOrigin || event.source !== popup || data?.type !== OAUTH_MESSAGE_TYPE || data.state !== state) return;
          done(data.code ?? null);
        };
        addEventListener('message', onMessage);
        const closed = setInterval(() => popup.closed && done(null), 500);
      });
      if (!code) return this.showSignIn();
      try {
        const tokens = await post<Tokens>(`${api}${OAUTH_PATHS.token}`, { grant_type: 'authorization_code', client_id: this.partner, code, code_verifier: verifier, redirect_uri: redirect });
        this.begin(tokens);
      } catch (error) {
        this.showSignIn((error as Error).message);
      }
    }

    /**
     * One refresh at a time: the refresh token changes at each use, and the replaced one presented again (a timer and a
     * closed socket at once) would end the grant (reuse detection).
     */
    private refresh(refreshToken: string): Promise<boolean> {
      this.refreshing ??= (async () => {
        try {
          const { api } = await where();
          this.begin(await post<Tokens>(`${api}${OAUTH_PATHS.token}`, { grant_type: 'refresh_token', client_id: this.partner, refresh_token: refreshToken }));
          return true;
        } catch {
          this.endLocally();
          return false;
        } finally {
          this.refreshing = null;
        }
      })();
      return this.refreshing;
    }

    private begin(tokens: Tokens) {
      const first = this.access?.user_id !== tokens.user_id;
      this.access = tokens;
      sessionStorage.setItem(this.storageKey, tokens.refresh_token);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.refresh(tokens.refresh_token), Math.max(tokens.expires_in - REFRESH_MARGIN_S, 5) * 1000);
      if (first) this.emit(E.signedIn, { memberId: tokens.user_id });
      // A renewed token for the chat that is open goes to it as it is (mount's getToken): it keeps its conversation
      // and what is being typed. A new member, or a chat whose socket the server closed, is mounted afresh.
      if (first || this.unmount === null || this.chatClosed) void this.mount();
    }

    /** Back to the sign-in button: the chat unmounted (its socket closed), the tokens forgotten. */
    private endLocally() {
      const was = this.access !== null;
      clearTimeout(this.timer);
      this.access = null;
      sessionStorage.removeItem(this.storageKey);
      this.unmountChat();
      this.showSignIn();
      if (was) this.emit(E.signedOut, {});
    }

    private unmountChat() {
      this.mounting += 1;
      this.styleWatch?.disconnect();
      this.styleWatch = null;
      this.unmount?.();
      this.unmount = null;
    }

    private onChatEvent = (event: ChatEvent) => {
      if (event.type === 'message') {
        const detail = { conversationId: event.counterpartId, from: event.senderId, at: event.at };
        this.emit(E.message, this.hasAttribute(A.includeText) ? { ...detail, text: event.text } : detail);
      } else if (event.type === 'unread') {
        this.emit(E.unread, { count: event.count });
      } else {
        // The server closed the socket: the token ended (expired, or revoked or suspended). A refresh tells which.
        // Once a minute at most, so a connection refused for another reason does not loop through the token endpoint.
        this.chatClosed = true;
        const refresh = this.access?.refresh_token;
        const now = Date.now();
        if (refresh && now - this.closedAt > 60_000) {
          this.closedAt = now;
          void this.refresh(refresh);
        } else this.endLocally();
      }
    };

    private async mount() {
      const tokens = this.access;
      if (!tokens || !this.shadow) return;
      this.unmountChat();
      this.chatClosed = false;
      const attempt = this.mounting;
      const box = document.createElement('div');
      box.className = 'chat';
      const status = document.createElement('p');
      status.setAttribute('role', 'status');
      status.textContent = 'Loading the chat…';
      this.render(status);
      try {
        const [{ api, socket }, { mountChat }] = await Promise.all([where(), loadRuntime()]);
        if (attempt !== this.mounting) return;
        const counterpart = Number(this.getAttribute(A.with));
        const unmount = await mountChat(chatOrigin, box, {
          apiBaseUrl: api,
          socketUrl: socket,
          token: tokens.access_token,
          // The token as it is when the chat asks: renewals reach the open chat without mounting it again.
          getToken: () => this.access?.access_token,
          userId: tokens.user_id,
          counterpartId: Number.isInteger(counterpart) && counterpart > 0 ? counterpart : undefined,
          chatScoped: true,
          onEvent: this.onChatEvent,
        });
        if (attempt !== this.mounting) return unmount();
        this.unmount = unmount;
        this.render(box);
        this.adoptChatStyles();
      } catch (error) {
        if (attempt === this.mounting) status.textContent = `The chat could not be loaded: ${(error as Error).message}`;
      }
    }

    /** The chat's stylesheets (links the chat's build puts in the document's head) also apply inside the shadow root. */
    private adoptChatStyles() {
      const copy = () => {
        const have = new Set([...this.shadow!.querySelectorAll('link')].map((l) => l.href));
        for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
          if (link.href.startsWith(`${chatOrigin}/`) && !have.has(link.href)) this.shadow!.prepend(link.cloneNode());
        }
      };
      copy();
      this.styleWatch = new MutationObserver(copy);
      this.styleWatch.observe(document.head, { childList: true });
    }
  };
}
