import { Link } from '@sciexperts/shared/router';
import { type Story } from '../content/stories';
import styles from './Cards.module.css';

export function StoryCard({ story }: { story: Story }) {
  return (
    <article className={styles.mediaCard}>
      <img className={styles.illustration} src={story.image} width={320} height={180} alt="" loading="lazy" />
      <div className={styles.body}>
        <p className={styles.category}>{story.category}</p>
        <h3 className={styles.title}>
          <Link to={story.link} className={styles.titleLink}>
            {story.title}
          </Link>
        </h3>
        <p className={styles.text}>{story.description}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Cost</dt>
            <dd>{story.cost}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{story.time}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
