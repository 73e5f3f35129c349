// The parties' statements on a disputed milestone (the operators' console reads them to decide).
import { DISPUTE_STATEMENT_PATH, DISPUTE_STATEMENTS_PATH, type DisputeStatementInput, type DisputeStatementsView } from '@sciexperts/shared/member';
import { request } from '@sciexperts/shared';

const pathOf = (template: string, id: number) => template.replace(':id', String(id));

export const disputeApi = {
  list: (milestoneId: number) => request<DisputeStatementsView>('get', pathOf(DISPUTE_STATEMENTS_PATH, milestoneId), { fallbackError: 'The statements could not be loaded.' }),
  add: (milestoneId: number, input: DisputeStatementInput) =>
    request<DisputeStatementsView>('post', pathOf(DISPUTE_STATEMENT_PATH, milestoneId), { json: input, fallbackError: 'Your statement could not be sent. Try again.' }),
};
