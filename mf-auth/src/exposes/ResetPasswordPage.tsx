import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { ResetPasswordPage } from '../password/ResetPasswordPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_auth/ResetPasswordPage'>> = ResetPasswordPage;
export default exposed;
