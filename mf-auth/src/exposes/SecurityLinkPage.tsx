import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { SecurityLinkPage } from '../security/SecurityLinkPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_auth/SecurityLinkPage'>> = SecurityLinkPage;
export default exposed;
