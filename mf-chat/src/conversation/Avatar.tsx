import styles from './Avatar.module.css';

export interface AvatarProps {
  name: string;
  url: string | null;
  size?: 'small' | 'large';
}

/** The member's picture, or their initials when they have none. Decorative: the name is always shown next to it. */
export function Avatar({ name, url, size = 'large' }: AvatarProps) {
  const cls = `${styles.avatar} ${size === 'small' ? styles.small : styles.large}`;
  if (url) return <img className={cls} src={url} alt="" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span className={cls} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
