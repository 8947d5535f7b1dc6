/**
 * Writes days of simulated edge traffic into the log store (issue 24 backfill), so a fresh demo has history to search,
 * chart and download: `npm run logs:backfill -- --days 7 [--rate 20] [--seed 1] [--attack-share 0.05]`. It opens the
 * database and log store the server uses (DB_PATH, LOG_STORE, LOG_DB_PATH, CLICKHOUSE_URL) and generates in bulk,
 * without timers.
 */
import { parseArgs } from 'node:util';
import { buildServer } from './app.js';
import { readConfig, readNonNegative } from './platform/config.js';
import { backfillLogs, DEFAULT_ATTACK_SHARE, DEFAULT_SIMULATOR_RATE, DEFAULT_SIMULATOR_SEED } from './features/logs/simulator/index.js';

const { values } = parseArgs({
  options: { days: { type: 'string' }, rate: { type: 'string' }, seed: { type: 'string' }, 'attack-share': { type: 'string' } },
});
const days = readNonNegative('--days', values.days, 7);
const rate = readNonNegative('--rate', values.rate, DEFAULT_SIMULATOR_RATE);
const seed = Math.trunc(readNonNegative('--seed', values.seed, DEFAULT_SIMULATOR_SEED));
const attackShare = readNonNegative('--attack-share', values['attack-share'], DEFAULT_ATTACK_SHARE);
if (attackShare > 1) throw new Error(`--attack-share must be 0-1, got "${values['attack-share']}"`);

const config = readConfig();
const app = await buildServer({ dbPath: config.dbPath, seedLanguage: config.seedLanguage, logStoreOptions: config.logStore });
await app.ready();
const store = app.logStore;
const now = app.now();
console.log(`Backfilling ${days} day(s) at ${rate} requests/s (seed ${seed}, attack share ${attackShare}) into ${store.engine}, database ${config.dbPath}`);
let lastReport = 0;
const result = await backfillLogs({
  db: app.db,
  store,
  now,
  days,
  rate,
  seed,
  attackShare,
  onProgress(written, upTo) {
    const at = performance.now();
    if (at - lastReport < 2000) return;
    lastReport = at;
    console.log(`  ${written.toLocaleString('en-US')} rows, up to ${new Date(upTo).toISOString()}`);
  },
});
await app.close();
const seconds = result.ms / 1000;
console.log(
  `Wrote ${result.rows.toLocaleString('en-US')} rows (${result.requests.toLocaleString('en-US')} requests, ${result.bans} bans) in ${seconds.toFixed(1)} s: ` +
    `${Math.round(result.rows / seconds).toLocaleString('en-US')} rows/s`,
);
