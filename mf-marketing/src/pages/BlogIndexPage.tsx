import { BlogCard } from '../cards/BlogCard';
import { blogPosts, blogPostPath } from '../content/blogPosts';
import { absoluteUrl, organizationData, PageMeta } from '../head/PageMeta';
import layout from '../ui/layout.module.css';
import styles from './Page.module.css';

export const BLOG_INDEX_DESCRIPTION = 'Practical advice on hiring scientific experts, working as a freelance scientist, and how research organisations use on-demand expertise.';

/** /blog: every post, newest first. */
export function BlogIndexPage() {
  // ISO dates sort as plain strings (and without the ICU collator, which costs a phone a long task on first use).
  const posts = [...blogPosts].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return (
    <>
      <PageMeta
        title="Blog"
        description={BLOG_INDEX_DESCRIPTION}
        path="/blog"
        structuredData={{
          '@context': 'https://schema.org',
          '@type': 'Blog',
          name: 'The SciExperts blog',
          url: absoluteUrl('/blog'),
          publisher: organizationData(),
          blogPost: posts.map((post) => ({ '@type': 'BlogPosting', headline: post.title, datePublished: post.date, url: absoluteUrl(blogPostPath(post.id)) })),
        }}
      />
      <section className={styles.intro} aria-labelledby="blog-title">
        <div className={styles.introInner}>
          <h1 id="blog-title" className={styles.title}>
            Blog
          </h1>
          <p className={styles.lead}>{BLOG_INDEX_DESCRIPTION}</p>
        </div>
      </section>
      <div className={styles.body}>
        <ul className={`${layout.cardGrid} ${styles.wide}`}>
          {posts.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} titleAs="h2" />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
