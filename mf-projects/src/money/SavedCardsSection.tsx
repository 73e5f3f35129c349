import type { SavedCard } from '@sciexperts/shared/member';
import { SavedCardItem } from './SavedCardItem';
import styles from './Money.module.css';

export interface SavedCardsSectionProps {
  cards: SavedCard[];
  onRenamed: (card: SavedCard) => void;
  onRemoved: (card: SavedCard) => void;
  onFocusLost: () => void;
}

/** The cards the payment provider keeps for the member, or how to get one kept. */
export function SavedCardsSection({ cards, onRenamed, onRemoved, onFocusLost }: SavedCardsSectionProps) {
  if (cards.length === 0) {
    return (
      <p className={styles.empty}>
        No saved cards. When you fund a milestone, choose “Save this card for next time” and our payment provider keeps the card for your next payments.
      </p>
    );
  }
  return (
    <>
      <p className={styles.muted}>Our payment provider keeps these cards for you: SciExperts never sees or stores card numbers.</p>
      <ul className={styles.savedCards}>
        {cards.map((card) => (
          <SavedCardItem key={card.id} card={card} onRenamed={onRenamed} onRemoved={onRemoved} onFocusLost={onFocusLost} />
        ))}
      </ul>
    </>
  );
}
