import { type ComponentType } from 'react';
import { Link, Navigate, Route, Routes } from '@sciexperts/shared/router';
import ExpertProfilePage from '../exposes/ExpertProfilePage';
import SearchPage from '../exposes/SearchPage';
import SubjectPage from '../exposes/SubjectPage';
import { directoryRoutes, SEARCH_PATH, type DirectoryExpose } from '../routing';

const pages: Record<DirectoryExpose, ComponentType> = { SearchPage, SubjectPage, ExpertProfilePage };

/** This remote alone, on the routes the shell gives its exposes (the same table). */
export function StandaloneApp() {
  return (
    <main>
      <Routes>
        {directoryRoutes.map(({ path, expose }) => {
          const Page = pages[expose];
          return <Route key={path} path={path} element={<Page />} />;
        })}
        <Route path="/" element={<Navigate to={SEARCH_PATH} replace />} />
        <Route
          path="*"
          element={
            <p>
              The directory lives at <Link to={SEARCH_PATH}>{SEARCH_PATH}</Link>.
            </p>
          }
        />
      </Routes>
    </main>
  );
}
