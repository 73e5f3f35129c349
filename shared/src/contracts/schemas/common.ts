// Building blocks of the API's TypeBox schemas. Server-only at run time: the browser imports none of this
// (it reads the Static<> types with `import type` and the plain constants beside them).
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** Route params are strings (no coercion): ids are checked by pattern, capped below 2^31 so no database rejects them. */
export const ID_PATTERN = '^[1-9][0-9]{0,8}$';

/** `T | null` as one JSON-schema type list (`type: [t, 'null']`), so errors and serialisation stay simple. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type } = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/** A string restricted to a list, typed as plain `string` (the list lives in the constants). */
export function StringChoice<T extends string = string>(choices: readonly T[], options: Record<string, unknown> = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...choices], ...options });
}

export const IdParam = Type.String({ pattern: ID_PATTERN, description: 'A positive integer id.' });

export function IdParams<const N extends string>(...names: N[]) {
  return Type.Object(Object.fromEntries(names.map((n) => [n, IdParam])) as { [K in N]: typeof IdParam }, { additionalProperties: false });
}

export const Id = Type.Integer({ minimum: 1 });

/** Every error the API answers (400, 401, 403, 404, 409, 413, 429, 5xx). */
export const ApiErrorBody = Type.Object(
  {
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.Optional(Type.String()), message: Type.String() }))),
    /** Why, when the site answers it by itself: 'step-up' (a 401 asking to confirm it is the member before the action). */
    reason: Type.Optional(Type.String()),
  },
  { title: 'ApiError' },
);

/** Body of calls whose success carries only a sentence: logout, delete, password reset. */
export const MessageResponse = Type.Object({ message: Type.String() }, { additionalProperties: false });

/** 'YYYY-MM' */
export const YearMonth = Type.String({ maxLength: 7, description: "'YYYY-MM'" });
