import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ChatEvent } from '@sciexperts/shared';
import { useStore } from 'zustand';
import { ChatController } from './ChatController';
import { chatApi, createChatApi } from '@sciexperts/shared/member';
import { createChatStore, type ChatState, type ChatStore } from './chatStore';

interface ChatContextValue {
  store: ChatStore;
  controller: ChatController;
  /** A partner's chat-scoped token: Report (403 to it) is not offered. */
  chatScoped: boolean;
}

const ChatContext = createContext<ChatContextValue | null>(null);

export interface ChatProviderProps {
  userId: number;
  token: string;
  socketUrl: string;
  apiBaseUrl?: string;
  /** Only when the integrator passed its own token; the product's token goes through the shared client. */
  tokenOverride?: string;
  /** The embedder's token as it is now (DirectMessageProps.getToken): calls and connections read it. */
  getToken?: () => string | undefined;
  initialCounterpartId: number | null;
  chatScoped?: boolean;
  onEvent?: (event: ChatEvent) => void;
  children: ReactNode;
}

/**
 * Inside the product the shared client is used as it is (its 401 handling signs the member out everywhere);
 * an integrator passing its own API address or token gets the same client bound to those.
 */
function createClient(apiBaseUrl: string | undefined, token: string | undefined, getToken: (() => string | undefined) | undefined) {
  return apiBaseUrl === undefined && token === undefined && getToken === undefined ? chatApi : createChatApi({ apiBaseUrl, token, getToken });
}

/** Creates the store and the connection of one mounted chat; both end with the mount. */
export function ChatProvider({ userId, token, socketUrl, apiBaseUrl, tokenOverride, getToken, initialCounterpartId, chatScoped = false, onEvent, children }: ChatProviderProps) {
  const [value] = useState<ChatContextValue>(() => {
    const store = createChatStore(userId, initialCounterpartId);
    const controller = new ChatController(store, { socketUrl, token, getToken, userId, client: createClient(apiBaseUrl, tokenOverride, getToken), onEvent });
    return { store, controller, chatScoped };
  });
  useEffect(() => {
    value.controller.start();
    return () => value.controller.stop();
  }, [value]);
  useEffect(() => {
    if (!onEvent) return;
    // The embedder's badge: the unread total across conversations, told each time it changes (once the list is in).
    let last: number | null = null;
    return value.store.subscribe((state, previous) => {
      if (state.conversations === previous.conversations) return;
      const count = state.conversations.reduce((sum, c) => sum + c.unreadCount, 0);
      if (count !== last) onEvent({ type: 'unread', count });
      last = count;
    });
  }, [value, onEvent]);
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}

function useChatContext(): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw new Error('Chat components must be rendered inside <ChatProvider>.');
  return value;
}

export function useChat<T>(selector: (state: ChatState) => T): T {
  return useStore(useChatContext().store, selector);
}

/** Whether the token is a partner's (chat only): actions other routes would refuse are hidden. */
export function useChatScoped(): boolean {
  return useChatContext().chatScoped;
}

export function useChatController(): ChatController {
  return useChatContext().controller;
}
