import secureJson from 'secure-json-parse';

/**
 * True when parsed JSON carries `__proto__` or `constructor.prototype` anywhere: merged into an object later,
 * those keys rewrite prototypes. secure-json-parse's scan is the one Fastify's default parser runs.
 */
export function hasPoisonKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  try {
    secureJson.scan(value, { protoAction: 'error', constructorAction: 'error' });
    return false;
  } catch {
    return true;
  }
}
