import type { FastifyInstance } from 'fastify';
import { healthModule } from './health/routes';
import { accountModule } from './account/routes';
import { usersModule } from './users/routes';
import { servicesModule } from './services/routes';
import { recordsModule } from './records/routes';
import { publicationsModule } from './publications/routes';
import { chatModule } from './chat/routes';
import { conciergeModule } from './concierge/routes';
import { seoModule } from './seo/routes';
import { directoryModule } from './directory/routes';
import { projectsModule } from './projects/routes';
import { paymentsModule } from './payments/routes';
import { notificationsModule } from './notifications/routes';
import { reviewsModule } from './reviews/routes';
import { securityModule } from './security/routes';
import { registerStepUp } from './security/stepUp';
import { callsModule } from './calls/routes';
import { adminModule } from './admin/routes';
import { blocksModule } from './blocks/routes';
import { disputeStatementsModule } from './admin/statements';
import { vettingModule } from './vetting/routes';
import { partnersModule } from './partners/routes';
import { registerPartnerScope } from './partners/scope';
import { releasesModule } from './releases/routes';

/**
 * The API, one Fastify plugin per domain (server/src/modules/<domain>/: routes, rules, repository). Each plugin
 * is encapsulated: a module whose routes need a session adds the session hook inside itself (requireSession).
 * A new domain is a new folder and one line here.
 */
export async function registerModules(app: FastifyInstance, overrides: { users?: ReturnType<typeof usersModule> } = {}): Promise<void> {
  // Before every module, so its hook sees their routes: money leaving and key changes ask the member again.
  registerStepUp(app);
  // Also before every module: a partner app's token opens the chat's routes and nothing else (403 everywhere else).
  registerPartnerScope(app);
  await app.register(healthModule);
  await app.register(accountModule);
  await app.register(overrides.users ?? usersModule());
  await app.register(servicesModule);
  await app.register(recordsModule);
  await app.register(publicationsModule);
  await app.register(chatModule);
  await app.register(conciergeModule());
  await app.register(seoModule);
  await app.register(directoryModule);
  await app.register(projectsModule());
  await app.register(paymentsModule());
  await app.register(notificationsModule);
  await app.register(reviewsModule);
  await app.register(adminModule());
  await app.register(disputeStatementsModule());
  await app.register(securityModule);
  await app.register(callsModule);
  await app.register(blocksModule);
  await app.register(vettingModule());
  await app.register(partnersModule);
  await app.register(releasesModule());
}
