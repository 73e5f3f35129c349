// `npm run dev` only: every app's `react-refresh/runtime` resolves here (createConfig.cjs aliases it).
// The shell and each remote bundle their own copy of the runtime, but fast refresh needs one per page: the
// instance that React's renderer (the shared react-dom) reports its roots to must also hold the component
// families the remotes register, or a remote's edit re-renders nothing. The first app to load keeps its
// instance on the page; every later one uses that instance instead of its own.
const key = '__sciexpertsReactRefreshRuntime';

// `react-refresh` (the package root) is the same runtime module; the alias only matches `react-refresh/runtime`.
module.exports = globalThis[key] || (globalThis[key] = require('react-refresh'));
