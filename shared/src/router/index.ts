// The router as the page shares it: one instance for the shell and every remote (one history, one context),
// and only the parts the slices use. Federation cannot tree-shake a shared package, because it cannot know
// what another slice will import; sharing this module instead of react-router-dom ships the router's code
// for these names and nothing else (about a third of the package). Browser code imports the router from here
// only: a direct import would bundle a second router whose context the shell's routes never provide.
// A slice that needs another part of the router adds it here, and every slice then gets it with the shell.
// The declarative router only (decision 0020, "Round five"): no slice loads data through the router, and its data
// router (createBrowserRouter, RouterProvider) was half of the shared router's code, 17 KB compressed on every page.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { RouteObject } from 'react-router-dom';
