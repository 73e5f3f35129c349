// mf-marketing's head helpers: the shared PageMeta from @sciexperts/ui, plus the Organization this site publishes.
import { SITE_NAME, absoluteUrl, type StructuredData } from '@sciexperts/ui';

export { PageMeta, absoluteUrl, serialiseJsonLd, siteOrigin, type PageMetaProps, type StructuredData } from '@sciexperts/ui';

/** The publisher every Article names, and the home page's Organization. */
export function organizationData(): StructuredData {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: absoluteUrl('/'),
    description: 'An online marketplace where clients find, hire and pay vetted freelance scientific and research experts.',
  };
}
