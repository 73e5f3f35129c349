import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { PaymentDetailsPage } from '../money/PaymentDetailsPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_projects/PaymentDetailsPage'>> = PaymentDetailsPage;
export default exposed;
