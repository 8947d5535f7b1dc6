/**
 * Writes the API's OpenAPI 3.1 document to `<dist>/openapi.json` (run by `npm run build`), from the same schemas the
 * reference server checks requests with, so a backend team can read the contract without starting the server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './app.js';
import { DEFAULT_DIST_DIR } from './platform/config.js';

const outputDir = process.env.EC_DIST_DIR || DEFAULT_DIST_DIR;
const app = await buildServer({ dbPath: ':memory:', seed: false });
await app.ready();
mkdirSync(outputDir, { recursive: true });
const file = join(outputDir, 'openapi.json');
const document = app.swagger() as { paths: Record<string, object> };
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
await app.close();
console.log(`OpenAPI document: ${file} (${Object.keys(document.paths).length} paths)`);
