import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { ConciergePage } from '../pages/ConciergePage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_marketing/ConciergePage'>> = ConciergePage;
export default exposed;
