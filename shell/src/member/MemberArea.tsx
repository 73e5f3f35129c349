import { Navigate, Route, Routes } from '@sciexperts/shared/router';
import { MemberLayout } from './MemberLayout';
import { MemberNotFound } from './MemberNotFound';
import { MemberPageContent } from './MemberPageContent';
import { useMemberPages } from './useMemberPages';

/** Everything under /profile: the shell's member frame, and one route per page of the list, like the sidebar. */
export function MemberArea() {
  const pages = useMemberPages();
  return (
    <Routes>
      <Route element={<MemberLayout pages={pages} />}>
        {pages.map((page) =>
          page.path === '' ? (
            <Route key="" index element={<MemberPageContent key={page.path} page={page} />} />
          ) : (
            <Route key={page.path} path={page.subPages ? `${page.path}/*` : page.path} element={<MemberPageContent key={page.path} page={page} />} />
          ),
        )}
        {/* The original sidebar linked /profile/browse; old bookmarks still arrive there. */}
        <Route path="browse" element={<Navigate to="/profile/browse-projects" replace />} />
        <Route path="*" element={<MemberNotFound />} />
      </Route>
    </Routes>
  );
}
