// The server build of this remote (dist/server/render.js): its public pages, for the shell's server to render
// to HTML. The same components as the exposes, keyed alike; pages not listed here render in the browser only.
import '@sciexperts/ui/serverPublicPath';
import type { RemoteServerBuild } from '@sciexperts/shared';
import HomePage from './exposes/HomePage';
import HowItWorksPage from './exposes/HowItWorksPage';
import JoinExpertPage from './exposes/JoinExpertPage';
import SolutionPage from './exposes/SolutionPage';
import ServicePage from './exposes/ServicePage';
import ConciergePage from './exposes/ConciergePage';
import BlogIndexPage from './exposes/BlogIndexPage';
import BlogPostPage from './exposes/BlogPostPage';
import StoryPage from './exposes/StoryPage';
import FaqPage from './exposes/FaqPage';
import LegalPage from './exposes/LegalPage';
import DevelopersPage from './exposes/DevelopersPage';

export const modules: RemoteServerBuild['modules'] = {
  './HomePage': HomePage,
  './HowItWorksPage': HowItWorksPage,
  './JoinExpertPage': JoinExpertPage,
  './SolutionPage': SolutionPage,
  './ServicePage': ServicePage,
  './ConciergePage': ConciergePage,
  './BlogIndexPage': BlogIndexPage,
  './BlogPostPage': BlogPostPage,
  './StoryPage': StoryPage,
  './FaqPage': FaqPage,
  './LegalPage': LegalPage,
  './DevelopersPage': DevelopersPage,
};
