import {
  API_PATHS,
  BUDGET_OPTIONS,
  CONCIERGE_FIELDS,
  CONCIERGE_LIMITS,
  CONCIERGE_MESSAGES,
  normaliseConciergeRequest,
  validateConciergeRequest,
  type ConciergeRequestResponse as Response,
} from '@sciexperts/shared/contracts';
import { ConciergeRequestBody, ConciergeRequestResponse } from '@sciexperts/shared/contracts/schemas';
import { FailureThrottle } from '../../auth/throttle';
import { HttpError, badRequest } from '../../http/errors';
import { api, type Module } from '../../http/api';
import { errors, open } from '../../http/schemas';
import { insertConciergeRequest, markConciergeRequestMailed } from './repository';

/** The earliest calendar date anywhere on Earth right now (UTC−12), so a visitor's "today" is never refused. */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

/** Concierge requests from the public /concierge page: validated, throttled, stored, then mailed to the operator. */
export function conciergeModule(): Module {
  return async (app) => {
    const { db, mailer, config, clock } = app.ctx;
    const perAddress = new FailureThrottle(app.ctx.limiters, 'concierge', CONCIERGE_LIMITS.perAddress, CONCIERGE_LIMITS.windowMinutes * 60_000);

    api(app).post(
      API_PATHS.conciergeRequest,
      {
        schema: {
          tags: ['Concierge'],
          operationId: 'requestConcierge',
          summary: 'Ask the concierge team to write a brief and hand-pick experts (no account needed)',
          security: open,
          body: ConciergeRequestBody,
          response: { 201: ConciergeRequestResponse, ...errors(400, 429) },
        },
      },
      async (request, reply): Promise<Response> => {
        const now = clock();
        const fieldErrors = validateConciergeRequest(request.body, earliestToday(now));
        const details = CONCIERGE_FIELDS.flatMap((field) => (fieldErrors[field] ? [{ field, message: fieldErrors[field] }] : []));
        if (details.length > 0) throw badRequest(details);
        // Counted once the request is valid, so a visitor correcting a typo is not penalised.
        const key = `concierge:${request.ip}`;
        const wait = await perAddress.hit(key);
        if (wait !== null) throw new HttpError(429, CONCIERGE_MESSAGES.throttled, undefined, { 'retry-after': String(wait) });
        const values = normaliseConciergeRequest(request.body);
        values.email = values.email.toLowerCase();
        const id = await insertConciergeRequest(db, values, now);
        const budget = BUDGET_OPTIONS.find((o) => o.value === values.budget)?.label ?? values.budget;
        // Stored first: a mail failure loses nothing, and the row says it was never mailed.
        setImmediate(() => {
          mailer
            .send({
              to: config.operatorEmail,
              subject: `Concierge request #${id} from ${values.name}`,
              text: `Name: ${values.name}\nE-mail: ${values.email}\nBudget: ${budget}\nDeadline: ${values.deadline}\n\nWhat is needed:\n${values.need}\n`,
            })
            .then(() => markConciergeRequestMailed(db, id, clock()))
            .catch((err: unknown) => request.log.error({ err, id }, 'concierge request mail failed'));
        });
        reply.code(201);
        return { id, message: CONCIERGE_MESSAGES.sent };
      },
    );
  };
}
