import { useId } from 'react';
import type { FundInput, SavedCard } from '@sciexperts/shared/member';
import { cardExpiryText, cardText } from '../money/cardText';
import styles from './Workspace.module.css';

/** What the client chose: a saved card's id, or a new card (kept for next time or not). */
export type FundingMethod = { kind: 'saved'; cardId: string } | { kind: 'new'; save: boolean };

/** The funding call's body for a choice. */
export function fundInputOf(method: FundingMethod): FundInput {
  return method.kind === 'saved' ? { paymentMethodId: method.cardId } : method.save ? { saveCard: true } : {};
}

export interface FundingChoiceProps {
  /** The milestone's heading, which names what is paid for. */
  titleId: string;
  cards: SavedCard[];
  method: FundingMethod;
  onChange: (method: FundingMethod) => void;
  disabled: boolean;
}

/**
 * How to pay for one milestone: one of the client's saved cards, or a new card on the payment provider's page,
 * which the provider keeps for next time only if the client ticks the box (off by default: keeping a card is asked
 * for, never assumed).
 */
export function FundingChoice({ titleId, cards, method, onChange, disabled }: FundingChoiceProps) {
  const id = useId();
  const saveBox = (
    <label className={styles.choice}>
      <input
        type="checkbox"
        checked={method.kind === 'new' && method.save}
        disabled={disabled || method.kind !== 'new'}
        aria-describedby={titleId}
        onChange={(event) => onChange({ kind: 'new', save: event.target.checked })}
      />
      Save this card for next time
    </label>
  );
  if (cards.length === 0) return saveBox;
  return (
    <fieldset className={styles.payWith} disabled={disabled} aria-describedby={titleId}>
      <legend className={styles.payWithLegend}>Pay with</legend>
      {cards.map((card) => (
        <label key={card.id} className={styles.choice}>
          <input
            type="radio"
            name={`${id}-card`}
            checked={method.kind === 'saved' && method.cardId === card.id}
            onChange={() => onChange({ kind: 'saved', cardId: card.id })}
          />
          {cardText(card)}, expires {cardExpiryText(card)}
        </label>
      ))}
      <label className={styles.choice}>
        <input type="radio" name={`${id}-card`} checked={method.kind === 'new'} onChange={() => onChange({ kind: 'new', save: false })} />A new card
      </label>
      {method.kind === 'new' ? <div className={styles.choiceDetail}>{saveBox}</div> : null}
    </fieldset>
  );
}
