import { screen, within } from '@testing-library/react';
import { blogItems } from '../content/blog';
import { blogPosts } from '../content/blogPosts';
import { expectSizedImages, expectSoundOutline, renderRoute, structuredData } from '../test/renderRoute';

describe('the blog index', () => {
  it('lists every post, newest first, each linking to its page', () => {
    const { main } = renderRoute('/blog');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 });
    expect(titles.map((title) => title.textContent)).toEqual(['Research institutions go on demand', 'Trends in freelance science', 'How to choose the right scientific consultant']);
    for (const item of blogItems) expect(screen.getByRole('link', { name: item.title })).toHaveAttribute('href', item.link);
    expect(document.title).toBe('Blog | SciExperts');
    expectSoundOutline(main);
    expectSizedImages(main);
  });
});

describe.each(blogPosts.map((post) => [post.link, post] as const))('the post at %s', (path, post) => {
  it('shows title, author, date, reading time and a body with headings', () => {
    const { main } = renderRoute(path);
    const article = screen.getByRole('article', { name: post.title });
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent(post.title);
    expect(article).toHaveTextContent(`By ${post.author.name}, ${post.author.role}`);
    expect(within(article).getByText(/\d+ min read/)).toHaveTextContent(`${post.readingMinutes} min read`);
    expect(article.querySelector(`time[datetime="${post.date}"]`)).not.toBeNull();
    expect(within(article).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(post.sections.map((section) => section.heading));
    expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
    expect(document.title).toBe(`${post.title} | SciExperts`);
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    expectSoundOutline(main);
    expectSizedImages(main);
  });

  it('describes itself as an Article and links to the other posts', () => {
    renderRoute(path);
    expect(structuredData()).toEqual([
      expect.objectContaining({ '@type': 'Article', headline: post.title, datePublished: post.date, author: expect.objectContaining({ name: post.author.name }), mainEntityOfPage: `http://localhost${path}` }),
    ]);
    const more = screen.getByRole('region', { name: 'More from the blog' });
    expect(within(more).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(blogItems.filter((item) => item.link !== path).map((item) => item.link));
  });
});

it('an unknown post says so inside the page and lists the posts', () => {
  renderRoute('/blog/no-such-post');
  expect(screen.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
  expect(screen.getByRole('link', { name: 'Trends in freelance science' })).toHaveAttribute('href', '/blog/trends-freelance-science');
});
