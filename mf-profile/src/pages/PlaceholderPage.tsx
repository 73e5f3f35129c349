import type { PlaceholderPageProps } from '@sciexperts/shared';
import { PageTitle } from './PageTitle';

/** A member-area page with no content of its own yet; the shell's page list says which title and text. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <section aria-labelledby="profile-page-title">
      <PageTitle title={title} />
      <h1 id="profile-page-title">{title}</h1>
      <p>{description}</p>
    </section>
  );
}
