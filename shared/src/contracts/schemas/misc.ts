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

/** GET /api/health/live: the process is up and answering (a proxy or orchestrator restarts it otherwise). */
export const LivenessResponse = Type.Object({ status: StringChoice(['ok'] as const) }, { additionalProperties: false });

/**
 * GET /api/health/ready: 200 when this process should get traffic, 503 when not, with the part that failed: a check
 * whose status is down (the database; Redis when configured), or draining (the process is shutting down).
 */
export const ReadinessResponse = Type.Object(
  {
    status: StringChoice(['ready', 'not ready'] as const),
    draining: Type.Boolean(),
    checks: Type.Array(Type.Object({ name: Type.String(), status: StringChoice(['up', 'down'] as const) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

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
