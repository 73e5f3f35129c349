const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { createConfig, precompressed, swcMinimizer } = require('../scripts/webpack/createConfig.cjs');
const { buildScript } = require('../chat-embed/build.cjs');

const remote = createConfig({
  dir: __dirname,
  name: 'mf_chat',
  title: 'SciExperts direct messages (standalone)',
  // Integrators load this remote into pages with their own federation runtime (or none but the embed's),
  // so its remoteEntry.js keeps its own runtime core (decision 0021).
  ownRuntime: true,
  exposes: {
    './DirectMessage': './src/exposes/DirectMessage.tsx',
    // Framework-free: mount(element, options) => unmount; also defines <sciexperts-chat>.
    './mount': './src/exposes/mount.ts',
  },
});

// A second, federation-free build: the integrator example page and its one script, which loads the chat
// through @module-federation/enhanced/runtime exactly as a partner site would. It runs after the remote's
// build (which cleans dist) and writes next to it.
module.exports = (env, argv) => {
  const main = { ...remote(env, argv), name: 'remote' };
  const production = main.mode === 'production';
  const embed = {
    name: 'embed',
    dependencies: ['remote'],
    mode: main.mode,
    context: __dirname,
    entry: { embed: './src/embed/embed.ts' },
    target: 'web',
    devtool: false,
    output: {
      path: main.output.path,
      publicPath: 'auto',
      uniqueName: 'mf_chat_embed',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      clean: false,
    },
    resolve: main.resolve,
    module: { rules: [main.module.rules[0]] },
    plugins: [new HtmlWebpackPlugin({ template: './src/embed/embed-example.html', filename: 'embed-example.html', chunks: ['embed'], scriptLoading: 'defer', inject: 'body' })],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
  // The developers' live example (DEVELOPERS_EXAMPLE.examplePath in the contracts; /developers frames it): a partner
  // page that loads the embed's script from this origin. Federation-free like the one above, its stylesheet a file.
  const developersExample = {
    ...embed,
    name: 'developers-example',
    entry: { developersExample: './src/embed/developersExample.ts' },
    output: { ...embed.output, uniqueName: 'mf_chat_developers_example' },
    module: { rules: [main.module.rules[0], { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }] },
    plugins: [
      new MiniCssExtractPlugin({ filename: production ? '[name].[contenthash:10].css' : '[name].css' }),
      new HtmlWebpackPlugin({ template: './src/embed/developers-example.html', filename: 'developers-example.html', chunks: ['developersExample'], scriptLoading: 'defer', inject: 'body' }),
    ],
  };
  // The embed package's two halves served by this remote (issue 45, chat-embed/README.md): the loader as one script
  // at CHAT_EMBED.scriptPath (the package's own esbuild bundle, so the script and the tarball are the same code), and
  // the runtime it imports once a member is signed in (the federation runtime and mf_chat/mount), an ES module too.
  // Fixed names, served with no-cache: partners' pages name the script, and the script names the runtime.
  const embedRuntime = {
    name: 'embed-runtime',
    dependencies: ['remote'],
    mode: main.mode,
    context: __dirname,
    entry: { 'sciexperts-chat-runtime': './src/embed/runtime.ts' },
    target: 'web',
    devtool: false,
    experiments: { outputModule: true },
    output: {
      path: main.output.path,
      publicPath: 'auto',
      uniqueName: 'mf_chat_embed_runtime',
      filename: '[name].js',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: false,
    },
    resolve: main.resolve,
    module: { rules: [main.module.rules[0]] },
    optimization: { splitChunks: false, ...(production ? { minimizer: [swcMinimizer()] } : {}) },
    plugins: [new EmbedScriptPlugin(), ...(production ? precompressed(/\.js$/) : [])],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
  return [main, embed, developersExample, embedRuntime];
};

/** Emits the loader (chat-embed/src/script.ts bundled by the package's own build) as sciexperts-chat.js. */
class EmbedScriptPlugin {
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmbedScriptPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmbedScriptPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('sciexperts-chat.js', new sources.RawSource(buildScript()), { minimized: true, javascriptModule: true });
      });
      // Rebuilt when the package's sources change (npm run dev, the build's staleness check).
      compilation.hooks.finishModules.tap('EmbedScriptPlugin', () => compilation.contextDependencies.add(require('node:path').join(__dirname, '../chat-embed/src')));
    });
  }
}
