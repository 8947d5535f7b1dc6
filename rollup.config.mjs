// The build (issue "Foundation"): one ES module per element (dist/elements/<name>.js) sharing one core chunk, so
// signals and the session are shared by every element on a page; dist/console.js for the demo host; plotly only in
// a lazy chunk. Writes custom-elements.json and prints each entry's gzip size.
//
// Web Workers: import a module with the `?worker-url` suffix to get the URL of that module built as a worker script,
//   import dnsFileWorkerUrl from './files/dns-file.worker.js?worker-url';
//   const worker = startWorker(dnsFileWorkerUrl); // core/workers/start-worker.ts
// Rollup does not bundle `new Worker(new URL(...))` itself, and a worker cannot share the element chunks (the core
// chunk touches the DOM when it loads), so `workerEntries()` below builds each such module with esbuild into one
// self-contained ES module (its imports and npm packages included), emits it as `chunks/<name>-<hash>.js` (content
// hashed, served as immutable like the other chunks) and answers the import with `import.meta.ROLLUP_FILE_URL_…`,
// a URL relative to the importing chunk. Any module can be an entry (`core/rules/batch-worker.ts` as well as files
// named `*.worker.ts`); the same suffix works in browser tests, where test/web-test-runner.config.mjs bundles the
// worker with esbuild and serves it under /__ec-workers__/. The server's CSP allows `worker-src 'self' blob:` and
// script-src 'self' only, so worker code must not use eval. Types: core/workers/worker-url.d.ts.
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { build as esbuild, transform as esbuildTransform } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve as resolvePath } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { writeManifest } from './elements/custom-elements-manifest.mjs';

const skipTerser = process.env.EC_SKIP_TERSER === '1';
// End-to-end runs build into their own folder, so a test run never serves a build another run is rewriting.
const outputDir = process.env.EC_DIST_DIR || 'dist';

/** Every element folder with an element.ts is an entry. */
function elementEntries() {
  const entries = {};
  for (const name of readdirSync('elements', { withFileTypes: true })) {
    if (name.isDirectory() && existsSync(`elements/${name.name}/element.ts`)) {
      entries[`elements/${name.name}`] = `elements/${name.name}/element.ts`;
    }
  }
  return entries;
}

/**
 * CSS as a minified string (adopted as constructed stylesheets) and fonts as hashed files next to the chunks
 * (`assets/<name>-<hash>.woff2`, served as immutable), referenced by a URL relative to the importing chunk so that
 * an element alone on a partner's page finds its font as well as the demo host does, under `font-src 'self'`.
 */
function assetsAsModules() {
  return {
    name: 'ec-assets-as-modules',
    async load(id) {
      if (id.endsWith('.css')) {
        const css = readFileSync(id, 'utf8');
        const code = skipTerser ? css : (await esbuildTransform(css, { loader: 'css', minify: true })).code;
        return `export default ${JSON.stringify(code)};`;
      }
      if (id.endsWith('.woff2')) {
        const reference = this.emitFile({ type: 'asset', name: basename(id), source: readFileSync(id) });
        return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
      }
      return null;
    },
  };
}

const WORKER_SUFFIX = '?worker-url';
const WORKER_PREFIX = '\0ec-worker-url:';

/**
 * `import url from './x.js?worker-url'` builds x as a self-contained worker script and gives its URL (see the comment
 * at the top of this file).
 */
