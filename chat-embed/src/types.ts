// The public types of `@sciexperts/chat-embed`, spelled out here (not imported) so the published declarations stand
// alone; src/index.ts checks at compile time that they match the contract (CHAT_EMBED in @sciexperts/shared).

/** `sciexperts:message`: a message from someone else arrived. `text` only when the element has `include-text`. */
export interface SciexpertsChatMessageDetail {
  /** The conversation, named by the other member's id (the chat keeps one conversation per pair of members). */
  conversationId: number;
  /** The sender's member id. */
  from: number;
  /** ISO 8601. */
  at: string;
  text?: string;
}

/** `sciexperts:unread`: unread messages across the member's conversations, each time the count changes. */
export interface SciexpertsChatUnreadDetail {
  count: number;
}

/** `sciexperts:signed-in`: the member who signed in through the popup (or was still signed in on this tab). */
export interface SciexpertsChatSignedInDetail {
  memberId: number;
}

/** The DOM events `<sciexperts-chat>` dispatches (bubbling, composed). */
export interface SciexpertsChatEventMap {
  'sciexperts:message': CustomEvent<SciexpertsChatMessageDetail>;
  'sciexperts:unread': CustomEvent<SciexpertsChatUnreadDetail>;
  'sciexperts:signed-in': CustomEvent<SciexpertsChatSignedInDetail>;
  'sciexperts:signed-out': CustomEvent<Record<string, never>>;
}

/** The theming API: CSS custom properties set on the element by the host page (they inherit into it). */
export type SciexpertsChatCssProperty =
  | '--sciexperts-chat-accent'
  | '--sciexperts-chat-background'
  | '--sciexperts-chat-text'
  | '--sciexperts-chat-font'
  | '--sciexperts-chat-radius';

/** `<sciexperts-chat partner with theme include-text>` */
export interface SciexpertsChatElement extends HTMLElement {
  /** Opens the conversation with this member (sets the `with` attribute). */
  open(memberId: number): void;
  /** Ends the partner's tokens for this member (revoked at SciExperts) and shows "Sign in with SciExperts" again. */
  signOut(): Promise<void>;
  addEventListener<K extends keyof SciexpertsChatEventMap>(type: K, listener: (this: SciexpertsChatElement, event: SciexpertsChatEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SciexpertsChatEventMap>(type: K, listener: (this: SciexpertsChatElement, event: SciexpertsChatEventMap[K]) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export interface SciexpertsChatOptions {
  /** Where the chat is served from (the origin of https://…/sciexperts-chat.js). */
  chatOrigin: string;
  /**
   * SciExperts' site (the sign-in popup) and API. By default the chat's origin says where they are
   * (its /embed-config.json).
   */
  siteOrigin?: string;
  apiOrigin?: string;
}
