import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { PlaceholderPage } from '../pages/PlaceholderPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_profile/PlaceholderPage'>> = PlaceholderPage;
export default exposed;
