import { DIRECTORY_PAGES } from '@sciexperts/shared';
import { SEARCH_PATH, subjectPath } from './routing';
import { SUBJECTS } from './subjects/subjects';

describe('the sitemap list in the shared contract', () => {
  it('names exactly the search and every subject page mf-directory serves', () => {
    expect([...DIRECTORY_PAGES].sort()).toEqual([SEARCH_PATH, ...SUBJECTS.map((s) => subjectPath(s.slug))].sort());
  });
});
