import { type ComponentType } from 'react';
import { Link, Navigate, Route, Routes } from '@sciexperts/shared/router';
import BillingPage from '../exposes/BillingPage';
import BrowseProjectsPage from '../exposes/BrowseProjectsPage';
import CreateProjectPage from '../exposes/CreateProjectPage';
import FreelancerDashboard from '../exposes/FreelancerDashboard';
import MyProjectsPage from '../exposes/MyProjectsPage';
import OwnerDashboard from '../exposes/OwnerDashboard';
import PaymentDetailsPage from '../exposes/PaymentDetailsPage';
import ProjectPage from '../exposes/ProjectPage';
import ProjectsPage from '../exposes/ProjectsPage';
import ProposalsPage from '../exposes/ProposalsPage';
import WorkspacePage from '../exposes/WorkspacePage';
import { memberRoutes, projectRoutes, PROJECTS_PATH, type MemberExpose, type PublicExpose } from '../routing';

const pages: Record<PublicExpose | MemberExpose, ComponentType> = {
  ProjectsPage,
  ProjectPage,
  CreateProjectPage,
  MyProjectsPage,
  BrowseProjectsPage,
  ProposalsPage,
  FreelancerDashboard,
  OwnerDashboard,
  WorkspacePage,
  PaymentDetailsPage,
  BillingPage,
};

/** This remote alone, on the routes the shell gives its exposes (the same tables; member pages under /profile). */
export function StandaloneApp() {
  return (
    <main>
      <Routes>
        {projectRoutes.map(({ path, expose }) => {
          const Page = pages[expose];
          return <Route key={path} path={path} element={<Page />} />;
        })}
        {memberRoutes.map(({ path, expose }) => {
          const Page = pages[expose];
          return <Route key={path} path={`/profile/${path}`} element={<Page />} />;
        })}
        <Route path="/" element={<Navigate to={PROJECTS_PATH} replace />} />
        <Route
          path="*"
          element={
            <p>
              Projects live at <Link to={PROJECTS_PATH}>{PROJECTS_PATH}</Link>.
            </p>
          }
        />
      </Routes>
    </main>
  );
}
