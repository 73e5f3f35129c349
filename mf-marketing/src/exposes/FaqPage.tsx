import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { FaqPage } from '../pages/FaqPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_marketing/FaqPage'>> = FaqPage;
export default exposed;
