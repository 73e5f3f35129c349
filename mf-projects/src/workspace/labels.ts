import type { MilestoneEventKind, MilestoneStatus, Workspace } from '@sciexperts/shared/member';

/** A milestone's state in words (never by colour alone). */
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  proposed: 'Proposed, waiting for the expert',
  pending: 'Waiting for funding',
  funded: 'Funded, in escrow',
  submitted: 'Work submitted',
  disputed: 'Disputed',
  released: 'Released',
  refunded: 'Refunded',
  split: 'Split by SciExperts',
  cancelled: 'Cancelled',
};

/** What happened, as the timeline says it ('Funded', then ' by Olivia' when a member did it). */
export const EVENT_LABELS: Record<MilestoneEventKind, string> = {
  added: 'Milestone added',
  accepted: 'Accepted',
  'payment-failed': 'Payment failed',
  funded: 'Funded',
  submitted: 'Work submitted',
  'changes-requested': 'Changes requested',
  approved: 'Approved and released',
  'auto-released': 'Released automatically',
  refunded: 'Refunded',
  disputed: 'Dispute opened',
  resolved: 'Dispute resolved by SciExperts',
  cancelled: 'Cancelled',
};

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
