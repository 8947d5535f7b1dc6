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
