// A remote the shell has never heard of, written by hand so the e2e suite needs no extra build: a "global"
// federation container (init + get) whose one expose renders with the React of the page's share scope,
// exactly as a built remote would. The suite registers it only through a test /remotes.json.
(function () {
  var shareScope = null;

  function sharedReact() {
    var versions = (shareScope && shareScope.react) || {};
    var keys = Object.keys(versions);
    if (keys.length === 0) return Promise.reject(new Error('react is not in the share scope'));
    return Promise.resolve(versions[keys[0]].get()).then(function (factory) {
      return factory();
    });
  }

  globalThis.mf_e2e_reviews = {
    init: function (scope) {
      shareScope = scope;
    },
    get: function (expose) {
      if (expose !== './ReviewsPage') return Promise.reject(new Error('mf_e2e_reviews has no ' + expose));
      return sharedReact().then(function (React) {
        var h = React.createElement;
        function ReviewsPage() {
          return h(
            'section',
            { 'aria-labelledby': 'reviews-title' },
            h('h1', { id: 'reviews-title' }, 'Reviews you received'),
            h('p', null, 'Reviews from your clients will appear here.'),
          );
        }
        return function () {
          return { __esModule: true, default: ReviewsPage };
        };
      });
    },
  };
})();
