import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { StepUpDialog } from '../security/StepUpDialog';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_auth/StepUpDialog'>> = StepUpDialog;
export default exposed;
