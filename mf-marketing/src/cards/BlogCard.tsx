import { Link } from '@sciexperts/shared/router';
import { formatLongDate } from '@sciexperts/shared';
import { type BlogItem } from '../content/blog';
import styles from './Cards.module.css';

/** `titleAs`: h3 inside a section (the default), h2 where the cards are the page's main list (the blog index). */
export function BlogCard({ post, titleAs: Title = 'h3' }: { post: BlogItem; titleAs?: 'h2' | 'h3' }) {
  return (
    <article className={styles.mediaCard}>
      <img className={styles.illustration} src={post.image} width={320} height={180} alt="" loading="lazy" />
      <div className={styles.body}>
        <time className={styles.category} dateTime={post.date}>
          {formatLongDate(post.date)}
        </time>
        <Title className={styles.title}>
          <Link to={post.link} className={styles.titleLink}>
            {post.title}
          </Link>
        </Title>
        <p className={styles.text}>{post.excerpt}</p>
      </div>
    </article>
  );
}
