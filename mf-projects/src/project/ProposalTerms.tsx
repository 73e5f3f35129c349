import type { Proposal } from '@sciexperts/shared/member';
import { durationText, formatDate, priceText } from '../format';
import { CoverLetter } from './CoverLetter';
import { MilestoneTable } from './MilestoneTable';
import styles from './Project.module.css';

/**
 * What a proposal offers, the same for its author and for the owner comparing it: price, duration, when it came,
 * the milestone plan and the cover letter. `sentLabel` is the author's 'Sent' or the owner's 'Received'.
 */
export function ProposalTerms({ proposal, sentLabel, letterHeading: LetterHeading }: { proposal: Proposal; sentLabel: string; letterHeading: 'h3' | 'h4' }) {
  return (
    <>
      <dl className={styles.terms}>
        <div className={styles.fact}>
          <dt>Price</dt>
          <dd>{priceText(proposal.priceType, proposal.priceCents)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Estimated duration</dt>
          <dd>{durationText(proposal.duration)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{sentLabel}</dt>
          <dd>{formatDate(proposal.createdAt)}</dd>
        </div>
      </dl>
      {proposal.milestones.length > 0 ? <MilestoneTable milestones={proposal.milestones} /> : null}
      <LetterHeading className={styles.smallTitle}>Cover letter</LetterHeading>
      <CoverLetter text={proposal.coverLetter} />
    </>
  );
}
