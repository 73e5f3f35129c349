import { SITE_NAME } from '@sciexperts/ui';

/** The document's title on a member page (React hoists it into <head> and removes it when the page goes). */
export function MemberPageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${SITE_NAME}`}</title>;
}
