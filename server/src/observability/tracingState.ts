// Whether this process records spans, kept apart from the SDK so that knowing costs no loading of the SDK.
let on = false;

export function markTracingStarted(): void {
  on = true;
}

/** True once startTelemetry started the SDK (the SQLite query spans are made only then). */
export function tracingStarted(): boolean {
  return on;
}
