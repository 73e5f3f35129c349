// The member's data and the end of the account (docs/decisions/0016-account-settings.md). Both need the current
// password (or a recent sign-in through the identity provider). Deleting keeps the user row, emptied of personal
// data and named "Deleted member", because others' records point at it (messages they received, contracts, reviews)
// and the ledger must stay whole for the accounts; everything that is only the member's goes.
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_SETTINGS_MESSAGES as M, API_PATHS, DELETED_MEMBER_NAME, LIVE_PROPOSAL_STATUSES } from '@sciexperts/shared/contracts';
import { MessageResponse, ReauthRequest } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { api, requireSession } from '../../http/api';
import { auth, bearer, errors } from '../../http/schemas';
import { refreshExpertSearch } from '../directory/searchIndex';
import { ACCOUNTS, balance, balances } from '../payments/ledger';
import { reauthenticator } from './settings';
import { attachmentsDir } from '../projects/attachments';
import { removeStored } from '../projects/storedFiles';

const tags = ['Account'];

/** Everything the member gave or wrote, as one JSON document (their right of access and portability). */
export async function exportData(db: Db, userId: number, now: Date) {
  const k = db.kysely;
  const user = await k.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const { passwordHash: _secret, isDemo: _demo, ...profile } = user;
  const [services, workExperiences, educations, certifications, publications, projects, proposals, contracts, messagesSent, notificationPreferences] = await Promise.all([
    k.selectFrom('offeredServices').innerJoin('services', 'services.id', 'offeredServices.serviceId').select('services.name').where('offeredServices.userId', '=', userId).execute(),
    k.selectFrom('workExperiences').selectAll().where('userId', '=', userId).execute(),
    k.selectFrom('educations').selectAll().where('userId', '=', userId).execute(),
    k.selectFrom('certifications').selectAll().where('userId', '=', userId).execute(),
    k.selectFrom('publications').selectAll().where('userId', '=', userId).execute(),
    k.selectFrom('projects').selectAll().where('ownerId', '=', userId).orderBy('id').execute(),
    k.selectFrom('proposals').selectAll().where('expertId', '=', userId).orderBy('id').execute(),
    k
      .selectFrom('contracts')
      .select(['id', 'projectId', 'clientId', 'expertId', 'status', 'priceType', 'priceCents', 'createdAt'])
      .where((eb) => eb.or([eb('clientId', '=', userId), eb('expertId', '=', userId)]))
      .orderBy('id')
      .execute(),
    k.selectFrom('messages').select(['receiverId', 'text', 'createdAt']).where('senderId', '=', userId).orderBy('id').execute(),
    k.selectFrom('notificationPreferences').select(['type', 'email']).where('userId', '=', userId).execute(),
  ]);
  return {
    exportedAt: now.toISOString(),
    about: 'Everything you gave SciExperts or wrote on it. Amounts are US cents.',
    profile,
    services: services.map((s) => s.name),
    workExperiences,
    educations,
    certifications,
    publications,
    projects,
    proposals,
    contracts: contracts.map((c) => ({ ...c, yourRole: c.clientId === userId ? 'client' : 'expert' })),
    messagesSent,
    notificationPreferences,
  };
}

/** Why the account cannot go yet, or null: an active contract, escrow held for the member's projects, unpaid earnings. */
async function whyNotYet(db: Db, userId: number): Promise<string | null> {
  const contracts = await db.kysely
    .selectFrom('contracts')
    .select(['id', 'status', 'clientId'])
    .where((eb) => eb.or([eb('clientId', '=', userId), eb('expertId', '=', userId)]))
    .execute();
  if (contracts.some((c) => c.status === 'active')) return M.deleteBlockedContract;
  const escrows = await balances(db, contracts.filter((c) => c.clientId === userId).map((c) => ACCOUNTS.escrow(c.id)));
  if ([...escrows.values()].some((cents) => cents > 0)) return M.deleteBlockedEscrow;
  if ((await balance(db, ACCOUNTS.available(userId))) > 0) return M.deleteBlockedBalance;
  return null;
}

/**
 * Empties the account in one transaction; answers the uploaded files (profile images, and the identity and degree
 * documents of verification requests) to remove from disk once it has committed.
 */
