import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { ContentPage } from '../pages/ContentPage';

/** /solutions/:slug (the shell registers the route; the page reads `slug` with useParams). */
function SolutionPage() {
  return <ContentPage section="solutions" />;
}

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_marketing/SolutionPage'>> = SolutionPage;
export default exposed;
