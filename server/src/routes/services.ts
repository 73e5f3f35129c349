import type { BulkServicesRequest, Service, User } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, unauthorized, type Detail } from '../http/errors';
import { auth, bearer, errorSchema, idParams } from '../http/schemas';
import { listServices, replaceOfferedServices, type ResolvedSelection } from '../db/repo/services';
import { findUserById, loadUser } from '../db/repo/users';
import { assertSelf } from './access';

const key = (name: string) => name.trim().toLocaleLowerCase();

/** Maps names to catalogue ids; names are matched trimmed and case-insensitively, and every unknown one is reported. */
export function resolveSelections(catalogue: Service[], body: BulkServicesRequest): ResolvedSelection[] {
  const details: Detail[] = [];
  const byService = new Map<number, Set<number>>();
  body.services.forEach((sel, i) => {
    const service = catalogue.find((s) => key(s.name) === key(sel.serviceName));
    if (!service) {
      details.push({ field: `services.${i}.serviceName`, message: `Unknown service "${sel.serviceName}".` });
      return;
    }
    const areas = byService.get(service.id) ?? new Set<number>();
    byService.set(service.id, areas);
    sel.practiceAreaNames.forEach((name, j) => {
      const area = service.practiceAreas.find((a) => key(a.name) === key(name));
      if (!area) details.push({ field: `services.${i}.practiceAreaNames.${j}`, message: `Unknown practice area "${name}" for ${service.name}.` });
      else areas.add(area.id);
    });
  });
  if (details.length > 0) throw badRequest(details);
  return [...byService].map(([serviceId, areas]) => ({ serviceId, practiceAreaIds: [...areas] }));
}

export function serviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/Service/GetAllServices', { schema: { tags: ['Service'], summary: 'The service catalogue with practice areas', security: bearer } }, async (): Promise<Service[]> => listServices(db));

  app.post<{ Params: { id: string }; Body: BulkServicesRequest }>(
    '/api/User/BulkAddServices/:id',
    {
      schema: {
        tags: ['Service'],
        summary: 'Replace your offered services and practice areas',
        security: bearer,
        params: idParams('id'),
        body: {
          type: 'object',
          properties: {
            services: {
              type: 'array',
              maxItems: 50,
              items: {
                type: 'object',
                properties: {
                  serviceName: { type: 'string', maxLength: 200 },
                  practiceAreaNames: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 200 } },
                },
                required: ['serviceName', 'practiceAreaNames'],
                additionalProperties: false,
              },
            },
          },
          required: ['services'],
          additionalProperties: false,
        },
        response: { 400: errorSchema, 403: errorSchema },
      },
    },
    async (request): Promise<User> => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.id));
      const selections = resolveSelections(await listServices(db), request.body);
      await replaceOfferedServices(db, me, selections);
      const row = await findUserById(db, me);
      if (!row) throw unauthorized();
      return loadUser(db, row);
    },
  );
}
