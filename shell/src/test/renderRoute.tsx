import { render } from '@testing-library/react';
import { RouterProvider, type RouteObject } from 'react-router-dom';
import { createTestRouter } from '../app/router';

export function renderRoute(path: string, extraRoutes: RouteObject[] = []) {
  const router = createTestRouter(path, extraRoutes);
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}
