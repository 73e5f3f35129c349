import { getRuntimeConfig, useAuth, type ChatEvent, type DirectMessageProps } from '@sciexperts/shared';
import { useState } from 'react';
import { useInRouterContext } from '@sciexperts/shared/router';
import { ChatProvider } from '../chat/ChatProvider';
import { ChatView } from './ChatView';
import { RoutedChatView } from './RoutedChatView';
import styles from './DirectMessage.module.css';

/** The direct message page: the conversation with one member, and the list of the member's conversations. */
export function DirectMessage(props: DirectMessageProps) {
  const storedToken = useAuth((s) => s.token);
  const storedUserId = useAuth((s) => s.user?.id ?? null);
  const inRouter = useInRouterContext();
  const token = props.getToken?.() ?? props.token ?? storedToken;
  const userId = props.userId ?? storedUserId;
  const socketUrl = props.socketUrl ?? getRuntimeConfig().socketUrl;

  if (!token || userId === null) {
    return (
      <section className={styles.chat} aria-labelledby="dm-title">
        <h1 id="dm-title">Direct Message</h1>
        <p role="status">Please sign in to use direct messages.</p>
      </section>
    );
  }
  // A new member or token is a new chat: the key gives it a fresh store and connection. A token the embedder renews
  // (getToken) is read by the connection as it changes: the chat stays, with what is being typed.
  const key = `${userId}|${props.getToken ? '' : token}|${socketUrl}|${props.apiBaseUrl ?? ''}`;
  return inRouter && props.counterpartId === undefined ? (
    <RoutedChatView key={key} userId={userId} token={token} socketUrl={socketUrl} apiBaseUrl={props.apiBaseUrl} tokenOverride={props.token} getToken={props.getToken} chatScoped={props.chatScoped} onEvent={props.onEvent} />
  ) : (
    <StandaloneChat key={key} userId={userId} token={token} socketUrl={socketUrl} apiBaseUrl={props.apiBaseUrl} tokenOverride={props.token} getToken={props.getToken} chatScoped={props.chatScoped} onEvent={props.onEvent} counterpartId={props.counterpartId ?? null} />
  );
}

interface ConnectionProps {
  userId: number;
  token: string;
  socketUrl: string;
  apiBaseUrl?: string;
  tokenOverride?: string;
  getToken?: () => string | undefined;
  chatScoped?: boolean;
  onEvent?: (event: ChatEvent) => void;
}

/** Outside a router (embedded, or given a counterpart): switching conversations is local state. */
function StandaloneChat({ counterpartId, ...connection }: ConnectionProps & { counterpartId: number | null }) {
  const [selected, setSelected] = useState<number | null>(counterpartId);
  return (
    <ChatProvider {...connection} initialCounterpartId={counterpartId}>
      <ChatView counterpartId={selected} onSelect={setSelected} />
    </ChatProvider>
  );
}

export default DirectMessage;
