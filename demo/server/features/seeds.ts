/**
 * Runs the demo seed modules that have not run on this database yet, in order, each in a transaction. A feature area
 * adds its sample data by appending its module here (after the modules it builds on).
 */
import type { Db } from '../platform/database.js';
import { accountsSeed } from './account/seed.js';
import { bansSeed } from './bans/seed.js';
import { cacheSeed } from './cache/seed.js';
import { certificatesSeed } from './certificates/seed.js';
import { consoleInfoSeed } from './account/console-info-seed.js';
import { dnsSeed } from './dns/seed.js';
import { domainsSeed } from './websites/domains-seed.js';
import { messagesSeed } from './messages/seed.js';
import { plansSeed } from './plans/seed.js';
import type { SeedModule } from '../platform/seed-module.js';
import { wafSeed } from './waf/seed.js';
import { websitesSeed } from './websites/seed.js';

/** Every seed module, in dependency order. */
export const SEED_MODULES: readonly SeedModule[] = [accountsSeed, consoleInfoSeed, plansSeed, domainsSeed, messagesSeed, websitesSeed, dnsSeed, certificatesSeed, wafSeed, cacheSeed, bansSeed];

/** Runs the pending modules; returns the names run now (empty on a restart). */
export function runSeeds(db: Db, now: number, modules: readonly SeedModule[] = SEED_MODULES): string[] {
  const done = new Set((db.prepare('SELECT name FROM seed_runs').all() as { name: string }[]).map((row) => row.name));
  const record = db.prepare('INSERT INTO seed_runs (name, applied_at) VALUES (?, ?)');
  const ran: string[] = [];
  for (const module of modules) {
    if (done.has(module.name)) continue;
    db.transaction(() => {
      module.run({ db, now });
      record.run(module.name, now);
    })();
    ran.push(module.name);
  }
  return ran;
}
