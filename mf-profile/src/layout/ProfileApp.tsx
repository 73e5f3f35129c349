import { Navigate, Route, Routes } from 'react-router-dom';
import { ProfileEditor } from '../editor/ProfileEditor';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { ProfileLayout } from './ProfileLayout';
import { profilePages } from './profilePages';

/** Everything under /profile; rendered by the shell inside its router. Routes come from profilePages, like the sidebar. */
export function ProfileApp() {
  return (
    <Routes>
      <Route element={<ProfileLayout />}>
        <Route index element={<ProfileEditor />} />
        {profilePages
          .filter((page) => page.path !== '')
          .map((page) => (
            <Route key={page.path} path={page.path} element={<PlaceholderPage title={page.title} description={page.description} />} />
          ))}
        {/* The original sidebar linked /profile/browse; old bookmarks still arrive there. */}
        <Route path="browse" element={<Navigate to="/profile/browse-projects" replace />} />
        <Route path="*" element={<PlaceholderPage title="Page not found" description="There is no such page in your profile area." />} />
      </Route>
    </Routes>
  );
}