function workerEntries() {
  return {
    name: 'ec-worker-entries',
    async resolveId(source, importer) {
      if (!source.endsWith(WORKER_SUFFIX)) return null;
      const target = source.slice(0, -WORKER_SUFFIX.length);
      const resolved = await this.resolve(target, importer, { skipSelf: true });
      if (!resolved) this.error(`Cannot resolve the worker entry "${target}" imported by ${importer}`);
      return `${WORKER_PREFIX}${resolved.id}`;
    },
    async load(id) {
      if (!id.startsWith(WORKER_PREFIX)) return null;
      const entry = id.slice(WORKER_PREFIX.length);
      const result = await esbuild({
        entryPoints: [entry],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        minify: !skipTerser,
        write: false,
        metafile: true,
        legalComments: 'none',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        logLevel: 'silent',
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(resolvePath(input));
      const code = result.outputFiles[0].text;
      const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
      const name = basename(entry).replace(/\.(m?[jt]sx?)$/, '');
      const reference = this.emitFile({ type: 'asset', fileName: `chunks/${name}-${hash}.js`, source: code });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}

/** Prints the gzip size of each entry and of the shared and lazy chunks. */
function reportSizes() {
  return {
    name: 'ec-report-sizes',
    generateBundle(_options, bundle) {
      const rows = [];
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && /\.js$/.test(file.fileName)) {
          rows.push({ file: file.fileName, kind: 'worker', raw: file.source.length, gzip: gzipSync(file.source).length });
        }
        if (file.type !== 'chunk') continue;
        const kind = file.isEntry ? 'entry' : file.isDynamicEntry ? 'lazy' : 'shared';
        rows.push({ file: file.fileName, kind, raw: file.code.length, gzip: gzipSync(file.code).length });
      }
      rows.sort((a, b) => a.kind.localeCompare(b.kind) || a.file.localeCompare(b.file));
      const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`.padStart(10);
      console.log('\nBundle sizes (gzip, base 1000):');
      for (const row of rows) console.log(`  ${row.kind.padEnd(6)} ${kb(row.gzip)}  ${row.file}`);
    },
  };
}

/** Files worth compressing: scripts, styles and data (woff2 is compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` next to every emitted script, style and data file, so the reference server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing each request. Brotli at its
 * highest quality costs seconds once at build time and saves bytes on every load.
 */
function precompress() {
  return {
    name: 'ec-precompress',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(options.dir, fileName);
        const content = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/** Writes custom-elements.json from the JSDoc of each elements/<name>/element.ts. */
function customElementsManifest() {
  return {
    name: 'ec-custom-elements-manifest',
    buildStart() {
      writeManifest();
    },
  };
}

/** Terser on every chunk but plotly's: its dist is already minified and terser over it costs ~100 s (NOTES.md). */
function terserExceptPlotly() {
  const base = terser();
  return {
    ...base,
    name: 'ec-terser-except-plotly',
    renderChunk(code, chunk, options, meta) {
      if (/plotly/i.test(chunk.fileName) || chunk.moduleIds.some((id) => /plotly\.js-dist-min/.test(id))) return null;
      return base.renderChunk.call(this, code, chunk, options, meta);
    },
  };
}

/**
 * The libraries every element needs go to the one core chunk with core/ (so signals, the session, i18n and the theme
 * are shared by every element on a page): React, r2wc, signals, i18next, the formatter. Everything else, PrimeReact
 * components included, is left to rollup, which puts each module in the chunk of the elements that import it, so
 * an element downloads the components it shows and no other (issue "every page loads only what it shows").
 */
const SHARED_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|@preact[\\/]signals[^\\/]*|@r2wc[\\/][^\\/]+|i18next|@formatjs[\\/][^\\/]+|intl-messageformat|tslib|@babel[\\/]runtime)[\\/]/;
const FEATURE_CORE = /[\\/]core[\\/](x509|match)[\\/]/;

function manualChunks(id) {
  if (SHARED_PACKAGES.test(id)) return 'core';
  if (id.includes('/core/') && !id.includes('/node_modules/') && !FEATURE_CORE.test(id) && !id.includes('/core/ui/parts/')) return 'core';
  return undefined;
}

const input = { ...elementEntries() };
if (existsSync('demo/host/main.ts')) input.console = 'demo/host/main.ts';

export default {
  input,
  output: {
    dir: outputDir,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    assetFileNames: 'assets/[name]-[hash][extname]',
    manualChunks,
    sourcemap: false,
  },
  onwarn(warning, warn) {
    // PrimeReact marks its modules "use client"; meaningless outside React Server Components.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
    warn(warning);
  },
  plugins: [
    customElementsManifest(),
    workerEntries(),
    assetsAsModules(),
    json(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    typescript({
      tsconfig: './tsconfig.json',
      include: ['core/**/*.ts', 'core/**/*.tsx', 'elements/**/*.ts', 'elements/**/*.tsx', 'demo/host/**/*.ts', 'demo/host/**/*.tsx', '*.d.ts', 'core/types.d.ts'],
      exclude: ['test/**', 'demo/server/**'],
      compilerOptions: { noEmit: false, declaration: false, sourceMap: false, incremental: false },
      noEmitOnError: false,
    }),
    ...(skipTerser ? [] : [terserExceptPlotly()]),
    reportSizes(),
    // The end-to-end build (unminified, EC_SKIP_TERSER) is served plain; the shipped build is served precompressed.
    ...(skipTerser ? [] : [precompress()]),
  ],
};
