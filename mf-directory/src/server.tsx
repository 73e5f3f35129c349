// The server build of this remote (dist/server/render.js): the directory's public pages, for the shell's server
// to render to HTML with their data (usePageData). The same components as the exposes, keyed alike.
import '@sciexperts/ui/serverPublicPath';
import type { RemoteServerBuild } from '@sciexperts/shared';
import SearchPage from './exposes/SearchPage';
import SubjectPage from './exposes/SubjectPage';
import ExpertProfilePage from './exposes/ExpertProfilePage';

export const modules: RemoteServerBuild['modules'] = {
  './SearchPage': SearchPage,
  './SubjectPage': SubjectPage,
  './ExpertProfilePage': ExpertProfilePage,
};
