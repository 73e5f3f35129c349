import { API_PATHS, type BulkServicesRequest as BulkServices, type Service as ServiceView, type User as UserView } from '@sciexperts/shared/contracts';
import { BulkServicesRequest, IdParams, Service, User } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import { badRequest, unauthorized, type Detail } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors } from '../../http/schemas';
import { listServices, replaceOfferedServices, type ResolvedSelection } from './repository';
import { findUserById, loadUser } from '../users/repository';
import { assertSelf } from '../users/access';

const key = (name: string) => name.trim().toLocaleLowerCase();

/** Maps names to catalogue ids; names are matched trimmed and case-insensitively, and every unknown one is reported. */
export function resolveSelections(catalogue: ServiceView[], body: BulkServices): ResolvedSelection[] {
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

export const servicesModule: Module = async (app) => {
  requireSession(app);
  const { db } = app.ctx;
  const r = api(app);

  r.get(
    API_PATHS.allServices,
    {
      schema: {
        tags: ['Service'],
        operationId: 'getAllServices',
        summary: 'The service catalogue with practice areas',
        security: bearer,
        response: { 200: Type.Array(Service), ...errors(401) },
      },
    },
    async (): Promise<ServiceView[]> => listServices(db),
  );

  r.post(
    API_PATHS.bulkAddServices,
    {
      schema: {
        tags: ['Service'],
        operationId: 'bulkAddServices',
        summary: 'Replace your offered services and practice areas',
        security: bearer,
        params: IdParams('id'),
        body: BulkServicesRequest,
        response: { 200: User, ...errors(400, 401, 403) },
      },
    },
    async (request): Promise<UserView> => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.id));
      const selections = resolveSelections(await listServices(db), request.body);
      await replaceOfferedServices(db, me, selections);
      const row = await findUserById(db, me);
      if (!row) throw unauthorized();
      return loadUser(db, row);
    },
  );
};
