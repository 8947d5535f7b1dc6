/**
 * Starts the reference server: `npm start` (after the build) or `npx tsx demo/server/main.ts`. Configuration comes
 * from the environment (see config.ts): PORT, HOST, DB_PATH, FRAME_ANCESTORS, DIST_DIR, EC_SEED_LANGUAGE, LOG_STORE,
 * LOG_DB_PATH, CLICKHOUSE_URL, SMTP_URL, MAIL_FROM, EC_SIMULATOR_RATE and EC_SIMULATOR_SEED (the edge traffic simulator); LOG_LEVEL sets
 * the request log's level (default info). EC_OEM_CONFIG names a JSON file `{ "<host name or *>": { title, assets,
 * modulesSettings } }` stored as the OEM configuration at start (checked by core/rules/oem.ts; refused otherwise).
 */
import { readFileSync } from 'node:fs';
import { buildServer } from './app.js';
import { saveOemConfig, type OemConfigInput } from './features/account/oem-store.js';
import { DEFAULT_SIMULATOR_SEED } from './features/logs/simulator/index.js';
import { CONSOLE_BASE, readConfig } from './platform/config.js';
import { demoSignInLines } from './platform/demo-accounts.js';

const config = readConfig();
const app = await buildServer({
  dbPath: config.dbPath,
  distDir: config.distDir,
  hostIndexPath: config.hostIndexPath,
  frameAncestors: config.frameAncestors,
  trustProxy: config.trustProxy,
  corsOrigins: config.corsOrigins,
  seedLanguage: config.seedLanguage,
  logStoreOptions: config.logStore,
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  // A short pause between job steps keeps progress visible in the console's task list.
  jobStepDelayMs: 200,
  simulator: config.simulatorRate > 0 && { rate: config.simulatorRate, seed: config.simulatorSeed ?? DEFAULT_SIMULATOR_SEED },
});

if (process.env.EC_OEM_CONFIG) {
  const hosts = JSON.parse(readFileSync(process.env.EC_OEM_CONFIG, 'utf8')) as Record<string, OemConfigInput>;
  for (const [host, input] of Object.entries(hosts)) saveOemConfig(app.db, host, input);
}

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const consoleUrl = `http://localhost:${port}${CONSOLE_BASE}/`;
console.log(
  [
    '',
    `Edge console: ${consoleUrl}  (listening on ${config.host}:${port}, database ${config.dbPath})`,
    ...demoSignInLines(consoleUrl, config.seedLanguage),
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
