import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, pathTo, type ChatMessage, type ConversationSummary, type MessagePage } from '@sciexperts/shared';
import type { FakeSocket } from '../test/fakeSocket';
import { DirectMessage } from './DirectMessage';
import { ACK_TIMEOUT_MS, MAX_SEND_ATTEMPTS } from '../chat/ChatController';

const sockets: FakeSocket[] = [];
jest.mock('socket.io-client', () => ({
  io: (url: string, options: Record<string, unknown>) => {
    // jest.mock factories may not close over imports; the fake is required inside.
    // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/consistent-type-imports
    const { FakeSocket: Fake } = require('../test/fakeSocket') as typeof import('../test/fakeSocket');
    const s = new Fake(url, options);
    sockets.push(s);
    return s;
  },
}));

const ME = 7;
const BOB = 8;
const CAROL = 9;
const people: Record<number, { id: number; firstName: string; lastName: string; profImgUrl: null }> = {
  [BOB]: { id: BOB, firstName: 'Bob', lastName: 'Builder', profImgUrl: null },
  [CAROL]: { id: CAROL, firstName: 'Carol', lastName: 'Singer', profImgUrl: null },
};
let history: ChatMessage[] = [];
let conversations: ConversationSummary[] = [];
let requests: string[] = [];
/** The Authorization header of each call, in order. */
let authorizations: Array<string | null> = [];
let nextId = 100;

const msg = (senderId: number, receiverId: number, text: string, clientId: string | null = null): ChatMessage => ({
  id: nextId++,
  senderId,
  receiverId,
  text,
  timestamp: '2024-05-01T10:00:00.000Z',
  clientId,
});

function respond(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

/** A path template of the contract as a RegExp whose groups are its numeric parameters. */
const route = (template: string) => new RegExp(`^${template.replace(/:[A-Za-z]+/g, '(\\d+)')}$`);
let unreachable = false;

beforeEach(() => {
  sockets.length = 0;
  history = [];
  conversations = [];
  requests = [];
  authorizations = [];
  unreachable = false;
  global.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(url.pathname + url.search);
    authorizations.push(input instanceof Request ? input.headers.get('authorization') : null);
    if (unreachable) return Promise.reject(new TypeError('Failed to fetch'));
    const counterpart = route(API_PATHS.chatCounterpart).exec(url.pathname);
    if (counterpart) {
      const p = people[Number(counterpart[1])];
      return p ? respond(200, p) : respond(404, { message: 'User not found' });
    }
    const messages = route(API_PATHS.chatMessages).exec(url.pathname);
    if (messages) {
      const other = Number(messages[1]);
      if (!people[other]) return respond(404, { message: 'User not found' });
      const after = Number(url.searchParams.get('after') ?? 0);
      const page: MessagePage = { messages: history.filter((m) => (m.senderId === other || m.receiverId === other) && m.id > after), nextBefore: null };
      return respond(200, page);
    }
    if (url.pathname === API_PATHS.chatConversations) return respond(200, conversations);
    if (route(API_PATHS.chatMarkRead).test(url.pathname)) return respond(200, { count: 0 });
    return respond(404, { message: 'no route' });
  }) as typeof fetch;
});

const props = (counterpartId?: number) => ({ apiBaseUrl: 'http://api.test', socketUrl: 'http://api.test', token: 'tok', userId: ME, counterpartId });

async function openChat(counterpartId: number | undefined = BOB) {
  const view = render(<DirectMessage {...props(counterpartId)} />);
  const socket = sockets.at(-1) as FakeSocket;
  await act(async () => socket.serverConnect());
  if (counterpartId !== undefined && people[counterpartId]) await screen.findByRole('heading', { name: `${people[counterpartId].firstName} ${people[counterpartId].lastName}` });
  await act(async () => undefined);
  return { socket, view };
}

const log = () => screen.getByRole('log');

