// The compile hint on the chunks that hold React DOM (scripts/webpack/compileHints.cjs). Run by `npm test` (node --test).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { CompileHintsPlugin, COMPILE_HINT } = require('../webpack/compileHints.cjs');

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sciexperts-compile-hints-'));
after(() => fs.rmSync(base, { recursive: true, force: true }));

const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  fs.writeFileSync(path.join(base, file), text);
};

test('the hint heads the minified chunk that holds React DOM, and no other', async () => {
  write('node_modules/react-dom/index.js', '/* kept? */ export function hydrate(x) { return x * 2; }\n');
  write('src/page.js', 'export function page(x) { return x + 1; }\n');
  write('src/index.js', "import('react-dom').then((m) => console.log(m.hydrate(1))); import('./page').then((m) => console.log(m.page(1)));\n");
  const stats = await new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: base,
        entry: './src/index.js',
        output: { path: path.join(base, 'dist'), filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js' },
        plugins: [new CompileHintsPlugin({ test: (file, resources) => resources.some((resource) => /[\\/]react-dom[\\/]/.test(resource)) })],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  const files = fs.readdirSync(path.join(base, 'dist')).filter((file) => file.endsWith('.js'));
  const text = (file) => fs.readFileSync(path.join(base, 'dist', file), 'utf8');
  const hinted = files.filter((file) => text(file).startsWith(COMPILE_HINT));
  assert.equal(hinted.length, 1, files.join(', '));
  assert.match(text(hinted[0]), /return 2\*e/);
  // Added after minification: the comment is the file's first line, and the content hash is the hinted file's.
  for (const file of files.filter((name) => !hinted.includes(name))) assert.doesNotMatch(text(file), /allFunctionsCalledOnLoad/);
});
