import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { CallsPage } from '../calls/CallsPage';

// Typed against the shared expose map: the member area's /profile/calls.
const exposed: ComponentType<ExposedProps<'mf_profile/CallsPage'>> = CallsPage;
export default exposed;
