import type { Proposal } from '@sciexperts/shared/member';
import { durationText, formatDate, priceText } from '../format';
import { CoverLetter } from './CoverLetter';
import { MilestoneTable } from './MilestoneTable';
import { feeTerms, proposalPrice, type FeeRate } from './proposalFee';
import styles from './Project.module.css';

interface Props {
  proposal: Proposal;
  /** The author's 'Sent' or the owner's 'Received'. */
  sentLabel: string;
  /** The project's fee rate (null: the platform takes no payments, so no fee is shown). */
  fee: FeeRate;
  /** Who gets the rest: the author's 'You receive', the owner's 'Ada receives'. */
  payoutLabel: string;
  letterHeading: 'h3' | 'h4';
}

/**
 * What a proposal offers, the same for its author and for the owner comparing it: price, the platform's fee and what
 * the expert receives, duration, when it came, the milestone plan and the cover letter.
 */
export function ProposalTerms({ proposal, sentLabel, fee, payoutLabel, letterHeading: LetterHeading }: Props) {
  const terms = feeTerms(proposalPrice(proposal), fee);
  return (
    <>
      <dl className={styles.terms}>
        <div className={styles.fact}>
          <dt>Price</dt>
          <dd>{priceText(proposal.priceType, proposal.priceCents)}</dd>
        </div>
        {terms ? (
          <>
            <div className={styles.fact}>
              <dt>{terms.feeLabel}</dt>
              <dd>{terms.fee}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{payoutLabel}</dt>
              <dd>{terms.payout}</dd>
            </div>
          </>
        ) : null}
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
