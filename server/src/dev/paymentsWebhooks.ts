// Webhook delivery of the local payment stand-in, as card processors do it: each event is signed
// (signature.ts: HMAC over "<unix seconds>.<body>"), posted to the API, and posted again with exponential
// back-off until the API answers 2xx. Every attempt is signed afresh, so a retry hours later is still inside the
// receiver's replay window. Events about the same payment (or payout) go out in order: the next waits until the
// one before it is acknowledged, so the API never sees a refund before the charge it returns.
//
// Undelivered events live in memory; a stand-in given a data folder keeps them in its state file and hands them back
// after a restart (`unacknowledged`, `resend`), as a hosted provider keeps retrying for days.
import { randomBytes } from 'node:crypto';
import { signPayload, SIGNATURE_HEADER } from '../modules/payments/signature';

/** The JSON body of a webhook: the event's own fields under `data`, as provider.ts's ProviderEvent names them. */
export interface StandInEvent {
  id: string;
  type: string;
  /** Unix seconds when the event happened (not when it was sent). */
  created: number;
  data: Record<string, unknown>;
}

/** Runs `run` after `ms` milliseconds and returns a function that cancels it. */
export type Scheduler = (run: () => void, ms: number) => () => void;

export const realScheduler: Scheduler = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export interface WebhookSenderOptions {
  url: string;
  secret: string;
  clock: () => Date;
  schedule: Scheduler;
  fetch: typeof fetch;
  /** First retry after this long, then twice as long each time, never longer than maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  log: (line: string) => void;
  /** Called after the API acknowledges an event (the stand-in rewrites its state file then). */
  onAcknowledged?: () => void;
}

interface Queued {
  event: StandInEvent;
  body: string;
  failures: number;
}

export class WebhookSender {
  /** Per ordering key (a payment, a withdrawal): events not yet acknowledged, oldest first. */
  private readonly queues = new Map<string, Queued[]>();
  /** Keys whose head event is being sent or waits for its retry. */
  private readonly busy = new Set<string>();
  private readonly cancels = new Set<() => void>();
  private idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Queues an event behind the unacknowledged ones with the same ordering key and starts sending. */
  send(orderingKey: string, type: string, data: Record<string, unknown>): StandInEvent {
    const event: StandInEvent = { id: `evt_local_${randomBytes(12).toString('hex')}`, type, created: Math.floor(this.options.clock().getTime() / 1000), data };
    this.resend(orderingKey, event);
    return event;
  }

  /**
   * Queues an event made before a restart as it was (the same id and time) behind the others of its key. One the API
   * acknowledged just before the restart comes again with its id, which the API has handled and acknowledges again.
   */
  resend(orderingKey: string, event: StandInEvent): void {
    const queue = this.queues.get(orderingKey) ?? [];
    queue.push({ event, body: JSON.stringify(event), failures: 0 });
    this.queues.set(orderingKey, queue);
    if (!this.busy.has(orderingKey)) void this.pump(orderingKey);
  }

  /** The events not acknowledged yet with their ordering keys, the oldest of each key first. */
  unacknowledged(): Array<{ orderingKey: string; event: StandInEvent }> {
    return [...this.queues].flatMap(([orderingKey, queue]) => queue.map(({ event }) => ({ orderingKey, event })));
  }

  /** How many events the API has not acknowledged yet. */
  get pending(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  /** Resolves once every queued event has been acknowledged. */
  whenIdle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Cancels the waiting retries; queued events are dropped with the process. */
  stop(): void {
    this.stopped = true;
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }

  private async pump(key: string): Promise<void> {
    this.busy.add(key);
    const queue = this.queues.get(key)!;
    while (queue.length > 0 && !this.stopped) {
      const head = queue[0]!;
      const answer = await this.attempt(head);
      if (this.stopped) return;
      if (answer === 'acknowledged') {
        queue.shift();
        this.options.onAcknowledged?.();
        continue;
      }
      head.failures += 1;
      const delay = Math.min(this.options.firstDelayMs * 2 ** (head.failures - 1), this.options.maxDelayMs);
      this.options.log(`Payments stand-in: webhook ${head.event.type} (${head.event.id}) not acknowledged (${answer}); retry ${head.failures} in ${formatDelay(delay)}`);
      const cancel = this.options.schedule(() => {
        this.cancels.delete(cancel);
        void this.pump(key);
      }, delay);
      this.cancels.add(cancel);
      return;
    }
    this.busy.delete(key);
    this.queues.delete(key);
    if (this.pending === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** One delivery: 'acknowledged' on 2xx, otherwise what went wrong (for the log line). */
  private async attempt({ body }: Queued): Promise<'acknowledged' | string> {
    try {
      const send = this.options.fetch;
      const response = await send(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'SciExperts-Payments-StandIn/1.0',
          [SIGNATURE_HEADER]: signPayload(this.options.secret, body, this.options.clock()),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status >= 200 && response.status < 300 ? 'acknowledged' : `the API answered ${response.status}`;
    } catch (err) {
      return err instanceof Error ? err.message : 'the API did not answer';
    }
  }
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
