import '@sciexperts/ui/tokens.css';
import { createRoot, type Root } from 'react-dom/client';
import type { DirectMessageProps } from '@sciexperts/shared';
import { DirectMessage } from '../conversation/DirectMessage';
import { parseCounterpart } from '../chat/ids';

export type MountOptions = DirectMessageProps;

/**
 * Framework-free entry for integrators: renders the chat into `element` with its own React root
 * (the React of the federation share scope) and returns the function that removes it again.
 */
export function mount(element: Element, options: MountOptions = {}): () => void {
  const root = createRoot(element);
  root.render(<DirectMessage {...options} />);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    root.unmount();
  };
}

const ATTRIBUTES = ['api-base-url', 'socket-url', 'token', 'user-id', 'counterpart-id'] as const;

/** `<sciexperts-chat api-base-url socket-url token user-id counterpart-id>`; attribute changes re-render it. */
function createElementClass() {
  return class SciexpertsChatElement extends HTMLElement {
    static get observedAttributes() {
      return [...ATTRIBUTES];
    }
    private root: Root | null = null;

    connectedCallback() {
      this.root ??= createRoot(this);
      this.update();
    }

    disconnectedCallback() {
      const root = this.root;
      this.root = null;
      // Unmount after the current task so moving the element in the DOM does not tear the chat down mid-render.
      if (root) queueMicrotask(() => root.unmount());
    }

    attributeChangedCallback() {
      if (this.root) this.update();
    }

    private options(): MountOptions {
      const attr = (name: (typeof ATTRIBUTES)[number]) => this.getAttribute(name) ?? undefined;
      return {
        apiBaseUrl: attr('api-base-url'),
        socketUrl: attr('socket-url'),
        token: attr('token'),
        // A new token attribute reaches the open chat as it is (its next connection presents it): it keeps its state.
        getToken: () => this.getAttribute('token') ?? undefined,
        userId: parseCounterpart(attr('user-id')) ?? undefined,
        counterpartId: parseCounterpart(attr('counterpart-id')) ?? undefined,
      };
    }

    private update() {
      const options = this.options();
      // A new member or conversation is a new chat: the key remounts it with a fresh store and socket.
      this.root?.render(<DirectMessage key={`${options.userId ?? ''}|${options.counterpartId ?? ''}`} {...options} />);
    }
  };
}

export const CHAT_ELEMENT_NAME = 'sciexperts-chat';

export function defineChatElement(name = CHAT_ELEMENT_NAME): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  customElements.define(name, createElementClass());
}

defineChatElement();

export default mount;