describe('DirectMessage', () => {
  it("shows the title, the counterpart and 'No messages yet. Say hello!'; connects with the bearer token and user id", async () => {
    const { socket } = await openChat();
    expect(screen.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeInTheDocument();
    expect(within(log()).getByText('No messages yet. Say hello!')).toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(socket.options).toMatchObject({ transports: ['websocket'], query: { userId: String(ME) }, reconnection: true });
    expect(socket.handshakes).toEqual([{ token: 'Bearer tok' }]);
    expect(screen.getByLabelText('Message')).toHaveAttribute('placeholder', 'Type a message...');
  });

  it('sends with Enter and the Send button, trims, clears the input and never sends blanks', async () => {
    const { socket } = await openChat();
    const input = screen.getByPlaceholderText('Type a message...');
    await userEvent.type(input, '   {Enter}');
    expect(socket.sends()).toHaveLength(0);
    await userEvent.type(input, '  hello there  {Enter}');
    expect(input).toHaveValue('');
    expect(within(log()).getByText('hello there')).toBeInTheDocument();
    expect(socket.sends()[0]?.payload).toMatchObject({ senderId: ME, receiverId: BOB, text: 'hello there', clientId: expect.any(String) });
    await userEvent.type(input, 'second');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(log()).getByText('second')).toBeInTheDocument();
    expect(socket.sends()).toHaveLength(2);
  });

  it('shows a message as pending at once, then as sent when acknowledged, once even when messageSent also arrives', async () => {
    const { socket } = await openChat();
    await userEvent.type(screen.getByPlaceholderText('Type a message...'), 'hi bob{Enter}');
    expect(within(log()).getByText('hi bob').closest('li')).toHaveAttribute('data-status', 'pending');
    const sent = socket.sends()[0];
    const stored = msg(ME, BOB, 'hi bob', (sent?.payload as { clientId: string }).clientId);
    await act(async () => socket.fire('messageSent', stored));
    await act(async () => sent?.ack?.(null, { ok: true, message: stored }));
    expect(within(log()).getAllByText('hi bob')).toHaveLength(1);
    expect(within(log()).getByText('hi bob').closest('li')).toHaveAttribute('data-status', 'sent');
  });

  it('retries unanswered sends with the same client id, marks them failed after the last attempt, and Retry sends again', async () => {
    jest.useFakeTimers();
    try {
      const { socket } = await openChat();
      fireEvent.change(screen.getByPlaceholderText('Type a message...'), { target: { value: 'are you there?' } });
      fireEvent.submit(screen.getByPlaceholderText('Type a message...').closest('form') as HTMLFormElement);
      for (let i = 0; i < MAX_SEND_ATTEMPTS; i++) {
        const last = socket.sends().at(-1);
        await act(async () => last?.ack?.(new Error('operation has timed out')));
        act(() => jest.advanceTimersByTime(ACK_TIMEOUT_MS * 4));
      }
      const ids = new Set(socket.sends().map((s) => (s.payload as { clientId: string }).clientId));
      expect(socket.sends()).toHaveLength(MAX_SEND_ATTEMPTS);
      expect(ids.size).toBe(1);
      expect(within(log()).getByText('are you there?').closest('li')).toHaveAttribute('data-status', 'failed');
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      const again = socket.sends().at(-1);
      expect(socket.sends()).toHaveLength(MAX_SEND_ATTEMPTS + 1);
      await act(async () => again?.ack?.(null, { ok: true, message: msg(ME, BOB, 'are you there?', [...ids][0]) }));
      expect(within(log()).getByText('are you there?').closest('li')).toHaveAttribute('data-status', 'sent');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a refusal from the server as failed without retrying on its own', async () => {
    const { socket } = await openChat();
    await userEvent.type(screen.getByPlaceholderText('Type a message...'), 'nope{Enter}');
    await act(async () => socket.sends()[0]?.ack?.(null, { ok: false, message: 'The recipient does not exist.' }));
    expect(within(log()).getByText(/The recipient does not exist/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(socket.sends()).toHaveLength(1);
  });

  it('keeps messages typed while disconnected and sends them once on reconnect, then fetches what was missed', async () => {
    const known = msg(BOB, ME, 'before the drop');
    history.push(known);
    const { socket } = await openChat();
    expect(await within(log()).findByText('before the drop')).toBeInTheDocument();
    await act(async () => socket.serverDrop());
    expect(await screen.findByText(/Offline/)).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Type a message...'), 'sent while offline{Enter}');
    expect(socket.sends()).toHaveLength(0);
    const missed = msg(BOB, ME, 'you missed this');
    history.push(missed);
    requests = [];
    await act(async () => socket.serverConnect());
    expect(socket.sends()).toHaveLength(1);
    expect(await within(log()).findByText('you missed this')).toBeInTheDocument();
    expect(requests).toContain(pathTo(API_PATHS.chatMessages, { counterpartId: BOB }, { after: known.id, limit: 100 }));
  });

  it('renders markup as plain text', async () => {
    const { socket } = await openChat();
    await act(async () => socket.fire('newMessage', msg(BOB, ME, '<b>hi</b><img src=x onerror=alert(1)>')));
    expect(within(log()).getByText('<b>hi</b><img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(log().querySelector('b, img')).toBeNull();
  });

  it('appends incoming messages once and only those of the open conversation; shows typing', async () => {
    const { socket } = await openChat();
    const m = msg(BOB, ME, 'from bob');
    await act(async () => {
      socket.fire('newMessage', m);
      socket.fire('newMessage', m);
      socket.fire('newMessage', msg(CAROL, ME, 'from carol'));
    });
    expect(within(log()).getAllByText('from bob')).toHaveLength(1);
    expect(within(log()).queryByText('from carol')).toBeNull();
    await act(async () => socket.fire('typing', { senderId: BOB }));
    expect(screen.getByText('Bob is typing…')).toBeInTheDocument();
  });

  it('lists conversations and switches between them, marking the open one', async () => {
    conversations = [
      { counterpart: people[CAROL] as ConversationSummary['counterpart'], lastMessage: msg(CAROL, ME, 'latest from carol'), unreadCount: 2 },
      { counterpart: people[BOB] as ConversationSummary['counterpart'], lastMessage: msg(ME, BOB, 'older to bob'), unreadCount: 0 },
    ];
    history = [conversations[1]?.lastMessage as ChatMessage, conversations[0]?.lastMessage as ChatMessage];
    await openChat(BOB);
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    const buttons = await within(nav).findAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['CSCarol Singerlatest from carol2 unread', 'BBBob Builderolder to bob']);
    expect(within(nav).getByRole('button', { name: /Bob Builder/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(nav).getByRole('button', { name: /Carol Singer/ }));
    expect(await screen.findByRole('heading', { name: 'Carol Singer' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Carol Singer/ })).toHaveAttribute('aria-current', 'true');
    expect(await within(log()).findByText('latest from carol')).toBeInTheDocument();
    expect(within(log()).queryByText('older to bob')).toBeNull();
  });

  it('says clearly when the member does not exist', async () => {
    await openChat(424242);
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
    expect(screen.getByPlaceholderText('Type a message...')).toBeDisabled();
  });

  it('never reports an unreachable server as a missing member: it offers Retry and reloads when the connection returns', async () => {
    unreachable = true;
    const view = render(<DirectMessage {...props(BOB)} />);
    const socket = sockets.at(-1) as FakeSocket;
    await act(async () => socket.serverConnect());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent).join(' ')).not.toMatch(/User not found/);
    expect(screen.getByText('Could not load this member.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    unreachable = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Bob Builder' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    view.unmount();
  });

  it('gives every mounted chat its own store and connection', async () => {
    render(
      <>
        <DirectMessage {...props(BOB)} />
        <DirectMessage {...props(CAROL)} />
      </>,
    );
    expect(sockets).toHaveLength(2);
    await act(async () => sockets.forEach((s) => s.serverConnect()));
    const [first, second] = screen.getAllByRole('log');
    const [input1] = screen.getAllByPlaceholderText('Type a message...');
    await userEvent.type(input1 as HTMLElement, 'only in the first{Enter}');
    expect(within(first as HTMLElement).getByText('only in the first')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText('only in the first')).toBeNull();
    expect(sockets[0]?.sends()).toHaveLength(1);
    expect(sockets[1]?.sends()).toHaveLength(0);
  });

  it('disconnects when it leaves the page', async () => {
    const { socket, view } = await openChat();
    view.unmount();
    expect(socket.connected).toBe(false);
  });

  describe('for an embedding page (onEvent, chatScoped)', () => {
    const summary = (with_: number, unreadCount: number): ConversationSummary => ({ counterpart: people[with_]!, lastMessage: msg(with_, ME, 'hi'), unreadCount });

    it('tells a message from someone else, the unread total when it changes, and the server closing the connection', async () => {
      conversations = [summary(CAROL, 2)];
      const onEvent = jest.fn();
      render(<DirectMessage {...props(BOB)} onEvent={onEvent} />);
      const socket = sockets.at(-1) as FakeSocket;
      await act(async () => socket.serverConnect());
      await screen.findByRole('heading', { name: 'Bob Builder' });
      expect(onEvent).toHaveBeenCalledWith({ type: 'unread', count: 2 });

      const fromCarol = msg(CAROL, ME, 'are you there?');
      await act(async () => socket.fire('newMessage', fromCarol));
      expect(onEvent).toHaveBeenCalledWith({ type: 'message', counterpartId: CAROL, senderId: CAROL, at: fromCarol.timestamp, text: 'are you there?' });
      expect(onEvent).toHaveBeenCalledWith({ type: 'unread', count: 3 });
      // The member's own messages are not news to the page.
      onEvent.mockClear();
      await act(async () => socket.fire('messageSent', msg(ME, BOB, 'mine')));
      expect(onEvent).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'message' }));

      await act(async () => {
        socket.connected = false;
        socket.fire('disconnect', 'io server disconnect');
      });
      expect(onEvent).toHaveBeenCalledWith({ type: 'closed' });
    });

    it('keeps the chat when the embedder renews its token: the socket the server ends is opened again with the new one', async () => {
      let token = 'first';
      const onEvent = jest.fn();
      const view = render(<DirectMessage {...props(BOB)} token={undefined} getToken={() => token} onEvent={onEvent} />);
      const socket = sockets.at(-1) as FakeSocket;
      await act(async () => socket.serverConnect());
      await screen.findByRole('heading', { name: 'Bob Builder' });
      expect(socket.handshakes).toEqual([{ token: 'Bearer first' }]);
      await userEvent.type(screen.getByLabelText('Message'), 'half a senten');
      // The embedder renews the token, then renders the chat again (as its element does): the chat stays.
      token = 'second';
      view.rerender(<DirectMessage {...props(BOB)} token={undefined} getToken={() => token} onEvent={onEvent} />);
      expect(sockets).toHaveLength(1);
      // The server ends the socket when the first token ends: the chat opens it again with the second.
      await act(async () => {
        socket.connected = false;
        socket.fire('disconnect', 'io server disconnect');
      });
      expect(onEvent).not.toHaveBeenCalledWith({ type: 'closed' });
      expect(socket.reconnects).toBe(1);
      await act(async () => socket.serverConnect());
      expect(socket.handshakes).toEqual([{ token: 'Bearer first' }, { token: 'Bearer second' }]);
      // What was being typed is still there, and the calls carry the new token (catching up after the reconnection).
      expect(screen.getByLabelText('Message')).toHaveValue('half a senten');
      expect(authorizations.at(-1)).toBe('Bearer second');
      expect(authorizations[0]).toBe('Bearer first');
      expect(screen.queryByRole('alert')).toBeNull();
      // Ended with the token it presented (revoked, not renewed): the chat says so and tells the embedder.
      await act(async () => {
        socket.connected = false;
        socket.fire('disconnect', 'io server disconnect');
      });
      expect(socket.reconnects).toBe(1);
      expect(onEvent).toHaveBeenCalledWith({ type: 'closed' });
    });

    it('offers no Report with a partner’s chat-scoped token (it answers 403), and does with a member’s', async () => {
      history = [msg(BOB, ME, 'a received message')];
      const scoped = render(<DirectMessage {...props(BOB)} chatScoped />);
      await act(async () => (sockets.at(-1) as FakeSocket).serverConnect());
      await within(log()).findByText('a received message');
      expect(within(log()).queryByRole('button', { name: /Report/ })).toBeNull();
      scoped.unmount();

      await openChat(BOB);
      await within(log()).findByText('a received message');
      expect(within(log()).getByRole('button', { name: /Report/ })).toBeInTheDocument();
    });
  });
});