async function deleteAccount(db: Db, userId: number, now: Date): Promise<{ uploads: string[]; documents: string[] }> {
  const at = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const uploads = await trx.selectFrom('uploads').select('fileName').where('ownerId', '=', userId).execute();
    await trx.updateTable('projects').set({ status: 'cancelled', updatedAt: at }).where('ownerId', '=', userId).where('status', 'in', ['draft', 'open']).execute();
    await trx.updateTable('proposals').set({ status: 'withdrawn', updatedAt: at }).where('expertId', '=', userId).where('status', 'in', [...LIVE_PROPOSAL_STATUSES]).execute();
    const offered = trx.selectFrom('offeredServices').select('id').where('userId', '=', userId);
    await trx.deleteFrom('offeredPracticeAreas').where('offeredServiceId', 'in', offered).execute();
    for (const table of ['offeredServices', 'workExperiences', 'educations', 'certifications', 'publications', 'notifications', 'notificationPreferences', 'unsubscribeTokens', 'identities', 'emailTokens', 'passwordResetTokens', 'payoutAccounts', 'paymentCustomers', 'savedCardNames', 'passkeys', 'securityEvents', 'authChallenges', 'payoutHolds'] as const) {
      await trx.deleteFrom(table).where('userId', '=', userId).execute();
    }
    await trx.deleteFrom('uploads').where('ownerId', '=', userId).execute();
    // Identity documents are kept no longer than the account (decision 0040): the requests, then their files.
    const documents = await trx.selectFrom('vettingFiles').select('storageKey').where('userId', '=', userId).execute();
    await trx.deleteFrom('vettingRequests').where('userId', '=', userId).execute();
    await trx.deleteFrom('vettingFiles').where('userId', '=', userId).execute();
    // The second factor is keyed by owner kind and id (members and operators share it), so no foreign key removes it.
    await trx.deleteFrom('recoveryCodes').where('ownerKind', '=', 'member').where('ownerId', '=', userId).execute();
    await trx.deleteFrom('secondFactors').where('ownerKind', '=', 'member').where('ownerId', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: null,
        firstName: DELETED_MEMBER_NAME.firstName,
        lastName: DELETED_MEMBER_NAME.lastName,
        headline: null,
        profileSummary: null,
        hourlyFee: null,
        phoneNumber: null,
        profImgUrl: null,
        isProfilePublic: 0,
        country: null,
        emailVerifiedAt: null,
        verifiedAt: null,
        orcidId: null,
        deletedAt: at,
      })
      .where('id', '=', userId)
      .execute();
    // The public profile and the directory card go with the same commit.
    await refreshExpertSearch(trx, db.dialect, userId);
    return { uploads: uploads.map((u) => u.fileName), documents: documents.map((d) => d.storageKey) };
  });
}

export function accountDeletionRoutes(app: FastifyInstance): void {
  const { db, tokens, uploadsDir, config } = app.ctx;
  const reauthenticate = reauthenticator(app);

  app.register(async (inner: FastifyInstance) => {
    requireSession(inner);
    const r = api(inner);

    r.post(
      API_PATHS.accountExport,
      {
        schema: {
          tags,
          operationId: 'exportAccountData',
          summary: "The member's data as one JSON file: profile, records, projects, proposals, contracts and the messages they sent",
          security: bearer,
          body: ReauthRequest,
          response: { 200: Type.Unknown({ description: 'The export (application/json, as a download).' }), ...errors(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const me = auth(request);
        await reauthenticate(me.userId, me.sessionId, request.body.currentPassword);
        const data = await exportData(db, me.userId, new Date());
        return reply
          .header('content-disposition', `attachment; filename="sciexperts-data-${me.userId}.json"`)
          .header('cache-control', 'private, no-store')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(data, null, 2));
      },
    );

    r.post(
      API_PATHS.accountDelete,
      {
        schema: {
          tags,
          operationId: 'deleteAccount',
          summary: 'Delete the account: personal data goes, the public profile disappears, every session ends (not while a contract is active or money is held)',
          security: bearer,
          body: ReauthRequest,
          response: { 200: MessageResponse, ...errors(400, 401, 403, 409, 429) },
        },
      },
      async (request) => {
        const me = auth(request);
        await reauthenticate(me.userId, me.sessionId, request.body.currentPassword);
        const blocked = await whyNotYet(db, me.userId);
        if (blocked) throw new HttpError(409, blocked);
        const files = await deleteAccount(db, me.userId, new Date());
        await tokens.revokeUserSessions(me.userId);
        for (const name of files.uploads) await unlink(path.join(uploadsDir, name)).catch(() => undefined);
        for (const key of files.documents) await removeStored(attachmentsDir(config.dataDir), key);
        return { message: M.deleted };
      },
    );
  });
}
