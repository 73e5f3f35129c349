import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { BlogPostPage } from '../pages/BlogPostPage';

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_marketing/BlogPostPage'>> = BlogPostPage;
export default exposed;
