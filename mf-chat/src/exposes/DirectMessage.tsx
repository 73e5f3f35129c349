import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { DirectMessage } from '../conversation/DirectMessage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_chat/DirectMessage'>> = DirectMessage;
export default exposed;
