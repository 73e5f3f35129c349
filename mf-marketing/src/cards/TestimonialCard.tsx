import { type Testimonial } from '../content/testimonials';
import styles from './Cards.module.css';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.quoteCard}>
      <blockquote className={styles.quote}>
        <p>{testimonial.comment}</p>
      </blockquote>
      <figcaption>
        <span className={styles.quoteName}>{testimonial.name}</span>
        <span className={styles.quoteRole}>
          {testimonial.position}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  );
}
