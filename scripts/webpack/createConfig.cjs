// One webpack configuration for the shell and every remote, so the five builds cannot drift apart.
const path = require('node:path');
const zlib = require('node:zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createShareList } = require('./shareList.cjs');

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
 */
function createConfig({ dir, name, exposes = {}, isHost = false, title = 'SciExperts' }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const refresh = !production && Boolean(_env?.WEBPACK_SERVE) ? refreshSetup() : null;
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
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
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
                    localIdentName: production ? `${name}_[hash:base64:6]` : `${name}__[name]__[local]`,
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
          manifest: true,
          dts: false,
          // Remotes never load remotes themselves (only the shell does, from the registry's manifests), so
          // their remoteEntry.js can leave out the runtime's remote-loading and manifest-snapshot code:
          // 28 KB -> 20 KB gzip for every remote entry a page loads.
          ...(isHost ? {} : { experiments: { optimization: { disableRemote: true, disableSnapshot: true } } }),
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        ...(refresh ? [refresh.plugin] : []),
        ...(production
          ? [
              new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: compressible, threshold: 0, minRatio: 1 }),
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: compressible,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 0,
                minRatio: 1,
              }),
            ]
          : []),
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

module.exports = { createConfig };
