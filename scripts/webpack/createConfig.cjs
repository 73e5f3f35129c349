// One webpack configuration for the shell and every remote, so the five builds cannot drift apart.
const path = require('node:path');
const zlib = require('node:zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createShareList } = require('./shareList.cjs');
const { CompileHintsPlugin } = require('./compileHints.cjs');

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
};

const withRefresh = (options) => ({
  ...options,
  jsc: { ...options.jsc, transform: { react: { ...options.jsc.transform.react, refresh: true } } },
});

/**
 * `npm run dev` (webpack-dev-server, env.WEBPACK_SERVE): fast refresh. Every app's `react-refresh/runtime`
 * resolves to one page-wide instance (refreshRuntime.cjs) and one refresh namespace, so a remote's
 * components register with the runtime that React's renderer reports to (see docs/decisions).
 * Loaded only there: production builds never require these plugins.
 */
function refreshSetup() {
  const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
  const singleton = path.join(__dirname, 'refreshRuntime.cjs');
  return {
    alias: { 'react-refresh/runtime$': singleton },
    plugin: new ReactRefreshPlugin({ overlay: false, library: 'sciexperts', exclude: [/node_modules/, singleton] }),
  };
}

/** webpack's own minimizer plugin (the one it uses by default), told to minify with @swc/core. */
function swcMinimizer() {
  const webpackDir = path.dirname(require.resolve('webpack/package.json'));
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
  return new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } });
}

/**
 * @param {object} options
 * @param {string} options.dir          the workspace folder
 * @param {string} options.name         federation container name (mf_chat, shell …)
 * @param {Record<string,string>} [options.exposes]
 * @param {boolean} [options.isHost]    the shell: fixed public path, no exposes
 * @param {string} [options.title]      standalone page title
 * @param {boolean} [options.serverRender] also build `dist/server/render.js` from `src/server.tsx`: the
 *   shell's server renders public pages with it (decision 0018)
 * @param {boolean} [options.ownRuntime] a remote whose remoteEntry.js carries its own federation runtime core
 *   instead of using the page's (the chat, which integrators load into pages that have no shell; decision 0021)
 */
function createConfig({ dir, name, exposes = {}, isHost = false, title = 'SciExperts', serverRender = false, ownRuntime = false }) {
  const client = clientConfig({ dir, name, exposes, isHost, title, serverRender, ownRuntime });
  return (env, argv) => {
    const production = argv.mode !== 'development';
    // The dev server serves the browser build only: `npm run dev` renders in the browser, and its remotes
    // carry their own runtime (see usesPageRuntime).
    if (env?.WEBPACK_SERVE) return client(env, argv);
    const configs = [client(env, argv)];
    if (usesPageRuntime({ isHost, ownRuntime, production })) configs.push(runtimeProviderConfig({ dir, name }));
    if (serverRender) configs.push(serverConfig({ dir, name, isHost, production }));
    return configs.length === 1 ? configs[0] : configs;
  };
}

/**
 * Whether a remote's build leaves `@module-federation/runtime-core` out and uses the one the page provides
 * (`experiments.externalRuntime`, the global `_FEDERATION_RUNTIME_CORE`): the shell provides it
 * (shell/src/federation/runtimeCore.ts), and the remote's own standalone page loads `federation-runtime.js`
 * first. Production builds only: under the dev server each remote keeps its own copy, which costs nothing there.
 */
const usesPageRuntime = ({ isHost, ownRuntime, production }) => !isHost && !ownRuntime && production;

/** The standalone page's first script: it provides the federation runtime core the remote's build leaves out. */
const RUNTIME_PROVIDER_FILE = 'federation-runtime.js';

/**
 * `federation-runtime.js`, a build of its own (a federation build externalises runtime-core everywhere in its
 * compilation, so it cannot also provide it). Only the remote's standalone page loads it; the composed site
 * never does, the shell provides the runtime there.
 */
function runtimeProviderConfig({ dir, name }) {
  return {
    name: `${name}-runtime`,
    mode: 'production',
    context: dir,
    entry: { 'federation-runtime': path.join(__dirname, 'federationRuntimeProvider.js') },
    target: 'web',
    devtool: false,
    output: { path: path.join(dir, 'dist'), filename: RUNTIME_PROVIDER_FILE, clean: false },
    plugins: precompressed(/\.js$/),
    performance: { hints: false },
    optimization: { minimizer: [swcMinimizer()] },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/** A `.gz` and a `.br` beside every file `test` matches, for the static server to send by Accept-Encoding. */
function precompressed(test) {
  return [
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test, threshold: 0, minRatio: 1 }),
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 0,
      minRatio: 1,
    }),
  ];
}

/** Where images go: the server build computes the same URLs as the browser build. */
const assetModuleFilename = 'assets/[name].[contenthash:10][ext]';

/** CSS Module class names: the browser and server builds must name every class alike. */
const cssModuleNames = (name, production) => (production ? `${name}_[hash:base64:6]` : `${name}__[name]__[local]`);

