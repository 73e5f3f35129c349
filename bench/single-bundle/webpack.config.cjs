// Benchmark only: the same shell and remote pages built as ONE bundle, without Module Federation,
// to measure what runtime composition costs. The shell's remote loader is swapped for direct imports.
const path = require('node:path');
const { createConfig } = require('../../scripts/webpack/createConfig.cjs');

const root = path.resolve(__dirname, '../..');

module.exports = (env, argv) => {
  const config = createConfig({ dir: path.join(root, 'shell'), name: 'single', isHost: true, title: 'SciExperts (single bundle)' })(env, argv);
  config.output.path = path.join(__dirname, 'dist');
  config.plugins = config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin');
  config.resolve.alias = {
    [path.join(root, 'shell/src/federation/remoteRegistry')]: path.join(__dirname, 'directRemotes.ts'),
    [path.join(root, 'shell/src/federation/runtimeCore')]: path.join(__dirname, 'runtimeCore.ts'),
    '@module-federation/enhanced/runtime$': path.join(__dirname, 'federationRuntime.ts'),
  };
  return config;
};
