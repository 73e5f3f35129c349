// Imported first by main.ts: the SDK must patch http, fastify, pg and redis before anything loads them.
import { startTelemetry } from './telemetry';

export const telemetry = startTelemetry();
