import { useId, useState } from 'react';
import type { ApiError } from '@sciexperts/shared';
import type { Project, Proposal, ProposalList, ProposalStatus } from '@sciexperts/shared/member';
import type { Load } from '../ui/useLoad';
import ui from '../ui/Ui.module.css';
import { LoadFailed } from '../ui/LoadFailed';
import { ProposalCard } from './ProposalCard';
import styles from './Project.module.css';

/** The order of the cards: the expert hired, then the ones still to decide (shortlisted first), then the declined. */
const RANK: Record<ProposalStatus, number> = { hired: 0, shortlisted: 1, submitted: 2, declined: 3, withdrawn: 4 };

/** What the owner compares: withdrawn proposals are gone (their author took them back), the rest by RANK. */
export function proposalsToShow(proposals: readonly Proposal[]): Proposal[] {
  return proposals.filter((p) => p.status !== 'withdrawn').sort((a, b) => RANK[a.status] - RANK[b.status]);
}

interface Props {
  project: Project;
  load: Load<ProposalList> & { reload: () => void };
  onHired: (expertName: string) => void;
  /** Says why the server refused (409) and shows the project and its proposals as they now are. */
  onConflict: (error: ApiError) => void;
}

/** The owner's proposals side by side, with Shortlist, Decline, Hire and Message on each. */
export function ProposalsSection({ project, load, onHired, onConflict }: Props) {
  const id = useId();
  // Decisions made here replace their card in place, without reordering (a moved card would drop the focus);
  // the next load (a reload after Hire) starts from the server's list again.
  const [changed, setChanged] = useState<{ base: ProposalList | null; byId: ReadonlyMap<number, Proposal> }>({ base: null, byId: new Map() });
  const byId = changed.base === load.data ? changed.byId : new Map<number, Proposal>();
  const proposals = load.data ? proposalsToShow(load.data.results).map((p) => byId.get(p.id) ?? p) : null;
  const liveCount = proposals?.filter((p) => p.status === 'submitted' || p.status === 'shortlisted').length ?? 0;

  const onChanged = (proposal: Proposal) => setChanged({ base: load.data, byId: new Map(byId).set(proposal.id, proposal) });

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`} aria-busy={load.status === 'loading'}>
      <h2 id={`${id}-heading`} className={styles.sectionTitle}>
        {proposals ? `Proposals (${proposals.length})` : 'Proposals'}
      </h2>
      {load.status === 'error' ? (
        <LoadFailed message={load.error.message} onRetry={load.reload} />
      ) : null}
      {proposals === null ? (
        load.status === 'loading' ? <p className={ui.muted}>Loading the proposals…</p> : null
      ) : proposals.length === 0 ? (
        <p className={ui.muted}>{project.status === 'open' ? 'No proposals yet. Invite experts to get quotes sooner.' : 'No proposals.'}</p>
      ) : (
        <ul className={styles.proposalGrid}>
          {proposals.map((proposal) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              projectOpen={project.status === 'open'}
              fee={project.fee}
              otherLiveCount={liveCount - (proposal.status === 'submitted' || proposal.status === 'shortlisted' ? 1 : 0)}
              onChanged={onChanged}
              onHired={onHired}
              onConflict={onConflict}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
