import { Link, useParams } from '@sciexperts/shared/router';
import { BlogCard } from '../cards/BlogCard';
import { formatLongDate } from '@sciexperts/shared';
import { blogPostPath, blogPosts, findBlogPost, type BlogPost } from '../content/blogPosts';
import { absoluteUrl, organizationData, PageMeta } from '../head/PageMeta';
import layout from '../ui/layout.module.css';
import { RichSections } from '../ui/RichText';
import { InPageNotFound } from './InPageNotFound';
import styles from './Page.module.css';

/** /blog/:slug — one post. */
export function BlogPostPage() {
  const { slug } = useParams<{ slug: string }>();
  const post = findBlogPost(slug);
  if (!post) {
    return <InPageNotFound what="Blog post" suggestionsTitle="Our posts" suggestions={[...blogPosts.map((candidate) => ({ label: candidate.title, path: blogPostPath(candidate.id) })), { label: 'All posts', path: '/blog' }]} />;
  }
  return <BlogPostBody post={post} />;
}

function BlogPostBody({ post }: { post: BlogPost }) {
  const path = blogPostPath(post.id);
  const others = blogPosts.filter((candidate) => candidate.id !== post.id);
  return (
    <>
      <PageMeta
        title={post.title}
        description={post.description}
        path={path}
        type="article"
        structuredData={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: post.title,
          description: post.description,
          datePublished: post.date,
          dateModified: post.date,
          author: { '@type': 'Person', name: post.author.name, jobTitle: post.author.role },
          publisher: organizationData(),
          image: absoluteUrl(post.image),
          mainEntityOfPage: absoluteUrl(path),
          timeRequired: `PT${post.readingMinutes}M`,
        }}
      />
      <article aria-labelledby="post-title">
        <div className={styles.intro}>
          <div className={styles.introInner}>
            <p className={styles.eyebrow}>
              <Link to="/blog">Blog</Link>
            </p>
            <h1 id="post-title" className={styles.title}>
              {post.title}
            </h1>
            <p className={styles.lead}>{post.excerpt}</p>
            <ul className={styles.byline} aria-label="About this post">
              <li>
                By {post.author.name}, {post.author.role}
              </li>
              <li>
                <time dateTime={post.date}>{formatLongDate(post.date)}</time>
              </li>
              <li>{post.readingMinutes} min read</li>
            </ul>
          </div>
        </div>
        <div className={styles.body}>
          <img className={styles.figure} src={post.image} width={640} height={360} alt="" />
          <RichSections sections={post.sections} />
        </div>
      </article>
      <div className={styles.body}>
        <section className={styles.wide} aria-labelledby="more-posts">
          <h2 id="more-posts">More from the blog</h2>
          <ul className={layout.cardGrid}>
            {others.map((other) => (
              <li key={other.id}>
                <BlogCard post={other} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
