import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for the inputs, fast-json-stringify for the answers), each route's compiled the
 * first time the route uses it instead of all at start. Compiling every route's schemas was half of an API process's
 * start (about 2.3 s of CPU of 4.5 on this machine's cores): a process restarted by a rolling restart or an
 * orchestrator was that much longer out of the pool. What is left to compile is compiled in the background once the
 * process listens (compileRemainingSchemas), a route at a time between requests, so the first requests pay little and
 * a schema that does not compile is still reported at start, in the log, as before.
 */
const pending = new Set<() => void>();

function lazily<F extends (...args: never[]) => unknown>(compile: () => F): F {
  let compiled: F | null = null;
  const get = (): F => {
    if (!compiled) {
      compiled = compile();
      pending.delete(warm);
    }
    return compiled;
  };
  const warm = () => void get();
  pending.add(warm);
  const call = ((...args: Parameters<F>) => get()(...args)) as unknown as F;
  // Fastify reads a validator's `errors` after a call that returned false (Ajv's convention).
  Object.defineProperty(call, 'errors', { get: () => (get() as unknown as { errors?: unknown }).errors, configurable: true });
  return call;
}

/** A headers schema with its property names, and those it requires, in lower case (as Fastify's own compiler has them). */
export function lowerCaseHeaderNames(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lowerCaseHeaderNames);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value !== null && typeof value === 'object') {
      result[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name.toLowerCase(), lowerCaseHeaderNames(property)]));
    } else if (key === 'required' && Array.isArray(value)) {
      result[key] = value.map((name: unknown) => (typeof name === 'string' ? name.toLowerCase() : name));
    } else if (key === 'anyOf' || key === 'allOf' || key === 'oneOf' || key === 'not' || key === 'if' || key === 'then' || key === 'else') {
      result[key] = lowerCaseHeaderNames(value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;

export function lazySchemaCompilers(): CompilersFactory {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const buildValidator = ((externalSchemas: unknown, options: unknown) => {
    const compile = (validators as (e: unknown, o: unknown) => (route: unknown) => (...args: never[]) => unknown)(externalSchemas, options);
    return (route: { schema: unknown; httpPart?: string }) =>
      // Fastify lower-cases a headers schema's names (node gives header names in lower case) only for its own
      // compiler; these are ours, so they do it.
      lazily(() => compile(route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaderNames(route.schema) } : route));
  }) as unknown as BuildValidator;
  const buildSerializer = ((externalSchemas: unknown, options: unknown) => {
    const compile = (serializers as (e: unknown, o: unknown) => (route: unknown) => (...args: never[]) => unknown)(externalSchemas, options);
    return (route: unknown) => lazily(() => compile(route));
  }) as unknown as BuildSerializer;
  return { buildValidator, buildSerializer };
}

/**
 * Compiles the schemas no request has needed yet, one per turn of the event loop, so requests are served in between.
 * `onError` hears of a schema that does not compile (a bug, reported as it was at start).
 */
export function compileRemainingSchemas(onError: (err: unknown) => void): Promise<number> {
  return new Promise((resolve) => {
    let count = 0;
    const next = () => {
      const [warm] = pending;
      if (!warm) return resolve(count);
      pending.delete(warm);
      try {
        warm();
        count++;
      } catch (err) {
        onError(err);
      }
      setImmediate(next);
    };
    setImmediate(next);
  });
}
