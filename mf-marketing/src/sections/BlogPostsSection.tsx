import { useId } from 'react';
import { BlogCard } from '../cards/BlogCard';
import { blogItems } from '../content/blog';
import layout from '../ui/layout.module.css';

export function BlogPostsSection({ title = 'From our blog' }: { title?: string }) {
  const headingId = useId();
  return (
    <section className={layout.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.sectionTitle}>
        {title}
      </h2>
      <ul className={layout.cardGrid}>
        {blogItems.map((post) => (
          <li key={post.id}>
            <BlogCard post={post} />
          </li>
        ))}
      </ul>
    </section>
  );
}
