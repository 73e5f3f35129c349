// Step-up (docs/decisions/0034-second-factor.md, 0042): before money leaves or its destination changes, and before a
// way into the account is added or removed, the member confirms it is them again — a passkey or the second factor, or
// the password when they have neither. The answer holds five minutes on that session only (sessions.stepUpUntil).
// The API enforces it with one hook over a list of routes, answering 401 with the reason 'step-up', which the site
// answers by asking.
import { ACCOUNT_SETTINGS_LIMITS, API_PATHS, SECURITY_LIMITS, SECURITY_MESSAGES, SECURITY_PATHS, STEP_UP_REASON, type StepUpMethod } from '@sciexperts/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';

/**
 * 'always': every member steps up. 'withFactor': only members with a passkey or a second factor — these routes
 * already ask for the current password, which is the step-up of a member who has neither.
 */
type Rule = 'always' | 'withFactor';

export const STEP_UP_ROUTES: ReadonlyArray<{ method: 'POST'; url: string; rule: Rule }> = [
  { method: 'POST', url: API_PATHS.paymentsWithdrawals, rule: 'always' },
  { method: 'POST', url: API_PATHS.paymentsPayoutAccountLink, rule: 'always' },
  { method: 'POST', url: API_PATHS.changeEmail, rule: 'withFactor' },
  { method: 'POST', url: API_PATHS.changePassword, rule: 'withFactor' },
  { method: 'POST', url: API_PATHS.accountDelete, rule: 'withFactor' },
  { method: 'POST', url: SECURITY_PATHS.secondFactorDisable, rule: 'always' },
  { method: 'POST', url: SECURITY_PATHS.recoveryCodesRegenerate, rule: 'always' },
  { method: 'POST', url: SECURITY_PATHS.passkeyRemove, rule: 'always' },
  // Adding a way in needs proof of an existing one, as removing one does (docs/decisions/0042): otherwise a stolen
  // session alone adds the thief's passkey or authenticator app and then steps up with it.
  { method: 'POST', url: SECURITY_PATHS.secondFactorSetup, rule: 'always' },
  { method: 'POST', url: SECURITY_PATHS.secondFactorConfirm, rule: 'always' },
  { method: 'POST', url: SECURITY_PATHS.passkeyRegisterOptions, rule: 'always' },
  { method: 'POST', url: SECURITY_PATHS.passkeys, rule: 'always' },
];

const ruleOf = new Map(STEP_UP_ROUTES.map((r) => [`${r.method} ${r.url}`, r.rule]));

/** The ways this member can step up, best first. */
export async function stepUpMethods(app: FastifyInstance, userId: number): Promise<StepUpMethod[]> {
  const { db, secondFactors } = app.ctx;
  const [passkey, user, totp] = await Promise.all([
    db.kysely.selectFrom('passkeys').select('id').where('userId', '=', userId).limit(1).executeTakeFirst(),
    db.kysely.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst(),
    secondFactors.isEnabled({ kind: 'member', id: userId }),
  ]);
  const methods: StepUpMethod[] = [];
  if (passkey) methods.push('passkey');
  if (totp) methods.push('totp');
  if (methods.length === 0 && user?.passwordHash) methods.push('password');
  return methods;
}

export async function hasStepUp(app: FastifyInstance, sessionId: string): Promise<boolean> {
  const { db, clock } = app.ctx;
  const row = await db.kysely.selectFrom('sessions').select(['stepUpUntil', 'createdAt', 'userId']).where('id', '=', sessionId).executeTakeFirst();
  if (!row) return false;
  const now = clock().getTime();
  if (row.stepUpUntil && Date.parse(row.stepUpUntil) > now) return true;
  return false;
}

/** Records the step-up on this session; answers until when it holds. */
export async function grantStepUp(app: FastifyInstance, sessionId: string): Promise<string> {
  const until = new Date(app.ctx.clock().getTime() + SECURITY_LIMITS.stepUpMinutes * 60_000).toISOString();
  await app.ctx.db.kysely.updateTable('sessions').set({ stepUpUntil: until }).where('id', '=', sessionId).execute();
  return until;
}

export const stepUpRequired = () => new HttpError(401, SECURITY_MESSAGES.stepUpRequired, undefined, {}, STEP_UP_REASON);

/**
 * A member of the identity provider with neither a passkey nor a second factor has nothing to answer with here:
 * a sign-in through the provider within the last minutes counts instead (as for the e-mail change).
 */
async function recentIdentitySignIn(app: FastifyInstance, sessionId: string): Promise<boolean> {
  const row = await app.ctx.db.kysely.selectFrom('sessions').select('createdAt').where('id', '=', sessionId).executeTakeFirst();
  return Boolean(row && app.ctx.clock().getTime() - Date.parse(row.createdAt) <= ACCOUNT_SETTINGS_LIMITS.recentSignInMinutes * 60_000);
}

/** Adds the hook on the root instance, before the modules are registered, so it sees every module's routes. */
export function registerStepUp(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const rule = ruleOf.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    // No session: the route's own hook has already refused it.
    if (!rule || !request.auth) return;
    const { userId, sessionId } = request.auth;
    const methods = await stepUpMethods(app, userId);
    const strong = methods.includes('passkey') || methods.includes('totp');
    if (rule === 'withFactor' && !strong) return;
    if (await hasStepUp(app, sessionId)) return;
    if (methods.length === 0 && (await recentIdentitySignIn(app, sessionId))) return;
    throw stepUpRequired();
  });
}
