import { render } from '@testing-library/react';
import { PageMeta, serialiseJsonLd } from './PageMeta';

const head = () => document.head;
const meta = (selector: string) => head().querySelector(selector)?.getAttribute('content');

describe('PageMeta', () => {
  it('puts the title, description, canonical URL and Open Graph tags into <head> (React 19 hoisting)', () => {
    const { container } = render(
      <div>
        <PageMeta title="Blog" description="Advice on hiring experts." path="/blog" />
      </div>,
    );
    expect(document.title).toBe('Blog | SciExperts');
    expect(meta('meta[name="description"]')).toBe('Advice on hiring experts.');
    expect(head().querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/blog');
    expect(meta('meta[property="og:title"]')).toBe('Blog | SciExperts');
    expect(meta('meta[property="og:description"]')).toBe('Advice on hiring experts.');
    expect(meta('meta[property="og:url"]')).toBe('http://localhost/blog');
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:site_name"]')).toBe('SciExperts');
    // Nothing of it stays in the page body.
    expect(container.querySelector('title, meta, link')).toBeNull();
  });

  it('takes its tags away when the page goes', () => {
    const { unmount } = render(<PageMeta title="Terms" description="The User Agreement." path="/terms" />);
    expect(head().querySelector('link[rel="canonical"]')).not.toBeNull();
    unmount();
    expect(head().querySelector('link[rel="canonical"]')).toBeNull();
    expect(head().querySelector('meta[name="description"]')).toBeNull();
  });

  it('uses a full title as given, and marks in-page not-found states noindex without a canonical URL', () => {
    render(<PageMeta title="SciExperts: hire experts" titleIsFull description="x" path="/nowhere" noIndex structuredData={{ '@type': 'Thing' }} />);
    expect(document.title).toBe('SciExperts: hire experts');
    expect(meta('meta[name="robots"]')).toBe('noindex');
    expect(head().querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('renders structured data as a JSON-LD data block that no text can break out of', () => {
    const { container } = render(<PageMeta title="FAQ" description="x" path="/faq" structuredData={{ '@type': 'FAQPage', name: '</script><script>alert(1)</script>' }} />);
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).not.toContain('</script>');
    expect(JSON.parse(script?.textContent ?? '')).toEqual({ '@type': 'FAQPage', name: '</script><script>alert(1)</script>' });
    expect(serialiseJsonLd({ a: '<' })).toBe('{"a":"\\u003c"}');
  });
});
