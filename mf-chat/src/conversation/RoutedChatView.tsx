import type { ChatEvent } from '@sciexperts/shared';
import { useSearchParams } from '@sciexperts/shared/router';
import { ChatProvider } from '../chat/ChatProvider';
import { ChatView } from './ChatView';
import { parseCounterpart } from '../chat/ids';
import { ChatCallAction } from './ChatCallAction';
import { BlockAction } from './BlockAction';

export interface RoutedChatViewProps {
  userId: number;
  token: string;
  socketUrl: string;
  apiBaseUrl?: string;
  tokenOverride?: string;
  getToken?: () => string | undefined;
  chatScoped?: boolean;
  onEvent?: (event: ChatEvent) => void;
}

/** Inside the product: `/chat?with=<userId>` names the conversation; switching updates the query. */
export function RoutedChatView(props: RoutedChatViewProps) {
  const [params, setParams] = useSearchParams();
  const counterpartId = parseCounterpart(params.get('with'));
  const select = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('with', String(id));
      return next;
    });
  return (
    <ChatProvider {...props} initialCounterpartId={counterpartId}>
      <ChatView counterpartId={counterpartId} onSelect={select} counterpartAction={
          // A partner's token is refused by the calls and blocks routes (decision 0050): nothing to offer it.
          counterpartId === null || props.chatScoped ? null : (
            <>
              <ChatCallAction key={counterpartId} counterpartId={counterpartId} />
              <BlockAction key={`block-${counterpartId}`} counterpartId={counterpartId} />
            </>
          )
        } />
    </ChatProvider>
  );
}
