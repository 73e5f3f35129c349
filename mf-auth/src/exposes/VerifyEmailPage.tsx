import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { VerifyEmailPage } from '../email/VerifyEmailPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_auth/VerifyEmailPage'>> = VerifyEmailPage;
export default exposed;
