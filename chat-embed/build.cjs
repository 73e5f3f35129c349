#!/usr/bin/env node
// Builds the loader with esbuild (ES modules, minified, the contract's constants inlined, no dependency left):
//   dist/index.js            `defineSciexpertsChat(options)` for a partner's own build (npm install)
//   dist/sciexperts-chat.js  the one-script form the chat remote serves at CHAT_EMBED.scriptPath
//   dist/index.d.ts, dist/types.d.ts
// The chat remote's webpack build calls buildScript() to serve the same file (mf-chat/webpack.config.cjs).
const path = require('node:path');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const here = __dirname;
const common = { bundle: true, format: 'esm', target: 'es2022', minify: true, legalComments: 'none', write: false, platform: 'browser' };

/** The bundled loader's code; `entry` is src/index.ts (the package) or src/script.ts (served one script). */
function bundle(entry) {
  const esbuild = require('esbuild');
  const result = esbuild.buildSync({ ...common, entryPoints: [path.join(here, 'src', entry)], outfile: 'out.js' });
  const code = result.outputFiles[0].text;
  // The one dynamic import (the chat's runtime, by URL at run time): a partner's bundler must leave it to the browser.
  const imports = code.split('import(').length - 1;
  if (imports !== 1) throw new Error(`expected one dynamic import in the loader, found ${imports}`);
  return code.replace('import(', 'import(/* webpackIgnore: true */ /* @vite-ignore */ ');
}

const buildScript = () => bundle('script.ts');

function buildPackage() {
  const dist = path.join(here, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.js'), bundle('index.ts'));
  fs.writeFileSync(path.join(dist, 'sciexperts-chat.js'), buildScript());
  // Declarations of the public files only (index and types; they import nothing else).
  const tmp = path.join(here, '.types');
  fs.rmSync(tmp, { recursive: true, force: true });
  const tsc = require.resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json'), '--declaration', '--emitDeclarationOnly', '--noEmit', 'false', '--outDir', tmp], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`tsc: ${run.stdout}${run.stderr}`);
  const emitted = fs.existsSync(path.join(tmp, 'chat-embed')) ? path.join(tmp, 'chat-embed', 'src') : tmp;
  for (const file of ['index.d.ts', 'types.d.ts']) fs.copyFileSync(path.join(emitted, file), path.join(dist, file));
  fs.rmSync(tmp, { recursive: true, force: true });
}

module.exports = { buildScript, bundle };

if (require.main === module) buildPackage();
