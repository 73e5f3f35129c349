import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { CallPicker } from '../calls/CallPicker';

// Typed against the shared expose map: the shell opens it for any remote's 'Schedule a call'.
const exposed: ComponentType<ExposedProps<'mf_profile/CallPicker'>> = CallPicker;
export default exposed;
