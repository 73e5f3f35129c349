// A stand-in for socket.io-client: records what the chat emits and lets a test play the server.
type Handler = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
  ack?: (err: Error | null, result?: unknown) => void;
}

export class FakeSocket {
  connected = false;
  active = true;
  readonly emitted: Emitted[] = [];
  /** What each handshake presented (`auth`, called at each connection as socket.io does). */
  readonly handshakes: unknown[] = [];
  /** connect() calls after the first: the chat opening its connection again. */
  reconnects = 0;
  private readonly handlers = new Map<string, Set<Handler>>();
  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}
  on(event: string, fn: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(fn);
    return this;
  }
  off(event: string, fn: Handler) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }
  timeout() {
    return { emit: (event: string, payload: unknown, ack: Emitted['ack']) => this.emitted.push({ event, payload, ack }) };
  }
  connect() {
    this.reconnects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
  // ---- server side ----
  fire(event: string, ...args: unknown[]) {
    for (const fn of [...(this.handlers.get(event) ?? [])]) fn(...args);
  }
  /** The client's handshake: socket.io reads `auth` (a function is called with a callback) at each connection. */
  handshake() {
    const auth = this.options.auth;
    if (typeof auth === 'function') (auth as (answer: (data: unknown) => void) => void)((data) => this.handshakes.push(data));
    else this.handshakes.push(auth);
  }
  serverConnect() {
    this.handshake();
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }
  serverDrop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  sends() {
    return this.emitted.filter((e) => e.event === 'sendMessage');
  }
}
