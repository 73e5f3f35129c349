import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { ExpertProfilePage } from '../profile/ExpertProfilePage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_directory/ExpertProfilePage'>> = ExpertProfilePage;
export default exposed;
