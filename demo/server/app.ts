/**
 * The reference API server (DESIGN §4): Fastify over SQLite. `buildServer` assembles it without listening, so tests
 * drive it with `app.inject()` against an in-memory database and `main.ts` listens on the configured port.
 */
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import cors from '@fastify/cors';
import { AjvCompiler } from '@fastify/ajv-compiler';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { NOT_FOUND_CODE, RATE_LIMITED_CODE, SESSION_EXPIRED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import { API_BASE, DEFAULT_DIST_DIR, DEFAULT_HOST_INDEX, type TrustProxy } from './platform/config.js';
import { openDatabase } from './platform/database.js';
import { applyMigrations } from './platform/migrate.js';
import { runSeeds, type SeedLanguage } from './platform/seed-module.js';
import { fail } from './platform/http/envelope.js';
import { bodyDepthWithin, DEFAULT_BODY_LIMIT } from './platform/http/limits.js';
import type { MessageKey } from './platform/http/messages.js';
import './platform/instance.js';
import { createJobRunner } from './platform/jobs/runner.js';
import { consoleRoutes } from './platform/console-pages.js';
import { API_ROUTES, MIGRATIONS, ROUTE_SCHEMAS, SEED_MODULES } from './features/index.js';
import { attachMailer } from './features/mail/index.js';
import { accessKeyOpener } from './features/access/index.js';
import { attachSimulator, type SimulatorSetting } from './features/logs/simulator/index.js';
import { lazyLogStore, scheduleRetention, type LogStore, type LogStoreOptions } from './features/logs/store/index.js';
import { attachRouteSchemas, schemaIssues } from './platform/http/schemas.js';
import { OPENAPI_PATH, openApiOptions } from './platform/http/openapi.js';
import { earlySecurityHeaders, registerSecurityHeaders } from './platform/security/headers.js';
import { registerIdempotency, releasePendingKeys } from './platform/security/idempotency.js';
import { isRequestRateExceeded, registerRequestRateLimits } from './platform/security/request-rate.js';
import { sessionHook } from './platform/security/session.js';
import { signedCallers, verifySignedBody } from './platform/security/signed-requests.js';

/** How to build a server. */
export interface ServerOptions {
  /** SQLite file, or `:memory:` (tests). */
  dbPath: string;
  /** The clock, in milliseconds since the epoch; tests inject one to move time. */
  now?: () => number;
  /** Run the demo seed modules that have not run on this database yet (default true). */
  seed?: boolean;
  /** The language of the demo data's texts (EC_SEED_LANGUAGE; default zh_CN, the console's default language). */
  seedLanguage?: SeedLanguage;
  /** The built console (default ./dist). */
  distDir?: string;
  /** The demo host's page (default demo/host/index.html). */
  hostIndexPath?: string;
  /** CSP frame-ancestors sources (default `'self'`). */
  frameAncestors?: string;
  /** Fastify's logger setting (default off). */
  logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy (TRUST_PROXY): who may name the client address (default off). */
  trustProxy?: TrustProxy;
  /** Page origins allowed to call the API from another origin (CORS_ORIGINS); none by default. */
  corsOrigins?: readonly string[];
  /** Pause between job steps; 0 (default) runs steps back to back on the event loop. */
  jobStepDelayMs?: number;
  /** The edge traffic simulator: off by default (tests ask for it); `npm start` turns it on (EC_SIMULATOR_RATE). */
  simulator?: SimulatorSetting | false;
  /** The edge log store; it stays the caller's to close. Default: one opened from `logStoreOptions`. */
  logStore?: LogStore;
  /** Which log store to open (LOG_STORE, LOG_DB_PATH, CLICKHOUSE_URL); default in-memory DuckDB, opened on first use. */
  logStoreOptions?: LogStoreOptions;
  /** SMTP server for outgoing mail (SMTP_URL); none keeps every mail in the outbox only. */
  smtpUrl?: string;
  /** The sender of outgoing mail (MAIL_FROM). */
  mailFrom?: string;
}

/**
 * CORS for the listed origins only (DESIGN §2 cross-origin embedding). No credentials: the token is a header the
 * element sends, never a cookie, so no origin can ride a session the browser holds. The console's own headers are
 * allowed; Request-Id is exposed so a page can match a failure with the server's log.
 */
function corsOptions(origins: readonly string[]) {
  return {
    origin: [...origins],
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Accept', 'Accept-Language', 'Request-Id', 'x-token', 'x-time-zone', 'X-LANG', 'lang', 'Idempotency-Key'],
    exposedHeaders: ['Request-Id'],
    maxAge: 600,
  };
}

function transportMessage(status: number): MessageKey {
  if (status === 413) return 'payload-too-large';
  if (status === 415) return 'unsupported-media-type';
  return status < 500 ? 'bad-request' : 'server-error';
}

/**
 * One pool of request validators for every server this process builds. Fastify's default gives each instance its own
 * Ajv, which compiles every route schema again (about a second per server: most of a test server's start). The schemas
 * are module constants and the Ajv options are the same for every instance, so a validator compiled once serves all
 * (the pool is keyed by those options and the shared schemas, so a different configuration still gets its own Ajv).
 */
const SHARED_VALIDATORS = AjvCompiler();

/** An in-memory database with every migration applied, serialized once per process (see openMigratedDatabase). */
let migratedImage: Buffer | null = null;

/**
 * Opens and migrates the database. In-memory databases (tests start hundreds) start from a copy of one migrated
 * image instead of running every migration again; a file database migrates itself as it always has.
 */
function openMigratedDatabase(path: string, now: number) {
  if (path !== ':memory:') {
    const db = openDatabase(path);
    applyMigrations(db, MIGRATIONS, now);
    return db;
  }
  if (!migratedImage) {
    const template = openDatabase(path);
    applyMigrations(template, MIGRATIONS, now);
    migratedImage = template.serialize();
    template.close();
  }
  return openDatabase(path, migratedImage);
}

/** Builds the server: opens and migrates the database, seeds it, registers hooks and routes. Does not listen. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const db = openMigratedDatabase(options.dbPath, now());
  if (options.seed !== false) runSeeds(db, now(), SEED_MODULES, options.seedLanguage);
  releasePendingKeys(db);

  const frameAncestors = options.frameAncestors ?? "'self'";
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // The console's client sends a Request-Id GUID with every call; logging it ties a user's report to the log line.
    requestIdHeader: 'request-id',
    trustProxy: options.trustProxy ?? false,
    // Strict request schemas: a value of the wrong type is refused, never coerced (`dry_run: "true"` is not true),
    // and nothing is added to or removed from what the client sent.
    // Every wrong field is named (allErrors), at most the first 20 (schemaIssues).
    // A URL whose percent-encoding cannot be decoded never reaches a route or a hook: answer it here, with the
    // envelope and the security headers like every other refusal.
    frameworkErrors: (_error, _request, reply) => {
      reply.headers(earlySecurityHeaders(frameAncestors));
      return fail(reply, VALIDATION_FAILED_CODE, { key: 'bad-request', data: { errors: [{ field: 'url', key: 'common.format-error' }] }, httpStatus: 400 });
    },
    ajv: { customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: SHARED_VALIDATORS } },
  });
  const jobs = createJobRunner({
    db,
    now,
    stepDelayMs: options.jobStepDelayMs,
    onError: (error, job) => app.log.error({ err: error, job: job.id, type: job.type }, 'job step crashed'),
  });
  app.decorate('db', db);
  app.decorate('now', now);
  app.decorate('jobs', jobs);
  const logStore = options.logStore ?? lazyLogStore(options.logStoreOptions ?? {});
  app.decorate('logStore', logStore);
  let retention: ReturnType<typeof scheduleRetention> | null = null;
  app.addHook('onReady', async () => {
    jobs.start();
    retention = scheduleRetention(logStore, now, (error) => app.log.error({ err: error }, 'log retention prune failed'));
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await retention?.stop();
    if (!options.logStore) await logStore.close();
    db.close();
  });
  attachSimulator(app, options.simulator ?? false);
  attachMailer(app, { smtpUrl: options.smtpUrl, from: options.mailFrom });

  await registerSecurityHeaders(app, frameAncestors);

  // Transport faults (malformed JSON, body too large, wrong content type, crashes) keep their HTTP status but still
  // carry the envelope, so the console can show a message in the user's language.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return fail(reply, VALIDATION_FAILED_CODE, { data: { errors: schemaIssues(error.validation) }, httpStatus: 400 });
    }
    if (isRequestRateExceeded(error)) {
      const data = { retry_after: error.retryAfterSeconds };
      return fail(reply, RATE_LIMITED_CODE, { data, values: { minutes: Math.ceil(error.retryAfterSeconds / 60) }, httpStatus: 429 });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return fail(reply, status, { key: transportMessage(status), httpStatus: status });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url === API_BASE || request.url.startsWith(`${API_BASE}/`)) {
      return fail(reply, NOT_FOUND_CODE, { key: 'route-not-found', httpStatus: 404 });
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
  });

  // The API contract as OpenAPI 3.1, from the same schemas the requests are checked with.
  await app.register(swagger, openApiOptions());
  attachRouteSchemas(app, ROUTE_SCHEMAS);

  await app.register(
    async (api) => {
      // API answers over 1 KB travel compressed (brotli or gzip, as the browser accepts); the console's files are
      // compressed once at build time instead (platform/console-pages.ts).
      await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
      // Before the session hook: a preflight carries no token and is answered here.
      if (options.corsOrigins?.length) await api.register(cors, corsOptions(options.corsOrigins));
      await registerRequestRateLimits(api);
      api.decorateRequest('session', null);
      api.addHook('onRequest', sessionHook(db, now, signedCallers(db, accessKeyOpener(db))));
      api.addHook('preParsing', verifySignedBody((reply, key) => fail(reply, SESSION_EXPIRED_CODE, { key })));
      api.addHook('preValidation', async (request, reply) => {
        if (!bodyDepthWithin(request.body)) {
          return fail(reply, VALIDATION_FAILED_CODE, { data: { errors: [{ field: 'body', key: 'common.format-error' }] }, httpStatus: 400 });
        }
      });
      registerIdempotency(api);
      for (const routes of API_ROUTES) await routes(api);
      api.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );
  await consoleRoutes(app, {
    distDir: options.distDir ?? DEFAULT_DIST_DIR,
    hostIndexPath: options.hostIndexPath ?? DEFAULT_HOST_INDEX,
  });
  return app;
}
