// A module imported with the `?worker-url` suffix is built as its own self-contained worker script, and the import
// gives its URL (rollup.config.mjs for the build, test/web-test-runner.config.mjs for browser tests). Start it with
// `startWorker()` from `core/workers/start-worker.ts`.
declare module '*?worker-url' {
  const url: string;
  export default url;
}
