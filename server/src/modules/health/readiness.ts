import type { FastifyInstance } from 'fastify';

/** Answers whether one thing this process needs works right now; a throw or a timeout counts as down. */
export type ReadinessProbe = () => Promise<boolean>;

export interface ReadinessCheck {
  name: string;
  status: 'up' | 'down';
}

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: ReadinessCheck[];
}

/** A probe that has not answered by then is down: the proxy's health check must not hang on a stuck connection. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * Whether this process should be sent traffic: every registered probe answers (the database always, Redis when the
 * shared-store module registers it) and the process is not draining. Draining is one way: a process that began
 * shutting down never becomes ready again.
 */
export class Readiness {
  private readonly probes = new Map<string, ReadinessProbe>();
  private drainingSince: Date | null = null;

  /** Adds (or replaces) the probe called `name`; its name appears in the readiness answer. */
  register(name: string, probe: ReadinessProbe): void {
    this.probes.set(name, probe);
  }

  startDraining(): void {
    this.drainingSince ??= new Date();
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  async check(): Promise<ReadinessReport> {
    const checks = await Promise.all(
      [...this.probes].map(async ([name, probe]): Promise<ReadinessCheck> => ({ name, status: (await withTimeout(probe)) ? 'up' : 'down' })),
    );
    return { ready: !this.draining && checks.every((c) => c.status === 'up'), draining: this.draining, checks };
  }
}

async function withTimeout(probe: ReadinessProbe): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe().catch(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * The first step of a graceful shutdown (SIGTERM): from this call on, GET /api/health/ready answers 503 with
 * `draining: true`, so the proxy stops sending this process new requests while it finishes those in flight.
 * Liveness stays 200: the process is alive and must not be killed for draining.
 */
export function startDraining(app: FastifyInstance): void {
  app.readiness.startDraining();
}

/** Lets a module that brings a dependency (Redis) make readiness wait on it: `registerReadinessProbe(app, 'redis', ping)`. */
export function registerReadinessProbe(app: FastifyInstance, name: string, probe: ReadinessProbe): void {
  app.readiness.register(name, probe);
}
