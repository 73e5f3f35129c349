import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { HowItWorksPage } from '../pages/HowItWorksPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_marketing/HowItWorksPage'>> = HowItWorksPage;
export default exposed;
