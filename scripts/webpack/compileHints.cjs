// Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top of the scripts a public
// page runs on its first load, so that Chrome compiles them whole on a background thread while they download,
// instead of compiling each function on the main thread the first time it is called (decision 0020, "Compile hints").
// Other browsers read a comment. Added after minification (which drops comments) and before the content hash and the
// precompressed copies, so the file served, its name and its .gz/.br agree.
const { Compilation, sources } = require('webpack');

const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /** @param {{ test: (file: string, chunkNames: string[]) => boolean }} options which emitted scripts get the hint */
  constructor({ test }) {
    this.test = test;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE }, () => {
        for (const chunk of compilation.chunks) {
          const resources = [...compilation.chunkGraph.getChunkModulesIterable(chunk)].map((module) => module.nameForCondition?.() ?? '');
          for (const file of chunk.files) {
            if (!file.endsWith('.js') || !this.test(file, resources, chunk.name)) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
          }
        }
      });
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT: HINT };
