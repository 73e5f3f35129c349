import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { ConfirmEmailPage } from '../email/ConfirmEmailPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_auth/ConfirmEmailPage'>> = ConfirmEmailPage;
export default exposed;
