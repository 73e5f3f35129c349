import { Navigate, Route, Routes } from 'react-router-dom';
import { ProfileLayout } from './ProfileLayout';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { profilePages } from './profilePages';

/** Everything under /profile; rendered by the shell inside its router. */
export function ProfileApp() {
  return (
    <Routes>
      <Route element={<ProfileLayout />}>
        {profilePages.map((page) => (
          <Route key={page.path} index={page.path === ''} path={page.path || undefined} element={<PlaceholderPage title={page.title} description={page.description} />} />
        ))}
        <Route path="browse" element={<Navigate to="/profile/browse-projects" replace />} />
        <Route path="*" element={<PlaceholderPage title="Page not found" description="There is no such page in your profile area." />} />
      </Route>
    </Routes>
  );
}
