import { type ComponentType } from 'react';
import { Route, Routes } from '@sciexperts/shared/router';
import BlogIndexPage from '../exposes/BlogIndexPage';
import BlogPostPage from '../exposes/BlogPostPage';
import DevelopersPage from '../exposes/DevelopersPage';
import ConciergePage from '../exposes/ConciergePage';
import FaqPage from '../exposes/FaqPage';
import HomePage from '../exposes/HomePage';
import HowItWorksPage from '../exposes/HowItWorksPage';
import JoinExpertPage from '../exposes/JoinExpertPage';
import LegalPage from '../exposes/LegalPage';
import ServicePage from '../exposes/ServicePage';
import SolutionPage from '../exposes/SolutionPage';
import StoryPage from '../exposes/StoryPage';
import { marketingRoutes, type MarketingExpose } from '../routing/routeTable';

const pages: Record<MarketingExpose, ComponentType> = {
  HomePage,
  HowItWorksPage,
  JoinExpertPage,
  SolutionPage,
  ServicePage,
  ConciergePage,
  BlogIndexPage,
  BlogPostPage,
  StoryPage,
  FaqPage,
  LegalPage,
  DevelopersPage,
};

/** This remote alone, on the routes the shell gives its exposes (the same table). */
export function StandaloneApp() {
  return (
    <main>
      <Routes>
        {marketingRoutes.map(({ path, expose }) => {
          const Page = pages[expose];
          return <Route key={path} path={path} element={<Page />} />;
        })}
      </Routes>
    </main>
  );
}
