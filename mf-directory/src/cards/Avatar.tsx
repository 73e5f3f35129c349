import { initials } from '../format';
import styles from './ExpertCard.module.css';

const SIZES = { card: 72, profile: 144 } as const;

/** The expert's photo at a fixed size (no layout shift), or their initials when there is none. */
export function Avatar({ expert, size }: { expert: { firstName: string; lastName: string; profImgUrl: string | null }; size: keyof typeof SIZES }) {
  const px = SIZES[size];
  const sizeClass = size === 'card' ? styles.sizeCard : styles.sizeProfile;
  if (expert.profImgUrl) {
    return <img className={`${styles.avatar} ${sizeClass}`} src={expert.profImgUrl} alt="" width={px} height={px} loading={size === 'card' ? 'lazy' : 'eager'} decoding="async" />;
  }
  return (
    <span className={`${styles.initials} ${sizeClass}`} aria-hidden="true">
      {initials(expert)}
    </span>
  );
}
