import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { ChatController } from './ChatController';
import { createChatClient } from './chatClient';
import { createChatStore, type ChatState, type ChatStore } from './chatStore';

interface ChatContextValue {
  store: ChatStore;
  controller: ChatController;
}

const ChatContext = createContext<ChatContextValue | null>(null);

export interface ChatProviderProps {
  userId: number;
  token: string;
  socketUrl: string;
  apiBaseUrl?: string;
  /** Only when the integrator passed its own token; the product's token goes through the shared client. */
  tokenOverride?: string;
  initialCounterpartId: number | null;
  children: ReactNode;
}

/** Creates the store and the connection of one mounted chat; both end with the mount. */
export function ChatProvider({ userId, token, socketUrl, apiBaseUrl, tokenOverride, initialCounterpartId, children }: ChatProviderProps) {
  const [value] = useState<ChatContextValue>(() => {
    const store = createChatStore(userId, initialCounterpartId);
    const controller = new ChatController(store, { socketUrl, token, userId, client: createChatClient({ apiBaseUrl, token: tokenOverride }) });
    return { store, controller };
  });
  useEffect(() => {
    value.controller.start();
    return () => value.controller.stop();
  }, [value]);
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

export function useChatController(): ChatController {
  return useChatContext().controller;
}
