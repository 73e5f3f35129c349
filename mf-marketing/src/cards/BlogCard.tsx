import { Link } from 'react-router-dom';
import { formatBlogDate, type BlogItem } from '../content/blog';
import styles from './Cards.module.css';

export function BlogCard({ post }: { post: BlogItem }) {
  return (
    <article className={styles.mediaCard}>
      <img className={styles.illustration} src={post.image} width={320} height={180} alt="" loading="lazy" />
      <div className={styles.body}>
        <time className={styles.category} dateTime={post.date}>
          {formatBlogDate(post.date)}
        </time>
        <h3 className={styles.title}>
          <Link to={post.link} className={styles.titleLink}>
            {post.title}
          </Link>
        </h3>
        <p className={styles.text}>{post.excerpt}</p>
      </div>
    </article>
  );
}
