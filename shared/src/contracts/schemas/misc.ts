import { Type } from 'typebox';
import { ORCID_CODE_MAX_LENGTH } from '../limits';
import { StringChoice } from './common';
import { Publication } from './entities';

export const OrcidCallbackQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: ORCID_CODE_MAX_LENGTH }) }, { additionalProperties: false });
export const OrcidCallbackResponse = Type.Object({ user: Type.Object({ works: Type.Array(Publication) }) });

export const HealthResponse = Type.Object({
  status: StringChoice(['ok', 'degraded'] as const),
  database: Type.Object({ status: StringChoice(['up', 'down'] as const), dialect: StringChoice(['sqlite', 'postgres'] as const) }),
  version: Type.String(),
});

export const ConciergeRequestBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000 }),
    email: Type.String({ maxLength: 1000 }),
    need: Type.String({ maxLength: 20_000 }),
    budget: Type.String({ maxLength: 50 }),
    deadline: Type.String({ maxLength: 20, description: 'YYYY-MM-DD, today or later.' }),
  },
  { additionalProperties: false, description: 'Field rules (lengths, budget choices, dates) are checked by validateConciergeRequest, with per-field messages.' },
);
export const ConciergeRequestResponse = Type.Object({ id: Type.Integer({ minimum: 1 }), message: Type.String() }, { additionalProperties: false });
