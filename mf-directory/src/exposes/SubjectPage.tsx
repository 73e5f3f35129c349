import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { SubjectPage } from '../subjects/SubjectPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_directory/SubjectPage'>> = SubjectPage;
export default exposed;
