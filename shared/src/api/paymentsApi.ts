import { API_PATHS, pathTo, request, requestBlob } from '@sciexperts/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  type Balance,
  type ContractFile,
  type FundInput,
  type FundResponse,
  type NewMilestoneInput,
  type PayoutAccount,
  type PayoutAccountLink,
  type SavedCard,
  type SavedCardList,
  type Statement,
  type Withdrawal,
  type WithdrawalList,
  type Workspace,
} from '../contracts/payments';

/**
 * What the client says when the server gave no message of its own (status 0: not reached). The server's
 * messages (PAYMENT_MESSAGES: 404 not available, 403 the other party's action, 409 an illegal transition) win when it answers.
 */
const FAILED = {
  load: 'Could not load the contract. Please try again.',
  change: 'Failed to update the milestone. Please try again.',
  fund: 'Could not start the payment. Please try again.',
  money: 'Could not load your payments. Please try again.',
  withdraw: 'Failed to request the withdrawal. Please try again.',
  receipt: 'Could not download the receipt. Please try again.',
  payoutAccount: 'Failed to open the payout account page. Please try again.',
  fileSave: 'Failed to upload the file. Please try again.',
  fileLoad: 'Could not download the file. Please try again.',
  fileDelete: 'Failed to remove the file. Please try again.',
  cards: 'Could not load your saved cards. Please try again.',
  cardRename: 'Failed to rename the card. Please try again.',
  cardRemove: 'Failed to remove the card. Please try again.',
} as const;

const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/**
 * Escrow and the contract workspace (docs/decisions/0012-escrow-ledger.md). Every call needs a session. Calls that
 * change something take an idempotency key: make one per user action (newIdempotencyKey()) and send the same key
 * again when retrying that action, so a retry never pays, releases or withdraws twice.
 */
export const paymentsApi = {
  workspace: (contractId: number) => request<Workspace>('get', pathTo(API_PATHS.contractWorkspace, { id: contractId }), { fallbackError: FAILED.load }),
  /** The client proposes one more milestone; the expert accepts it before it can be funded. */
  addMilestone: (contractId: number, body: NewMilestoneInput, key: string) =>
    request<Workspace>('post', pathTo(API_PATHS.contractMilestones, { id: contractId }), { json: body, headers: keyed(key), fallbackError: FAILED.change }),
  acceptMilestone: (milestoneId: number, key: string) =>
    request<Workspace>('post', pathTo(API_PATHS.milestoneAccept, { id: milestoneId }), { headers: keyed(key), fallbackError: FAILED.change }),
  /** Starts the provider's checkout; send the browser to checkoutUrl. The milestone is funded once the provider confirms. */
  fund: (milestoneId: number, key: string, how: FundInput = {}) =>
    request<FundResponse>('post', pathTo(API_PATHS.milestoneFund, { id: milestoneId }), {
      // No body unless there is a choice to send: a plain funding is the same request as before saved cards.
      ...(how.saveCard || how.paymentMethodId ? { json: how } : {}),
      headers: keyed(key),
      fallbackError: FAILED.fund,
    }),
  /** Delivers the milestone with a note and, optionally, files the expert shared in the workspace. */
  submit: (milestoneId: number, note: string, key: string, fileIds: number[] = []) =>
    request<Workspace>('post', pathTo(API_PATHS.milestoneSubmit, { id: milestoneId }), {
      json: fileIds.length > 0 ? { note, fileIds } : { note },
      headers: keyed(key),
      fallbackError: FAILED.change,
    }),
  requestChanges: (milestoneId: number, note: string, key: string) =>
    request<Workspace>('post', pathTo(API_PATHS.milestoneRequestChanges, { id: milestoneId }), { json: { note }, headers: keyed(key), fallbackError: FAILED.change }),
  approve: (milestoneId: number, key: string) => request<Workspace>('post', pathTo(API_PATHS.milestoneApprove, { id: milestoneId }), { headers: keyed(key), fallbackError: FAILED.change }),
  refund: (milestoneId: number, key: string) => request<Workspace>('post', pathTo(API_PATHS.milestoneRefund, { id: milestoneId }), { headers: keyed(key), fallbackError: FAILED.change }),
  dispute: (milestoneId: number, note: string, key: string) =>
    request<Workspace>('post', pathTo(API_PATHS.milestoneDispute, { id: milestoneId }), { json: { note }, headers: keyed(key), fallbackError: FAILED.change }),
  /** Ends the contract once no milestone holds money; unfunded milestones are cancelled. Repeating it is harmless. */
  endContract: (contractId: number) => request<Workspace>('post', pathTo(API_PATHS.contractEnd, { id: contractId }), { fallbackError: FAILED.change }),

  // Shared files of the workspace (either party, while the contract is active)
  uploadFile: (contractId: number, file: Blob, name?: string) => {
    const form = new FormData();
    if (name === undefined) form.append('file', file);
    else form.append('file', file, name);
    return request<ContractFile>('post', pathTo(API_PATHS.contractFiles, { id: contractId }), { body: form, fallbackError: FAILED.fileSave });
  },
  /** The file's bytes (the two parties only); it needs the token, so it comes as bytes. */
  downloadFile: (contractId: number, fileId: number) => requestBlob(pathTo(API_PATHS.contractFile, { id: contractId, fileId }), FAILED.fileLoad),
  deleteFile: (contractId: number, fileId: number) => request<void>('delete', pathTo(API_PATHS.contractFile, { id: contractId, fileId }), { fallbackError: FAILED.fileDelete }),

  balance: () => request<Balance>('get', API_PATHS.paymentsBalance, { fallbackError: FAILED.money }),
  statement: () => request<Statement>('get', API_PATHS.paymentsStatement, { fallbackError: FAILED.money }),
  /** The PDF receipt of a payment the member made (a statement line's receiptPaymentId); it needs the token, so it comes as bytes. */
  downloadReceipt: (paymentId: number) => requestBlob(pathTo(API_PATHS.paymentReceipt, { id: paymentId }), FAILED.receipt),
  withdrawals: () => request<WithdrawalList>('get', API_PATHS.paymentsWithdrawals, { fallbackError: FAILED.money }),
  withdraw: (amountCents: number, key: string) => request<Withdrawal>('post', API_PATHS.paymentsWithdrawals, { json: { amountCents }, headers: keyed(key), fallbackError: FAILED.withdraw }),
  payoutAccount: () => request<PayoutAccount>('get', API_PATHS.paymentsPayoutAccount, { fallbackError: FAILED.money }),
  /** The provider's page to connect (or finish connecting) the payout account; the member's browser goes there. */
  linkPayoutAccount: () => request<PayoutAccountLink>('post', API_PATHS.paymentsPayoutAccountLink, { fallbackError: FAILED.payoutAccount }),

  // Cards the provider keeps for the client (saved at a checkout they agreed to); our side keeps only their names.
  savedCards: () => request<SavedCardList>('get', API_PATHS.paymentsCards, { fallbackError: FAILED.cards }),
  /** An empty name removes it. */
  renameCard: (cardId: string, name: string) => request<SavedCard>('put', pathTo(API_PATHS.paymentsCard, { cardId }), { json: { name }, fallbackError: FAILED.cardRename }),
  /** The provider forgets the card (it can no longer be charged). */
  removeCard: (cardId: string) => request<void>('delete', pathTo(API_PATHS.paymentsCard, { cardId }), { fallbackError: FAILED.cardRemove }),
};

export type PaymentsApi = typeof paymentsApi;
