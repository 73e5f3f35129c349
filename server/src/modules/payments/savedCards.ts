// Saved cards (docs/decisions/0028-saved-cards.md): the cards live at the payment provider, on the member's customer
// there; we keep the customer's id and the names members give their cards. Listing asks the provider; renaming and
// removing first check that the card is one of the member's own (anyone else's, or an unknown id, is a 404).
import { API_PATHS, PAYMENT_LIMITS, PAYMENT_MESSAGES as M, type SavedCard as SavedCardT, type SavedCardList as SavedCardListT } from '@sciexperts/shared/contracts';
import { CardIdParams, SavedCard, SavedCardList, SavedCardNameInput } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { api } from '../../http/api';
import { auth, bearer, errors } from '../../http/schemas';
import type { PaymentProvider, ProviderCard } from './provider';

const tags = ['Payments'];

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The member's customer at this provider; one made at another provider (the configuration changed) counts as none. */
export async function customerOf(db: Db, userId: number, provider: PaymentProvider): Promise<string | null> {
  const row = await db.kysely.selectFrom('paymentCustomers').select(['provider', 'customerId']).where('userId', '=', userId).executeTakeFirst();
  return row && row.provider === provider.name ? row.customerId : null;
}

/**
 * The member's customer, made at the provider the first time (the provider's key is the member, so two concurrent
 * first checkouts get one customer). A customer of another provider is replaced.
 */
export async function ensureCustomer(db: Db, userId: number, provider: PaymentProvider, now: Date): Promise<string> {
  const known = await customerOf(db, userId, provider);
  if (known) return known;
  const user = await db.kysely.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const { customerId } = await provider.createCustomer({ userId, email: user.email });
  await db.kysely.deleteFrom('paymentCustomers').where('userId', '=', userId).where('provider', '!=', provider.name).execute();
  try {
    await db.kysely.insertInto('paymentCustomers').values({ userId, provider: provider.name, customerId, createdAt: now.toISOString() }).execute();
  } catch (err) {
    // A concurrent first checkout stored it (the provider answered both with the same customer).
    if (!isUniqueViolation(err)) throw err;
  }
  return customerId;
}

/** A saved card's name as stored: trimmed plain text; '' removes it. 400 by field otherwise. */
export function checkCardName(name: string): string {
  const text = name.trim();
  if (text.length > PAYMENT_LIMITS.cardNameMax) throw badRequest([{ field: 'name', message: M.cardNameTooLong }]);
  if (CONTROL.test(text)) throw badRequest([{ field: 'name', message: M.plainText }]);
  return text;
}

/** The provider's answer about cards or customers, or a 502 the member can retry (their cards are not ours to guess). */
export async function askProvider<T>(request: FastifyRequest, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    request.log.warn({ err }, 'the payment provider did not answer about saved cards');
    throw new HttpError(502, M.providerUnavailable);
  }
}

export interface SavedCardRouteDeps {
  provider: () => PaymentProvider;
  clock: () => Date;
}

/** Registered inside the payments module's session scope. */
export function savedCardRoutes(inner: FastifyInstance, { provider, clock }: SavedCardRouteDeps): void {
  const { db } = inner.ctx;
  const r = api(inner);

  const namesOf = async (userId: number) =>
    new Map((await db.kysely.selectFrom('savedCardNames').select(['cardId', 'name']).where('userId', '=', userId).execute()).map((n) => [n.cardId, n.name]));
  const view = (card: ProviderCard, name: string | null | undefined): SavedCardT => ({ ...card, name: name ?? null });
  /** The member's customer and the card, or 404 when the card is not one of theirs. */
  const ownCard = async (request: FastifyRequest, me: number, cardId: string) => {
    const p = provider();
    const customerId = await customerOf(db, me, p);
    if (!customerId) throw notFound(M.cardNotFound);
    const card = (await askProvider(request, () => p.listCards(customerId))).find((c) => c.id === cardId);
    if (!card) throw notFound(M.cardNotFound);
    return { p, customerId, card };
  };

  r.get(
    API_PATHS.paymentsCards,
    {
      schema: {
        tags,
        operationId: 'listSavedCards',
        summary: "The cards the payment provider keeps for the member (saved at a checkout they agreed to), with the names they gave them",
        security: bearer,
        response: { 200: SavedCardList, ...errors(401, 502, 503) },
      },
    },
    async (request): Promise<SavedCardListT> => {
      const me = auth(request).userId;
      const p = provider();
      const customerId = await customerOf(db, me, p);
      if (!customerId) return { results: [] };
      const [cards, names] = await Promise.all([askProvider(request, () => p.listCards(customerId)), namesOf(me)]);
      return { results: cards.map((card) => view(card, names.get(card.id))) };
    },
  );

  // A card's address moved out of /api/Payments (a card id there could be read as a payment's id by a router or a
  // generated client that matches by pattern). The former one is still answered, unpublished, for remotes built before.
  for (const [path, suffix, hidden] of [
    [API_PATHS.paymentsCard, '', {}],
    [API_PATHS.paymentsCardBefore, 'Before', { hide: true, deprecated: true }],
  ] as const) {
    r.put(
      path,
      {
        schema: {
          tags,
          operationId: `renameSavedCard${suffix}`,
          ...hidden,
          summary: 'Give one of your saved cards a name (an empty name removes it)',
          security: bearer,
          params: CardIdParams,
          body: SavedCardNameInput,
          response: { 200: SavedCard, ...errors(400, 401, 404, 502, 503) },
        },
      },
      async (request): Promise<SavedCardT> => {
        const me = auth(request).userId;
        const name = checkCardName(request.body.name);
        const { card } = await ownCard(request, me, request.params.cardId);
        const k = db.kysely;
        if (name === '') await k.deleteFrom('savedCardNames').where('userId', '=', me).where('cardId', '=', card.id).execute();
        else {
          const updatedAt = clock().toISOString();
          await k
            .insertInto('savedCardNames')
            .values({ userId: me, cardId: card.id, name, updatedAt })
            .onConflict((oc) => oc.columns(['userId', 'cardId']).doUpdateSet({ name, updatedAt }))
            .execute();
        }
        return view(card, name || null);
      },
    );

    r.delete(
      path,
      {
        schema: {
          tags,
          operationId: `removeSavedCard${suffix}`,
          ...hidden,
          summary: 'Remove one of your saved cards: the payment provider forgets it and it can no longer be charged',
          security: bearer,
          params: CardIdParams,
          response: { 204: Type.Null({ description: 'Removed.' }), ...errors(400, 401, 404, 502, 503) },
        },
      },
      async (request, reply) => {
        const me = auth(request).userId;
        const { p, customerId, card } = await ownCard(request, me, request.params.cardId);
        await askProvider(request, () => p.detachCard(customerId, card.id));
        await db.kysely.deleteFrom('savedCardNames').where('userId', '=', me).where('cardId', '=', card.id).execute();
        return reply.code(204).send(null);
      },
    );
  }
}