/**
 * The Node build of a slice's public pages: one CommonJS file, `server/render.js`, beside the browser build.
 * A remote's leaves the shared packages (React, the router, zustand, @sciexperts/shared) to whoever loads it,
 * so its components run on the shell server's single React, as the browser build uses the shell's through
 * federation. Stylesheets are not emitted (the browser build's are linked), only their class names; asset
 * URLs are the browser build's, under the public path the loader sets (src/server/publicPath.ts).
 */
function serverConfig({ dir, name, isHost, production }) {
  const webpack = require('webpack');
  const sharedRequests = new Set(require('./shareList.cjs').sharedRequests);
  return {
    name: `${name}-server`,
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { render: './src/server.tsx' },
    target: 'node20',
    devtool: false,
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '',
      filename: 'server/[name].js',
      assetModuleFilename,
      library: { type: 'commonjs2' },
      clean: false,
    },
    externalsType: 'commonjs',
    externals: isHost
      ? []
      : [({ request }, callback) => (sharedRequests.has(request) ? callback(null, request) : callback())],
    // Sockets open in effects, which never run on the server: the socket client stays out of the server build.
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: { 'socket.io-client': false } },
    module: {
      rules: [
        { test: /\.[cm]?[jt]sx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions } },
        {
          test: /\.css$/,
          use: {
            loader: 'css-loader',
            options: { modules: { auto: true, namedExport: false, exportLocalsConvention: 'as-is', exportOnlyLocals: true, localIdentName: cssModuleNames(name, production) } },
          },
        },
        { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    performance: { hints: false },
    optimization: { minimize: false, moduleIds: 'deterministic', splitChunks: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

function clientConfig({ dir, name, exposes, isHost, title, serverRender, ownRuntime }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const refresh = !production && Boolean(_env?.WEBPACK_SERVE) ? refreshSetup() : null;
    const pageRuntime = usesPageRuntime({ isHost, ownRuntime, production });
    const compressible = /\.(js|css|html|json|svg|txt|map)$/;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      // No eval-based source maps under the dev server: its pages carry the production CSP (no 'unsafe-eval').
      devtool: production ? false : refresh ? 'cheap-module-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename,
        // The server build and the runtime provider's write into the same folder, in parallel.
        clean: serverRender || pageRuntime ? { keep: /^(server\/|federation-runtime\.js)/ } : true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], ...(refresh ? { alias: refresh.alias } : {}) },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: refresh ? withRefresh(swcOptions) : swcOptions },
          },
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: true,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    // Prefixing with the slice name keeps class names from colliding across remotes.
                    localIdentName: cssModuleNames(name, production),
                  },
                },
              },
            ],
          },
          { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: createShareList(),
          // Every shared package is a singleton the shell provides, so the first registered copy is the one to
          // use. The default ('version-first') fetches and starts every registered remote's entry to compare
          // versions the first time a lazy chunk consumes a shared module: a member page would load all six
          // remote entries, and one remote that is down would fail a page that does not use it.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // Remotes never load remotes themselves (only the shell does, from the registry's manifests), so
          // their remoteEntry.js can leave out the runtime's remote-loading and manifest-snapshot code:
          // 28 KB -> 20 KB gzip for every remote entry a page loads.
          // pageRuntime: the entry uses the page's runtime core instead of carrying one (decision 0021).
          // target 'web': these builds only run in browsers, so the runtime's Node script loader (vm, node:module)
          // is left out.
          experiments: isHost
            ? { optimization: { target: 'web' } }
            : { externalRuntime: pageRuntime, optimization: { disableRemote: true, disableSnapshot: true, target: 'web' } },
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          // The site's mark as its icon (the header's logo); without one, every page load logs a 404 for /favicon.ico.
          favicon: path.join(__dirname, 'favicon.svg'),
          scriptLoading: 'defer',
          chunks: ['main'],
          // Deferred scripts run in document order: the template's runtime provider before the injected main.
          federationRuntime: pageRuntime ? RUNTIME_PROVIDER_FILE : null,
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
          // Every stylesheet but the tokens (custom properties, loaded first by each entry) is a CSS Module with classes
          // of its own. The order in which chunks bring them matters only where two modules' classes meet on one
          // element, and the shared ones are written not to depend on it (Modal's reset is :where(), zero specificity).
          // So the plugin's "conflicting order" warnings (ui modules reached from several exposes) are noise here; this
          // is its documented option for CSS Modules.
          ignoreOrder: true,
        }),
        ...(refresh ? [refresh.plugin] : []),
        ...(production ? [new CompileHintsPlugin({ test: (file, resources, chunkName) => chunkName === 'main' || resources.some((r) => /[\\/]react-dom[\\/]/.test(r)) }), ...precompressed(compressible)] : []),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // Every build minifies its own copies of react-dom and the router (the shared fallbacks); swc's
        // minifier does that several times faster than terser for about the same bytes.
        minimizer: [swcMinimizer()],
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'error' },
    };
  };
}

module.exports = { createConfig, precompressed, swcMinimizer };
