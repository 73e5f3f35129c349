import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { DevelopersPage } from '../developers/DevelopersPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_marketing/DevelopersPage'>> = DevelopersPage;
export default exposed;
