// What the projects domain tells members through notifications, written in the transaction of the change: an
// invitation, a proposal received, a proposal shortlisted or declined, and a hire (with the proposals it declined).
// Before a hire, a client is named by first name only, as the public project pages do.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../jobs';
import { memberName, notify, type NewNotification } from '../notifications/notify';
import type { ContractRow, InvitationRow, ProposalRow } from './repository';
import { projectPagePath, workspacePagePath } from '@sciexperts/shared/contracts';

type Trx = Kysely<Database>;

async function projectAndOwner(trx: Trx, projectId: number) {
  return trx
    .selectFrom('projects as p')
    .innerJoin('users as o', 'o.id', 'p.ownerId')
    .select(['p.id', 'p.title', 'p.ownerId', 'o.firstName as ownerFirstName', 'o.lastName as ownerLastName'])
    .where('p.id', '=', projectId)
    .executeTakeFirstOrThrow();
}

async function member(trx: Trx, id: number) {
  return trx.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function tellInvited(trx: Trx, jobs: JobQueue, invitation: InvitationRow, now: Date): Promise<void> {
  const p = await projectAndOwner(trx, invitation.projectId);
  await notify(
    trx,
    jobs,
    [{ userId: invitation.expertId, type: 'invitation', text: `${p.ownerFirstName} invited you to send a proposal for “${p.title}”.`, link: projectPagePath(p.id), sourceKey: `invitation:${invitation.id}` }],
    now,
  );
}

/**
 * At publication: the invitations made while the project was a draft (held until now) reach their experts, except
 * where the owner and the expert have blocked each other since (either way): nobody is told across a block.
 */
export async function tellHeldInvitations(trx: Trx, jobs: JobQueue, projectId: number, now: Date): Promise<void> {
  const held = await trx
    .selectFrom('projectInvitations as i')
    .innerJoin('projects as p', 'p.id', 'i.projectId')
    .selectAll('i')
    .where('i.projectId', '=', projectId)
    .where('i.status', '=', 'invited')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memberBlocks as b')
            .select('b.blockerId')
            .where((w) =>
              w.or([
                w.and([w('b.blockerId', '=', w.ref('p.ownerId')), w('b.blockedId', '=', w.ref('i.expertId'))]),
                w.and([w('b.blockerId', '=', w.ref('i.expertId')), w('b.blockedId', '=', w.ref('p.ownerId'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('i.id')
    .execute();
  for (const invitation of held) await tellInvited(trx, jobs, invitation, now);
}

export async function tellOwnerOfProposal(trx: Trx, jobs: JobQueue, proposal: ProposalRow, now: Date): Promise<void> {
  const p = await projectAndOwner(trx, proposal.projectId);
  const expert = await member(trx, proposal.expertId);
  await notify(
    trx,
    jobs,
    [{ userId: p.ownerId, type: 'proposal-received', text: `${memberName(expert)} sent a proposal for “${p.title}”.`, link: projectPagePath(p.id), sourceKey: `proposal:${proposal.id}:received` }],
    now,
  );
}

export async function tellExpertOfDecision(trx: Trx, jobs: JobQueue, proposal: ProposalRow, now: Date): Promise<void> {
  const p = await projectAndOwner(trx, proposal.projectId);
  let notice: NewNotification;
  if (proposal.status === 'shortlisted') {
    notice = { userId: proposal.expertId, type: 'proposal-shortlisted', text: `${p.ownerFirstName} shortlisted your proposal for “${p.title}”.`, link: projectPagePath(p.id) };
  } else if (proposal.status === 'declined') {
    const reason = proposal.declineReason ? `: “${proposal.declineReason}”` : '.';
    notice = { userId: proposal.expertId, type: 'proposal-declined', text: `${p.ownerFirstName} declined your proposal for “${p.title}”${reason}`, link: projectPagePath(p.id) };
  } else {
    return;
  }
  await notify(trx, jobs, [{ ...notice, sourceKey: `proposal:${proposal.id}:${proposal.status}` }], now);
}

export async function tellHired(trx: Trx, jobs: JobQueue, contract: ContractRow, declined: readonly ProposalRow[], now: Date): Promise<void> {
  const p = await projectAndOwner(trx, contract.projectId);
  const notices: NewNotification[] = [
    {
      userId: contract.expertId,
      type: 'proposal-hired',
      text: `${memberName({ firstName: p.ownerFirstName, lastName: p.ownerLastName })} hired you for “${p.title}”. The contract’s workspace is open.`,
      link: workspacePagePath(contract.id),
      sourceKey: `contract:${contract.id}:hired`,
    },
    ...declined.map((d) => ({
      userId: d.expertId,
      type: 'proposal-declined' as const,
      text: `${p.ownerFirstName} hired another expert for “${p.title}”, so your proposal was declined.`,
      link: projectPagePath(p.id),
      sourceKey: `proposal:${d.id}:declined`,
    })),
  ];
  await notify(trx, jobs, notices, now);
}
