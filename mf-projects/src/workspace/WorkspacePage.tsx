import { useParams } from '@sciexperts/shared/router';
import { idOf } from '../routing';
import { ContractList } from './ContractList';
import { ContractNotFound } from './ContractNotFound';
import { ContractWorkspace } from './ContractWorkspace';

/**
 * The member's workspace: the list of contracts at /profile/workspace, one contract at /profile/workspace/<id>
 * (the shell hands this page every path below it).
 */
export function WorkspacePage() {
  const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
  if (rest === '') return <ContractList />;
  const contractId = idOf(rest);
  if (contractId === null) return <ContractNotFound />;
  // A fresh page per contract: nothing (a dialog, a key, a poll) carries over from another one.
  return <ContractWorkspace key={contractId} contractId={contractId} />;
}
