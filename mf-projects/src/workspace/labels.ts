import type { Workspace } from '@sciexperts/shared/member';

// The words the parties read for a milestone's state and its timeline are the contract's (the console shows them too).
export { MILESTONE_STATUS_LABELS, MILESTONE_EVENT_LABELS as EVENT_LABELS } from '@sciexperts/shared/member';

/** '10 %' from 1000 basis points ('2.5 %' when it is not whole). */
export function percentText(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}

/** The party's first name for a member id of this contract, or null (the platform, an operator). */
export function actorName(workspace: Workspace, actorId: number | null): string | null {
  if (actorId === workspace.contract.client.id) return workspace.contract.client.firstName;
  if (actorId === workspace.contract.expert.id) return workspace.contract.expert.firstName;
  return null;
}
