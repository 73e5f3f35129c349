import { PROJECT_PAGES } from '@sciexperts/shared';
import { projectRoutes } from './routing';

describe('the sitemap list in the shared contract', () => {
  it('names exactly the public pages of mf-projects that have no parameter (one project needs a session)', () => {
    const served = projectRoutes.map((route) => route.path).filter((path) => !path.includes(':'));
    expect([...PROJECT_PAGES].sort()).toEqual(served.sort());
  });
});
