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
 * - `TRUST_PROXY` (default off): who may name the client address in `X-Forwarded-For`. Behind a reverse proxy set it
 *   to the proxy's addresses or CIDRs (`10.0.0.1,10.0.0.0/24`), or `true` to trust every hop; otherwise every client
 *   would share the proxy's address and the sign-in limits of one attacker would lock out everyone. Off, the
 *   header is ignored, so a client cannot pick its own address.
 * - `CORS_ORIGINS` (default off): the page origins allowed to call the API from another origin, e.g.
 *   `https://portal.example.com,https://partner.example.net`, for pages that embed elements with an `api-base` on
 *   this server. Credentials are never involved: the session token travels in the `x-token` header.
 * - `EC_SEED_LANGUAGE` (default `zh_CN`, the console's default language; or `en_US`): the language of the demo data's
 *   texts (group names, remarks, rule names, messages). Both seeds hold the same objects; a database keeps the words it
 *   was seeded with, so start the English demo on a fresh `DB_PATH` (`npm run start:en` does both).
 * - `LOG_STORE` (default `duckdb`, or `clickhouse`): where edge log lines go. `LOG_DB_PATH` (default
 *   ./data/logs.duckdb, or `:memory:` when `DB_PATH` is `:memory:`) is DuckDB's file; `CLICKHOUSE_URL` (required for
 *   `clickhouse`) the ClickHouse server, e.g. `http://default:@localhost:8123/default`.
 * - `SMTP_URL` (default off): outgoing mail goes through this SMTP server (`smtp://user:pass@host:587`,
 *   `smtps://...`); off, mail is only kept in the outbox the demo host shows. `MAIL_FROM` sets the sender.
 *   The demo host's mail viewer (`/console/mail-viewer`, calls `V4/mail.outbox.*`) reads that outbox without a
 *   session, so a person mid-sign-in can read their verification code; it exists only while `SMTP_URL` is unset
 *   (with SMTP the mail really leaves and the calls answer 404). Without SMTP, whoever reaches the server reads the
 *   outbox: keep the default loopback `HOST`, or set `SMTP_URL`, before opening the server to a network.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SEED_LANGUAGE, SEED_LANGUAGES, type SeedLanguage } from './seed-module.js';

/** Settings of a running server. */
export interface ServerConfig {
  port: number;
  host: string;
  dbPath: string;
  frameAncestors: string;
  distDir: string;
  hostIndexPath: string;
  trustProxy: TrustProxy;
  corsOrigins: string[];
  seedLanguage: SeedLanguage;
  logStore: LogStoreConfig;
  /** Requests per second of the edge traffic simulator (EC_SIMULATOR_RATE, default 20; 0 turns it off). */
  simulatorRate: number;
  /** Its seed (EC_SIMULATOR_SEED; default: a fixed one, so a demo shows the same traffic from one start to the next). */
  simulatorSeed: number | undefined;
  /** SMTP server for outgoing mail (SMTP_URL); undefined keeps mail in the outbox. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail (MAIL_FROM); undefined for the default. */
  mailFrom: string | undefined;
}

/** Where edge log lines go (the log store's options; features/logs/store/index.ts). */
export interface LogStoreConfig {
  engine: 'duckdb' | 'clickhouse';
  path?: string;
  url?: string;
}

/** Reads `LOG_STORE`, `LOG_DB_PATH` and `CLICKHOUSE_URL`. */
export function readLogStoreConfig(env: NodeJS.ProcessEnv, dbPath: string): LogStoreConfig {
  const engine = (env.LOG_STORE ?? '').trim() || 'duckdb';
  if (engine === 'clickhouse') {
    if (!env.CLICKHOUSE_URL) throw new Error('LOG_STORE=clickhouse needs CLICKHOUSE_URL (e.g. http://default:@localhost:8123/default)');
    return { engine, url: env.CLICKHOUSE_URL };
  }
  if (engine !== 'duckdb') throw new Error(`LOG_STORE must be duckdb or clickhouse, got "${env.LOG_STORE}"`);
  return { engine, path: env.LOG_DB_PATH || (dbPath === ':memory:' ? ':memory:' : DEFAULT_LOG_DB_PATH) };
}

/** Fastify's `trustProxy`: off, every hop, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | string[];

/** Reads `TRUST_PROXY`; refuses values that are not one of its forms. */
export function readTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const proxies = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (proxies.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) return proxies;
  throw new Error(`TRUST_PROXY must be true, false or proxy addresses/CIDRs separated by commas, got "${value}"`);
}

/** Reads `CORS_ORIGINS`: exact origins (scheme, host, optional port, no path), separated by commas. */
export function readCorsOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new Error(`CORS_ORIGINS must list origins like https://portal.example.com (no path, no wildcard), got "${origin}"`);
    }
  }
  return origins.map((origin) => origin.replace(/\/$/, ''));
}

/** Reads `EC_SEED_LANGUAGE`; refuses a language the console does not have rather than seeding in the wrong one. */
export function readSeedLanguage(value: string | undefined): SeedLanguage {
  const text = (value ?? '').trim();
  if (text === '') return DEFAULT_SEED_LANGUAGE;
  const language = SEED_LANGUAGES.find((candidate) => candidate === text);
  if (!language) throw new Error(`EC_SEED_LANGUAGE must be ${SEED_LANGUAGES.join(' or ')}, got "${value}"`);
  return language;
}

/** Reads a non-negative number (EC_SIMULATOR_RATE); `fallback` when unset. */
export function readNonNegative(name: string, value: string | undefined, fallback: number): number {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  const number = Number(text);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a number ≥ 0, got "${value}"`);
  return number;
}

/** The API base every route is mounted under (DESIGN §3). */
export const API_BASE = '/api';
/** Where the console is served (shell §1); one value shared with the elements' links. */
export { CONSOLE_BASE } from '../../../core/config/console-base.js';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Defaults relative to the repository, so `npm start` works from the project folder. */
export const DEFAULT_DIST_DIR = resolve(repositoryRoot, 'dist');
/** The demo host's page, served for `/console/` and deep links. */
export const DEFAULT_HOST_INDEX = resolve(repositoryRoot, 'demo/host/index.html');
/** The default SQLite file. */
export const DEFAULT_DB_PATH = './data/console.db';
/** The default DuckDB log file. */
export const DEFAULT_LOG_DB_PATH = './data/logs.duckdb';

/** Reads the configuration, refusing values that would start a broken server. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const dbPath = env.DB_PATH || DEFAULT_DB_PATH;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dbPath,
    frameAncestors: env.FRAME_ANCESTORS || "'self'",
    distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : DEFAULT_DIST_DIR,
    hostIndexPath: DEFAULT_HOST_INDEX,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    corsOrigins: readCorsOrigins(env.CORS_ORIGINS),
    seedLanguage: readSeedLanguage(env.EC_SEED_LANGUAGE),
    simulatorRate: readNonNegative('EC_SIMULATOR_RATE', env.EC_SIMULATOR_RATE, 20),
    simulatorSeed: env.EC_SIMULATOR_SEED ? Math.trunc(readNonNegative('EC_SIMULATOR_SEED', env.EC_SIMULATOR_SEED, 0)) : undefined,
    logStore: readLogStoreConfig(env, dbPath),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
  };
}
