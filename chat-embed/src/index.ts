// @sciexperts/chat-embed: `defineSciexpertsChat({ chatOrigin })` defines <sciexperts-chat> on a partner's page.
import { CHAT_EMBED } from '../../shared/src/contracts/chatEmbed';
import { createElementClass } from './element';
import type { SciexpertsChatElement, SciexpertsChatOptions } from './types';

export type * from './types';

/** Defines `<sciexperts-chat>` (once; a later call is a no-op) for the chat served at `options.chatOrigin`. */
export function defineSciexpertsChat(options: SciexpertsChatOptions): void {
  if (customElements.get(CHAT_EMBED.element)) return;
  customElements.define(CHAT_EMBED.element, createElementClass(options));
}

declare global {
  interface HTMLElementTagNameMap {
    'sciexperts-chat': SciexpertsChatElement;
  }
}
