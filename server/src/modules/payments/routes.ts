import {
  API_PATHS,
  PAYMENT_DETAILS_PAGE_PATH,
  PAYMENT_MESSAGES as M,
  receiptFileName,
  PAYOUT_ACCOUNT_RETURN_PARAM,
  withdrawalTooLargeMessage,
  workspacePagePath,
  type Balance as BalanceT,
  type FundResponse as FundResponseT,
  type MilestoneEventKind,
  type MilestoneStatus,
  type PayoutAccount as PayoutAccountT,
  type PayoutAccountLink as PayoutAccountLinkT,
  type Statement as StatementT,
  type WebhookAck as WebhookAckT,
  type Withdrawal as WithdrawalT,
  type WithdrawalList as WithdrawalListT,
  type Workspace as WorkspaceT,
} from '@sciexperts/shared/contracts';
import {
  Balance,
  FundResponse,
  IdempotencyKeyHeaders,
  IdParams,
  ProviderEventBody,
  NewMilestoneInput,
  DeliveryInput,
  FundInput,
  NoteInput,
  PayoutAccount,
  PayoutAccountLink,
  Statement,
  WebhookAck,
  Withdrawal,
  WithdrawalInput,
  WithdrawalList,
  Workspace,
} from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PaymentsConfig } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, documentedBody, errors, open } from '../../http/schemas';
import { LedgerError, ACCOUNTS, balance } from './ledger';
import { WebhookRejected, type PaymentProvider, type ProviderEvent } from './provider';
import * as repo from './repository';
import { checkNewMilestone, checkNote, idempotencyKeyOf, isWellFormedEvent } from './rules';
import { sendPayout, sendRefund } from './settlement';
import { contractFileRoutes } from './contractFiles';
import { askProvider, customerOf, ensureCustomer, savedCardRoutes } from './savedCards';
import { requireVerifiedEmail } from '../account/verification';
import { queueReleaseReminder, registerPaymentJobs } from './jobs';
import { ReceiptPdf, receiptFor, renderReceipt } from './receipt';
import { balanceView, statementLines, withdrawalView, workspaceView } from './views';
import { assertNoPayoutHold, payoutHoldUntil, startPayoutHold } from '../security/payoutHold';

const conflict = (message: string) => new HttpError(409, message);
const tags = ['Payments'];
const Id = IdParams('id');
const KEYED = 'Needs an Idempotency-Key header (8–100 visible characters); a repeat with the same key has the effect of one.';

/**
 * Escrow and the contract workspace (docs/decisions/0012-escrow-ledger.md). Only a contract's two parties know it
 * (404 for anyone else); the other party's action is a 403; an illegal transition is a 409 and changes nothing.
 * Money moves in the ledger only inside the transaction of the change it pays for; escrow is credited only from
 * the provider's verified webhook. Without payments configured (config.payments and a provider), every route
 * answers 503.
 */
