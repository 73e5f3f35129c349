import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { AccountSettingsPage } from '../settings/AccountSettingsPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_profile/AccountSettingsPage'>> = AccountSettingsPage;
export default exposed;
