/**
 * Configuration of the reference server, read from the environment once at start (DESIGN §4).
 *
 * - `PORT` (default 8080).
 * - `HOST` (default 127.0.0.1): the demo seeds accounts with printed passwords, so it only listens on the loopback
 *   interface unless told otherwise; set `HOST=0.0.0.0` to reach it from another machine or a container's host.
 * - `DB_PATH` (default ./data/console.db, its folder is created when missing; `:memory:` keeps nothing).
 * - `FRAME_ANCESTORS` (default `'self'`): the CSP frame-ancestors sources, e.g. `'self' https://portal.example.com`,
 *   for hosts that embed the console in a frame.
 * - `DIST_DIR` (default ./dist): the built console.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settings of a running server. */
export interface ServerConfig {
  port: number;
  host: string;
  dbPath: string;
  frameAncestors: string;
  distDir: string;
  hostIndexPath: string;
}

/** The API base every route is mounted under (DESIGN §3). */
export const API_BASE = '/api';
/** Where the console is served (shell §1). */
export const CONSOLE_BASE = '/console';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Defaults relative to the repository, so `npm start` works from the project folder. */
export const DEFAULT_DIST_DIR = resolve(repositoryRoot, 'dist');
/** The demo host's page, served for `/console/` and deep links. */
export const DEFAULT_HOST_INDEX = resolve(repositoryRoot, 'demo/host/index.html');
/** The default SQLite file. */
export const DEFAULT_DB_PATH = './data/console.db';

/** Reads the configuration, refusing values that would start a broken server. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dbPath: env.DB_PATH || DEFAULT_DB_PATH,
    frameAncestors: env.FRAME_ANCESTORS || "'self'",
    distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : DEFAULT_DIST_DIR,
    hostIndexPath: DEFAULT_HOST_INDEX,
  };
}
