import { SITE_NAME } from '@sciexperts/ui';

/** The document's title on one of this remote's member pages (React hoists it into <head> and removes it when the page goes). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${SITE_NAME}`}</title>;
}