export function paymentsModule(givenClock?: () => Date): Module {
  return async (app) => {
    const { db } = app.ctx;
    // The app's clock unless a test hands this module its own: the routes and the scheduled work share "now".
    const clock = givenClock ?? app.ctx.clock;
    registerPaymentJobs(app);
    const settings = (): PaymentsConfig => {
      const s = app.ctx.config.payments;
      if (!s) throw new HttpError(503, M.notConfigured);
      return s;
    };
    const provider = (): PaymentProvider => {
      if (!app.ctx.payments || !app.ctx.config.payments) throw new HttpError(503, M.notConfigured);
      return app.ctx.payments;
    };
    /** The provider's answer comes after the commit: a failure here is retried by retryProviderCalls, never lost. */
    const refundLater = async (request: FastifyRequest, paymentId: number | null) => {
      if (paymentId === null || !app.ctx.payments) return;
      await sendRefund(db, app.ctx.payments, paymentId).catch((err: unknown) => request.log.warn({ err, paymentId }, 'refund request failed; it will be retried'));
    };

    // The webhook: no session, and the raw bytes, because the signature is over them exactly as sent.
    await app.register(async (hook: FastifyInstance) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      api(hook).post(
        API_PATHS.paymentsWebhook,
        {
          schema: {
            tags,
            operationId: 'paymentsWebhook',
            summary: "The payment provider's events, signed (SciExperts-Signature over the raw body); each event id has an effect once",
            security: open,
            response: { 200: WebhookAck, ...errors(400, 503) },
          },
          // The bytes are read as sent, whatever their declared type: the signature is over them.
          config: documentedBody({ 'application/json': ProviderEventBody, '*/*': ProviderEventBody }),
        },
        async (request): Promise<WebhookAckT> => {
          const p = provider();
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          let event: ProviderEvent | null;
          try {
            event = p.verifyWebhook(raw, request.headers, clock());
          } catch (err) {
            if (err instanceof WebhookRejected) throw badRequest(M.webhookRejected);
            throw err;
          }
          // A verified event of a type we do not handle: acknowledged, so the provider stops sending it.
          if (!event) return { received: true, duplicate: false };
          if (!isWellFormedEvent(event)) {
            request.log.error({ type: event.type }, 'a verified provider event lacks the fields of its type');
            throw badRequest(M.webhookMalformed);
          }
          const effect = await repo.applyEvent(db, event, clock());
          if (effect.anomaly) request.log.error({ event: event.id }, effect.anomaly);
          await refundLater(request, effect.refundPaymentId);
          return { received: true, duplicate: effect.duplicate };
        },
      );
    });

    await app.register(async (inner: FastifyInstance) => {
      requireSession(inner);
      const r = api(inner);

      /** The milestone and its contract, or 404 unless the member is one of the contract's two parties. */
      const milestoneFor = async (id: string, me: number) => {
        const found = await repo.findMilestone(db, Number(id));
        if (!found || (found.contract.clientId !== me && found.contract.expertId !== me)) throw notFound(M.milestoneNotFound);
        return found;
      };
      const contractFor = async (id: string, me: number) => {
        const contract = await repo.findContract(db, Number(id));
        if (!contract || (contract.clientId !== me && contract.expertId !== me)) throw notFound(M.contractNotFound);
        return contract;
      };
      /** Before the submission: each file must be the expert's own in this workspace and not delivered before (400 by field). */
      const checkDeliveryFiles = async (contractId: number, me: number, fileIds: readonly number[]) => {
        const files = await repo.filesOf(db, contractId);
        const usable = new Set(files.filter((f) => f.uploaderId === me && f.eventId === null).map((f) => f.id));
        if (!fileIds.every((id) => usable.has(id))) throw badRequest([{ field: 'fileIds', message: M.deliveryFilesInvalid }]);
      };
      contractFileRoutes(inner, { contractFor, clock });
      savedCardRoutes(inner, { provider, clock });
      const mustBe = (contract: repo.ContractRecord, me: number, role: 'client' | 'expert') => {
        if ((role === 'client' ? contract.clientId : contract.expertId) !== me) throw forbidden(role === 'client' ? M.clientOnly : M.expertOnly);
      };
      const workspaceOf = async (contractId: number, me: number) => workspaceView(db, (await repo.findContract(db, contractId))!, me, settings());

      /**
       * Whether this key already made this very change (true: answer as the first time); 409 when it made another.
       */
      const alreadyDone = async (key: string, milestoneId: number, kind: MilestoneEventKind) => {
        const event = await repo.eventByKey(db, key);
        if (!event) return false;
        if (event.milestoneId !== milestoneId || event.kind !== kind) throw conflict(M.idempotencyKeyReused);
        return true;
      };

      interface Step {
        path: string;
        operationId: string;
        summary: string;
        role: 'client' | 'expert';
        from: readonly MilestoneStatus[];
        to: MilestoneStatus;
        kind: MilestoneEventKind;
        refused: string;
        withNote?: boolean;
        /** The note may bring shared files of the workspace along (the submission). */
        delivery?: boolean;
        money?: 'release' | 'refund';
        submitted?: 'set' | 'clear';
      }

      /** One milestone transition, idempotent by the member's key: repeat → the same answer, no second effect. */
      const step = (s: Step) => {
        const handler = async (request: FastifyRequest<{ Params: { id: string }; Body?: { note: string; fileIds?: number[] } }>): Promise<WorkspaceT> => {
          const me = auth(request).userId;
          const fees = settings();
          if (s.money === 'refund') provider();
          const key = idempotencyKeyOf(request, me);
          const { milestone, contract } = await milestoneFor(request.params.id, me);
          mustBe(contract, me, s.role);
          const note = s.withNote ? checkNote(request.body?.note ?? '') : null;
          const fileIds = s.delivery ? (request.body?.fileIds ?? []) : [];
          if (!(await alreadyDone(key, milestone.id, s.kind))) {
            if (fileIds.length > 0) await checkDeliveryFiles(contract.id, me, fileIds);
            const now = clock();
            const at = now.toISOString();
            let done: Awaited<ReturnType<typeof repo.move>>;
            try {
              done = await repo.move(db, {
                milestoneId: milestone.id,
                from: s.from,
                to: s.to,
                event: { kind: s.kind, actorId: me, note, idempotencyKey: key },
                ...(s.submitted ? { set: { submittedAt: s.submitted === 'set' ? at : null } } : {}),
                ...(s.money ? { money: s.money, fees } : {}),
                at,
                ...(s.submitted === 'set'
                  ? {
                      inTransaction: async (trx, moved) => {
                        await repo.deliverFiles(trx, moved, me, fileIds, key);
                        await queueReleaseReminder(app.ctx.jobs, trx, { milestoneId: moved.id, submittedAt: at }, fees.autoReleaseDays);
                      },
                    }
                  : {}),
              });
            } catch (err) {
              // Another request delivered or removed one of the files first: nothing was submitted.
              if (err instanceof repo.DeliveryFilesUnavailable) throw conflict(M.deliveryFilesInvalid);
              // The same key, at the same moment, on another change: that one won.
              if (!isUniqueViolation(err)) throw err;
              if (!(await alreadyDone(key, milestone.id, s.kind))) throw conflict(M.idempotencyKeyReused);
              done = undefined;
            }
            // Nothing matched: another request changed the milestone first (unless it was this very key).
            if (!done && !(await alreadyDone(key, milestone.id, s.kind))) throw conflict(s.refused);
            if (done) await refundLater(request, done.refundPaymentId);
          } else if (s.money === 'refund') {
            await refundLater(request, (await repo.findMilestone(db, milestone.id))?.milestone.paymentId ?? null);
          }
          return workspaceOf(contract.id, me);
        };
        const schema = {
          tags,
          operationId: s.operationId,
          summary: s.summary,
          description: KEYED,
          headers: IdempotencyKeyHeaders,
          security: bearer,
          params: Id,
          response: { 200: Workspace, ...errors(400, 401, 403, 404, 409, 503) },
        };
        if (s.delivery) r.post(s.path, { schema: { ...schema, body: DeliveryInput } }, handler);
        else if (s.withNote) r.post(s.path, { schema: { ...schema, body: NoteInput } }, handler);
        else r.post(s.path, { schema }, handler);
      };

      step({
        path: API_PATHS.milestoneAccept,
        operationId: 'acceptMilestone',
        summary: 'Accept a milestone the client added: proposed → pending (expert only)',
        role: 'expert',
        from: ['proposed'],
        to: 'pending',
        kind: 'accepted',
        refused: M.notProposed,
      });
      step({
        path: API_PATHS.milestoneSubmit,
        operationId: 'submitMilestone',
        summary: 'Deliver a funded milestone with a note and, optionally, files shared in the workspace: funded → submitted (expert only)',
        role: 'expert',
        from: ['funded'],
        to: 'submitted',
        kind: 'submitted',
        refused: M.notFunded,
        withNote: true,
        delivery: true,
        submitted: 'set',
      });
      step({
        path: API_PATHS.milestoneRequestChanges,
        operationId: 'requestMilestoneChanges',
        summary: 'Send a submitted milestone back with a note: submitted → funded (client only)',
        role: 'client',
        from: ['submitted'],
        to: 'funded',
        kind: 'changes-requested',
        refused: M.notSubmitted,
        withNote: true,
        submitted: 'clear',
      });
      step({
        path: API_PATHS.milestoneApprove,
        operationId: 'approveMilestone',
        summary: "Approve a submitted milestone: submitted → released; the expert's balance is credited less the platform fee (client only)",
        role: 'client',
        from: ['submitted'],
        to: 'released',
        kind: 'approved',
        refused: M.notSubmitted,
        money: 'release',
      });
      step({
        path: API_PATHS.milestoneRefund,
        operationId: 'refundMilestone',
        summary: 'Cancel a funded milestone before it is submitted: funded → refunded; the payment goes back to the client (client only)',
        role: 'client',
        from: ['funded'],
        to: 'refunded',
        kind: 'refunded',
        refused: M.cannotRefund,
        money: 'refund',
      });
      step({
        path: API_PATHS.milestoneDispute,
        operationId: 'disputeMilestone',
        summary: 'Dispute a submitted milestone: submitted → disputed; the money stays frozen until an operator resolves it (client only)',
        role: 'client',
        from: ['submitted'],
        to: 'disputed',
        kind: 'disputed',
        refused: M.notSubmitted,
        withNote: true,
      });

      r.post(
        API_PATHS.milestoneFund,
        {
          schema: {
            tags,
            operationId: 'fundMilestone',
            summary: "Start paying a pending milestone into escrow: a checkout at the provider, or a charge of a saved card (client only). It is funded when the provider's webhook confirms the payment",
            description: `${KEYED} The body is optional: \`saveCard\` keeps the new card at the provider for next time, \`paymentMethodId\` pays with a saved card (GET /api/Payments/Cards); checkoutUrl is then the bank's extra step or the workspace.`,
            headers: IdempotencyKeyHeaders,
            security: bearer,
            params: Id,
            body: Type.Optional(FundInput),
            response: { 200: FundResponse, ...errors(400, 401, 403, 404, 409, 502, 503) },
          },
          // No body is a plain funding (a new card, not kept), as before saved cards existed.
          preValidation: async (request) => {
            if (request.body === undefined || request.body === null) request.body = {};
          },
        },
        async (request): Promise<FundResponseT> => {
          const me = auth(request).userId;
          const p = provider();
          const key = idempotencyKeyOf(request, me);
          const how = request.body ?? {};
          if (how.saveCard && how.paymentMethodId) throw badRequest([{ field: 'paymentMethodId', message: M.cardChoiceConflict }]);
          const { milestone, contract } = await milestoneFor(request.params.id, me);
          mustBe(contract, me, 'client');
          await requireVerifiedEmail(db, me);
          let payment = await repo.paymentByKey(db, key);
          if (payment && payment.milestoneId !== milestone.id) throw conflict(M.idempotencyKeyReused);
          /** The client's customer at the provider and the card choice, checked before anything is recorded. */
          let customerId: string | null = null;
          if (!payment?.checkoutUrl) {
            customerId = await customerOf(db, me, p);
            if (how.paymentMethodId) {
              const cardId = how.paymentMethodId;
              const owner = customerId;
              const cards = owner ? await askProvider(request, () => p.listCards(owner)) : [];
              if (!cards.some((c) => c.id === cardId)) throw badRequest([{ field: 'paymentMethodId', message: M.cardNotSaved }]);
            } else if (how.saveCard) {
              customerId = await askProvider(request, () => ensureCustomer(db, me, p, clock()));
            }
          }
          if (!payment) {
            if (contract.status !== 'active') throw conflict(M.contractNotActive);
            if (milestone.status !== 'pending') throw conflict(M.notPending);
            payment = await repo.createPayment(db, milestone, me, key, clock());
            if (payment.milestoneId !== milestone.id) throw conflict(M.idempotencyKeyReused);
          }
          if (!payment.checkoutUrl) {
            const project = await db.kysely.selectFrom('projects').select('title').where('id', '=', contract.projectId).executeTakeFirst();
            const back = `${app.ctx.config.siteUrl}${workspacePagePath(contract.id)}`;
            let session: { sessionId: string; url: string };
            try {
              session = await p.createCheckout({
                paymentId: payment.id,
                amountCents: payment.amountCents,
                currency: 'USD',
                description: `${project?.title ?? 'Contract'}: ${milestone.title}`,
                successUrl: `${back}?payment=${payment.id}`,
                cancelUrl: `${back}?payment=${payment.id}&cancelled=1`,
                idempotencyKey: `checkout:${payment.id}`,
                customerId,
                saveCard: how.saveCard === true,
                paymentMethodId: how.paymentMethodId ?? null,
              });
            } catch (err) {
              request.log.warn({ err, paymentId: payment.id }, 'checkout could not be created');
              throw new HttpError(502, M.providerUnavailable);
            }
            payment = await repo.attachCheckout(db, payment.id, session, clock());
          }
          return { paymentId: payment.id, checkoutUrl: payment.checkoutUrl! };
        },
      );

      r.post(
        API_PATHS.contractMilestones,
        {
          schema: {
            tags,
            operationId: 'addContractMilestone',
            summary: 'Propose one more milestone on an active contract (client only); the expert accepts it before it can be funded',
            description: KEYED,
            headers: IdempotencyKeyHeaders,
            security: bearer,
            params: Id,
            body: NewMilestoneInput,
            response: { 201: Workspace, ...errors(400, 401, 403, 404, 409, 503) },
          },
        },
        async (request, reply): Promise<WorkspaceT> => {
          const me = auth(request).userId;
          settings();
          const key = idempotencyKeyOf(request, me);
          const contract = await contractFor(request.params.id, me);
          mustBe(contract, me, 'client');
          const now = clock();
          const input = checkNewMilestone(request.body, now);
          const earlier = await repo.eventByKey(db, key);
          if (earlier && (earlier.contractId !== contract.id || earlier.kind !== 'added')) throw conflict(M.idempotencyKeyReused);
          if (!earlier) {
            let added: Awaited<ReturnType<typeof repo.addMilestone>> | 'raced';
            try {
              added = await repo.addMilestone(db, contract.id, input, me, key, now);
            } catch (err) {
              if (!isUniqueViolation(err)) throw err;
              added = 'raced';
            }
            if (added === 'raced') {
              // A concurrent call with the same key got there first: fine if it added a milestone here too.
              const twin = await repo.eventByKey(db, key);
              if (twin?.contractId !== contract.id || twin.kind !== 'added') throw conflict(M.idempotencyKeyReused);
            } else if (added === 'full') throw conflict(M.tooManyMilestones);
            else if (added === 'inactive') throw conflict(M.contractNotActive);
          }
          reply.code(201);
          return workspaceOf(contract.id, me);
        },
      );

      r.post(
        API_PATHS.contractEnd,
        {
          schema: {
            tags,
            operationId: 'endContract',
            summary: 'End the contract once no milestone holds money in escrow: unfunded milestones are cancelled, the contract and project completed (client only; repeating it is harmless)',
            security: bearer,
            params: Id,
            response: { 200: Workspace, ...errors(400, 401, 403, 404, 409, 503) },
          },
        },
        async (request): Promise<WorkspaceT> => {
          const me = auth(request).userId;
          settings();
          const contract = await contractFor(request.params.id, me);
          mustBe(contract, me, 'client');
          if ((await repo.endContract(db, app.ctx.jobs, contract.id, me, clock())) === 'money-held') throw conflict(M.moneyInEscrow);
          return workspaceOf(contract.id, me);
        },
      );

      r.get(
        API_PATHS.contractWorkspace,
        {
          schema: {
            tags,
            operationId: 'getContractWorkspace',
            summary: "A contract's workspace: milestones with their state, amount and fee, the timeline, escrow (its two parties only)",
            security: bearer,
            params: Id,
            response: { 200: Workspace, ...errors(400, 401, 404, 503) },
          },
        },
        async (request): Promise<WorkspaceT> => {
          const me = auth(request).userId;
          const configured = settings();
          return workspaceView(db, await contractFor(request.params.id, me), me, configured);
        },
      );

      r.get(
        API_PATHS.paymentsBalance,
        {
          schema: {
            tags,
            operationId: 'getPaymentsBalance',
            summary: "The member's money, from the ledger: available to withdraw, paid into escrow as a client, paid out",
            security: bearer,
            response: { 200: Balance, ...errors(401, 503) },
          },
        },
        async (request): Promise<BalanceT> => {
          settings();
          return balanceView(db, auth(request).userId);
        },
      );

      r.get(
        API_PATHS.paymentsStatement,
        {
          schema: {
            tags,
            operationId: 'getPaymentsStatement',
            summary: "Every ledger movement on the member's accounts and their contracts' escrow, newest first, with running balances and fees",
            security: bearer,
            response: { 200: Statement, ...errors(401, 503) },
          },
        },
        async (request): Promise<StatementT> => {
          const fees = settings();
          return { lines: await statementLines(db, auth(request).userId), fee: { basisPoints: fees.feeBasisPoints } };
        },
      );

      r.get(
        API_PATHS.paymentReceipt,
        {
          schema: {
            tags,
            operationId: 'paymentReceipt',
            summary: "A payment's receipt as a PDF: date, parties, project and milestone, amount, the provider's charge, paid or refunded (its payer only)",
            description: 'Anyone but the payer, and a payment the provider has not confirmed, gets the same 404.',
            security: bearer,
            params: Id,
            response: { 200: ReceiptPdf, ...errors(400, 401, 404, 503) },
          },
        },
        async (request, reply) => {
          settings();
          const receipt = await receiptFor(db, Number(request.params.id), auth(request).userId);
          if (!receipt) throw notFound(M.receiptNotFound);
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `attachment; filename="${receiptFileName(receipt.paymentId)}"`)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, no-store')
            .send(await renderReceipt(receipt));
        },
      );

      r.get(
        API_PATHS.paymentsPayoutAccount,
        {
          schema: {
            tags,
            operationId: 'payoutAccount',
            summary: "Where the member's payouts go: none connected, connected but not ready, or ready (as the provider last said)",
            security: bearer,
            response: { 200: PayoutAccount, ...errors(401, 503) },
          },
        },
        async (request): Promise<PayoutAccountT> => {
          const p = provider();
          const account = await repo.payoutAccountOf(db, auth(request).userId);
          // An account at another provider (the configuration changed) cannot receive this provider's payouts.
          if (!account || account.provider !== p.name) return { status: 'none', label: null, updatedAt: null, holdUntil: null };
          // The hold is said here, before the member presses Withdraw (issue 47), not only in the withdrawal's 409.
          const holdUntil = await payoutHoldUntil(db, account.userId, clock());
          return { status: account.status === 'ready' ? 'ready' : 'pending', label: account.label, updatedAt: account.updatedAt, holdUntil };
        },
      );

      r.post(
        API_PATHS.paymentsPayoutAccountLink,
        {
          schema: {
            tags,
            operationId: 'linkPayoutAccount',
            summary: "A link to the provider's page where the member connects (or finishes connecting) their payout account",
            description: 'The account is made at the provider once per member; each call gives a fresh link. Only the provider\'s signed event marks it ready.',
            security: bearer,
            response: { 200: PayoutAccountLink, ...errors(401, 502, 503) },
          },
        },
        async (request): Promise<PayoutAccountLinkT> => {
          const me = auth(request).userId;
          const p = provider();
          const user = await db.kysely.selectFrom('users').select('email').where('id', '=', me).executeTakeFirstOrThrow();
          const saved = await repo.payoutAccountOf(db, me);
          const page = `${app.ctx.config.siteUrl}${PAYMENT_DETAILS_PAGE_PATH}?${PAYOUT_ACCOUNT_RETURN_PARAM}=`;
          let link: { accountId: string; url: string };
          try {
            link = await p.linkPayoutAccount({
              userId: me,
              email: user.email,
              accountId: saved && saved.provider === p.name ? saved.accountId : null,
              returnUrl: `${page}return`,
              refreshUrl: `${page}refresh`,
            });
          } catch (err) {
            request.log.warn({ err }, 'payout account link could not be created');
            throw new HttpError(502, M.providerUnavailable);
          }
          if (saved && saved.provider !== p.name) await db.kysely.deleteFrom('payoutAccounts').where('userId', '=', me).execute();
          await repo.savePayoutAccount(db, me, p.name, link.accountId, clock());
          // Changing an account that can receive money holds withdrawals for 48 hours unless confirmed from the e-mail.
          if (saved && saved.provider === p.name && saved.status === 'ready') await startPayoutHold(app, request, me);
          return { url: link.url };
        },
      );

      r.get(
        API_PATHS.paymentsWithdrawals,
        { schema: { tags, operationId: 'listWithdrawals', summary: "The member's withdrawals, newest first", security: bearer, response: { 200: WithdrawalList, ...errors(401, 503) } } },
        async (request): Promise<WithdrawalListT> => {
          settings();
          return { results: (await repo.withdrawalsOf(db, auth(request).userId)).map(withdrawalView) };
        },
      );

      r.post(
        API_PATHS.paymentsWithdrawals,
        {
          schema: {
            tags,
            operationId: 'requestWithdrawal',
            summary: 'Withdraw from the available balance to the payout account (at most what is available)',
            description: KEYED,
            headers: IdempotencyKeyHeaders,
            security: bearer,
            body: WithdrawalInput,
            response: { 201: Withdrawal, ...errors(400, 401, 409, 503) },
          },
        },
        async (request, reply): Promise<WithdrawalT> => {
          const me = auth(request).userId;
          const p = provider();
          const key = idempotencyKeyOf(request, me);
          const { amountCents } = request.body;
          const earlier = await repo.withdrawalByKey(db, key);
          if (earlier && earlier.amountCents !== amountCents) throw conflict(M.idempotencyKeyReused);
          let id = earlier?.id;
          if (id === undefined) {
            // Money leaves only for the account the provider says can receive it (checked before anything is booked).
            const account = await repo.payoutAccountOf(db, me);
            if (!account || account.provider !== p.name) throw conflict(M.payoutAccountNeeded);
            if (account.status !== 'ready') throw conflict(M.payoutAccountPending);
            await assertNoPayoutHold(db, me, clock());
            try {
              const made = await repo.requestWithdrawal(db, me, amountCents, key, account.accountId, clock());
              if (made.withdrawal.amountCents !== amountCents) throw conflict(M.idempotencyKeyReused);
              id = made.withdrawal.id;
            } catch (err) {
              if (!(err instanceof LedgerError)) throw err;
              const available = await balance(db, ACCOUNTS.available(me));
              const message = available <= 0 ? M.nothingToWithdraw : withdrawalTooLargeMessage(available);
              throw badRequest([{ field: 'amountCents', message }]);
            }
          }
          await sendPayout(db, p, id).catch((err: unknown) => request.log.warn({ err, withdrawalId: id }, 'payout request failed; it will be retried'));
          reply.code(201);
          return withdrawalView((await repo.findWithdrawal(db, id))!);
        },
      );
    });
  };
}
