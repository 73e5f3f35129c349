import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { ContentPage } from '../pages/ContentPage';

/** /services/:slug (the shell registers the route; the page reads `slug` with useParams). */
function ServicePage() {
  return <ContentPage section="services" />;
}

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_marketing/ServicePage'>> = ServicePage;
export default exposed;
