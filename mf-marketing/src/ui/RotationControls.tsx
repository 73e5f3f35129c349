import styles from './RotationControls.module.css';

interface RotationControlsProps {
  /** What rotates, e.g. "expert": used in the button names. */
  itemName: string;
  onPrevious: () => void;
  onNext: () => void;
  /** Whether the visitor stopped the rotation with the pause button. */
  stopped: boolean;
  onToggleStopped: () => void;
  /** Under reduced motion nothing rotates, so there is nothing to pause. */
  canPause: boolean;
}

export function RotationControls({ itemName, onPrevious, onNext, stopped, onToggleStopped, canPause }: RotationControlsProps) {
  return (
    <div className={styles.controls}>
      <button type="button" className={styles.button} onClick={onPrevious} aria-label={`Previous ${itemName}`}>
        <span aria-hidden="true">‹</span>
      </button>
      {canPause && (
        <button type="button" className={styles.button} onClick={onToggleStopped} aria-label={stopped ? `Resume ${itemName} rotation` : `Pause ${itemName} rotation`}>
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
      )}
      <button type="button" className={styles.button} onClick={onNext} aria-label={`Next ${itemName}`}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
